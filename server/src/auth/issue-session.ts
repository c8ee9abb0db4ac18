import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { AppError } from '../errors'
import { cartItemsCount } from '../modules/shop/cart-count'
import type { AuthDeps, AuthResult } from './auth-deps'
import { toUserData } from './user-data'

/**
 * The access token's admin claim: an admin, and in firebase mode one whose Firebase user
 * carries `admin: true`. In firebase mode the Firebase user is asked for every role: a
 * disabled or deleted one throws INVALID_TOKEN there, which ends the sign-in at refresh.
 */
export async function adminClaim({ provider }: AuthDeps, user: UserRow): Promise<boolean> {
  if (!provider) return user.role === 'admin'
  const claim = await provider.adminClaim(user)
  return user.role === 'admin' && claim
}

export const refuseInFirebaseMode = ({ provider }: AuthDeps) => {
  if (provider) throw new AppError('BAD_USER_INPUT', 'Sign-in and registration go through Firebase Auth here (POST /jwt/firebase)')
}

/** A new sign-in; `twoStep`: it passed two-step verification (the access tokens say so). */
export async function issue(deps: AuthDeps, user: UserRow, tx: Db = deps.db, userAgent?: string, twoStep = false): Promise<AuthResult> {
  await deps.onSignIn?.(tx, user.id, userAgent)
  const admin = await adminClaim(deps, user)
  const [accessToken, refreshToken] = await Promise.all([
    deps.tokens.signAccess({ userId: user.id, role: user.role, admin, twoStep }),
    deps.tokens.issueRefresh(user.id, tx, twoStep),
  ])
  return { userData: toUserData(user, await cartItemsCount(tx, user.id)), accessToken, refreshToken }
}
