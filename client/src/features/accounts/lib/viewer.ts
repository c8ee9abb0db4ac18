import { useAbility } from '../../../lib/ability-context'
import { useSession } from '../../../lib/use-session'

export type StaffKind = 'admin' | 'reseller' | null

/**
 * Who is looking: the session user and, from the ability (the server's rules), whether they
 * act as admin (manage User: only with the admin claim) or as staff (update User: resellers).
 */
export function useViewer() {
  const session = useSession()
  const ability = useAbility()
  const user = session.userData
  const isAdmin = ability.can('manage', 'User')
  const staff: StaffKind = isAdmin ? 'admin' : ability.can('update', 'User') ? 'reseller' : null
  return { user, isAdmin, staff }
}
