import { useTranslation } from 'react-i18next'
import { HomeLink } from '../components/home-link'
import { MiscShell } from '../components/misc-shell'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <MiscShell code="404" title={t('routes.error404')} text={t('misc.notFound.text')}>
      <HomeLink />
    </MiscShell>
  )
}
