import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { StyledButtonLink } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledPanel } from '../../../components/ui/panel'
import { landingPathForRole } from '../../../lib/paths'
import { useSession } from '../../../lib/use-session'

/** Shown in place of a page the signed-in user may open but not use (e.g. another user's settings). */
export function NotAuthorizedContent({ title, message }: { title: string; message?: string }) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const { userData } = useSession()
  return (
    <StyledPanel data-testid="not-authorized-content">
      <PageHeader title={title} />
      <Alert variant="warning">{message ?? t('common.notAuthorized')}</Alert>
      <StyledButtonLink to={landingPathForRole(userData?.role)}>{tShared('misc.backHome')}</StyledButtonLink>
    </StyledPanel>
  )
}
