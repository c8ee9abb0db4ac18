import { useTranslation } from 'react-i18next'
import { SubNav } from '../../components/ui/sub-nav'
import { usePageViews } from '../use-navigation'

/** Links to the other views of the current page (all channels / Kick only, v2), if it has any. */
export function PageViews() {
  const { t } = useTranslation()
  const views = usePageViews()
  if (views.length === 0) return null
  return <SubNav label={t('nav.pageViews')} items={views.map((view) => ({ to: view.path, label: t(`routes.${view.titleKey}`) }))} />
}
