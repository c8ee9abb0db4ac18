import { useEffect } from 'react'
import { ViewerDocument } from '../graphql/viewer.generated'
import { useQuery } from '@apollo/client/react'
import { getUserData, updateUserData } from '../../../lib/session'
import { parseUserData } from '../../../lib/session-types'

/**
 * Re-reads the signed-in user (Query.viewer) a moment after the app's first page has been painted
 * (app/components/app-graphql.tsx) and stores any change (role, ability, name, the team modules the menu shows), so menus and
 * route guards follow the server. A null viewer is ignored: the session ends through the
 * refresh logic, not here.
 */
export function SessionSync() {
  // No de-duplication: a save that changes the user (name, e-mail) refetches 'Viewer' when it
  // is done, and must not be handed the answer of a read sent before the save.
  const { data } = useQuery(ViewerDocument, { fetchPolicy: 'network-only', context: { queryDeduplication: false } })
  const viewer = data?.viewer

  useEffect(() => {
    if (!viewer) return
    const fresh = parseUserData({
      id: viewer.id,
      fullName: viewer.fullName,
      username: viewer.username,
      avatar: viewer.avatar,
      email: viewer.email,
      role: viewer.role,
      ability: viewer.ability.map(({ action, subject, inverted }) => ({ action, subject, inverted })),
      extras: { eCommerceCartItemsCount: viewer.extras.eCommerceCartItemsCount },
      ...(viewer.teamModules ? { teamModules: [...viewer.teamModules] } : {}),
    })
    const stored = getUserData()
    if (fresh && stored && JSON.stringify(fresh) !== JSON.stringify(stored)) updateUserData(fresh)
  }, [viewer])

  return null
}
