import { useTranslation } from 'react-i18next'
import { HomeLink } from '../components/home-link'
import { MiscShell } from '../components/misc-shell'

export default function ComingSoonPage() {
  const { t } = useTranslation()
  return (
    <MiscShell title={t('routes.comingSoon')} text={t('misc.comingSoon.text')}>
      <HomeLink />
    </MiscShell>
  )
}
