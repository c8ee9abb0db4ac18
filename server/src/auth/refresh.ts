import { z } from 'zod'
import { AppError } from '../errors'
import { cartItemsCount } from '../modules/shop/cart-count'
import { findById, type AuthDeps, type AuthResult } from './auth-deps'
import { adminClaim } from './issue-session'
import { messages } from './messages'
import { toUserData } from './user-data'

export const refreshInput = z.object({ refreshToken: z.string() })

/** A new access token for a refresh token (which is rotated). */
export async function refresh(deps: AuthDeps, raw: unknown): Promise<AuthResult> {
  const token = refreshInput.safeParse(raw ?? {})
  if (!token.success) throw new AppError('INVALID_TOKEN', messages.invalidRefresh)
  const { userId, refreshToken, twoStep } = await deps.tokens.rotateRefresh(token.data.refreshToken)
  const user = await findById(deps, userId)
  if (!user) throw new AppError('INVALID_TOKEN', messages.invalidRefresh)
  // In firebase mode a removed admin claim, or a disabled or deleted Firebase user of any role, takes effect here.
  const admin = await adminClaim(deps, user).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'INVALID_TOKEN') throw new AppError('INVALID_TOKEN', messages.invalidRefresh)
    throw e
  })
  const accessToken = await deps.tokens.signAccess({ userId: user.id, role: user.role, admin, twoStep })
  return { userData: toUserData(user, await cartItemsCount(deps.db, user.id)), accessToken, refreshToken }
}

export async function logout({ tokens }: AuthDeps, raw: unknown): Promise<void> {
  const token = refreshInput.safeParse(raw ?? {})
  if (token.success) await tokens.revokeRefresh(token.data.refreshToken)
}
