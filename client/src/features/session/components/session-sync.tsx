import { useEffect, useRef } from 'react'
import { ViewerDocument } from '../graphql/viewer.generated'
import { useQuery } from '@apollo/client/react'
import { getUserData, updateUserData } from '../../../lib/session'
import { parseUserData } from '../../../lib/session-types'

/** A tab shown again re-reads the user when the last read is older than this. */
export const REREAD_AFTER_MS = 60_000

/**
 * Re-reads the signed-in user (Query.viewer) a moment after the app's first page has been painted
 * (app/components/app-graphql.tsx) and stores any change (role, ability, name, the team modules the menu shows), so menus and
 * route guards follow the server. It reads again when the tab comes back into view after
 * a while (a team group changed by the owner, a role changed by staff, meanwhile). A null viewer
 * is ignored: the session ends through the refresh logic, not here.
 */
export function SessionSync() {
  // No de-duplication: a save that changes the user (name, e-mail) refetches 'Viewer' when it
  // is done, and must not be handed the answer of a read sent before the save.
  const { data, refetch } = useQuery(ViewerDocument, { fetchPolicy: 'network-only', context: { queryDeduplication: false } })
  const viewer = data?.viewer

  // When the last answer came (0: none yet).
  const readAt = useRef(0)
  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState !== 'visible' || readAt.current === 0 || Date.now() - readAt.current < REREAD_AFTER_MS) return
      readAt.current = Date.now()
      void refetch().catch(() => undefined)
    }
    document.addEventListener('visibilitychange', onShown)
    return () => document.removeEventListener('visibilitychange', onShown)
  }, [refetch])

  useEffect(() => {
    if (!viewer) return
    readAt.current = Date.now()
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
