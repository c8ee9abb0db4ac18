import { useTranslation } from 'react-i18next'
import { StyledButtonLink } from '../../../components/ui/button'
import { PATHS, landingPathForRole } from '../../../lib/paths'
import { useSession } from '../../../lib/use-session'

/** "Back to home": the user's landing place, or the login page when signed out. */
export function HomeLink() {
  const { t } = useTranslation()
  const { signedIn, userData } = useSession()
  const target = signedIn ? landingPathForRole(userData?.role) : PATHS.login
  return (
    <StyledButtonLink to={target} data-testid="back-home">
      {t('misc.backHome')}
    </StyledButtonLink>
  )
}
