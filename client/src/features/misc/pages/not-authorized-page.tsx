import { useTranslation } from 'react-i18next'
import { HomeLink } from '../components/home-link'
import { MiscShell } from '../components/misc-shell'

export default function NotAuthorizedPage() {
  const { t } = useTranslation()
  return (
    <MiscShell code="403" title={t('routes.notAuthorized')} text={t('misc.notAuthorized.text')}>
      <HomeLink />
    </MiscShell>
  )
}
