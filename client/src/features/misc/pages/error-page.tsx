import { useTranslation } from 'react-i18next'
import { HomeLink } from '../components/home-link'
import { MiscShell } from '../components/misc-shell'

export default function ErrorPage() {
  const { t } = useTranslation()
  return (
    <MiscShell code="500" title={t('routes.miscError')} text={t('misc.error.text')}>
      <HomeLink />
    </MiscShell>
  )
}
