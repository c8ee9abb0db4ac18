import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { useAbility } from '../lib/ability-context'
import { useSession } from '../lib/use-session'
import { type NavItem, type NavSection, pageViews, visibleNavigation } from './navigation'

export function useNavigation(): NavSection[] {
  const { userData, accessToken } = useSession()
  const ability = useAbility()
  return useMemo(() => visibleNavigation(userData, { ability, accessToken }), [userData, ability, accessToken])
}

/** The other views of the current page (see PAGE_VIEWS). */
export function usePageViews(): NavItem[] {
  const { pathname } = useLocation()
  const { accessToken } = useSession()
  const ability = useAbility()
  return useMemo(() => pageViews(pathname, { ability, accessToken }), [pathname, ability, accessToken])
}
