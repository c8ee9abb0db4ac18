import { hasAdminClaim } from '../../../lib/jwt';
import { useSession } from '../../../lib/use-session';

export type StaffKind = 'admin' | 'reseller' | null;

/** Who is looking: the session user and whether they act as admin (role and token claim) or reseller. */
export function useViewer() {
  const session = useSession();
  const user = session.userData;
  const isAdmin = user?.role === 'admin' && hasAdminClaim(session.accessToken);
  const staff: StaffKind = isAdmin ? 'admin' : user?.role === 'reseller' ? 'reseller' : null;
  return { user, isAdmin, staff };
}
