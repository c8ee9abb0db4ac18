import type { Db } from '../db/client'
import { signAccess, verifyAccess } from './access-token'
import { issueRefresh, revokeAllForUser, revokeRefresh, rotateRefresh } from './refresh-token'
import { tokenDeps, type AccessClaims, type TokenSettings } from './token-deps'

export { hashToken, type AccessClaims, type TokenSettings } from './token-deps'

/** Access tokens (access-token.ts) and refresh-token families (refresh-token.ts) over one set of deps. */
export function createTokenService(db: Db, settings: TokenSettings) {
  const deps = tokenDeps(db, settings)
  return {
    signAccess: (claims: AccessClaims) => signAccess(deps, claims),
    verifyAccess: (token: string) => verifyAccess(deps, token),
    issueRefresh: (userId: number, tx?: Db, twoStep?: boolean) => issueRefresh(deps, userId, tx, twoStep),
    rotateRefresh: (token: string) => rotateRefresh(deps, token),
    revokeRefresh: (token: string) => revokeRefresh(deps, token),
    revokeAllForUser: (userId: number, tx?: Db) => revokeAllForUser(deps, userId, tx),
  }
}

export type TokenService = ReturnType<typeof createTokenService>
