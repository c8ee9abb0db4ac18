import { useTranslation } from 'react-i18next'
import { HomeLink } from '../components/home-link'
import { MiscShell } from '../components/misc-shell'

export default function UnderMaintenancePage() {
  const { t } = useTranslation()
  return (
    <MiscShell title={t('routes.underMaintenance')} text={t('misc.underMaintenance.text')}>
      <HomeLink />
    </MiscShell>
  )
}
