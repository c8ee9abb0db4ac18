import { eq } from 'drizzle-orm'
import type { AuthResult } from '../../auth/auth.service'
import type { PasswordHasher } from '../../auth/passwords'
import type { TokenService } from '../../auth/tokens'
import { toUserData } from '../../auth/user-data'
import type { Db } from '../../db/client'
import { DEFAULT_NOTIFICATIONS, users, type NotificationFlags, type SocialLinks, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
import type { MailService } from '../mail/mail.service'
import { cartItemsCount } from '../shop/cart-count'

/** /account-setting/data and GraphQL `accountSettings`: the spec's account settings (section 3). */
export interface AccountSettings {
  general: { avatar: string | null; username: string; fullName: string | null; email: string; company: string | null }
  info: { bio: string | null; dob: string | null; country: string | null; website: string | null; phone: string | null }
  social: {
    socialLinks: SocialLinks
    /** Connected streaming accounts (the Twitch name of the user record). */
    connections: { twitch: { id: string } | Record<string, never> }
  }
  notification: NotificationFlags
}

export const socialKeys = ['twitter', 'facebook', 'google', 'linkedIn', 'instagram', 'quora'] as const
export const notificationKeys = Object.keys(DEFAULT_NOTIFICATIONS) as Array<keyof NotificationFlags>

export function toSettings(u: UserRow): AccountSettings {
  return {
    general: { avatar: u.avatar, username: u.username, fullName: u.fullName, email: u.email, company: u.company },
    info: { bio: u.bio, dob: u.dob, country: u.country, website: u.website, phone: u.phone },
    social: {
      socialLinks: Object.fromEntries(socialKeys.map((k) => [k, u.social[k] ?? ''])) as unknown as SocialLinks,
      connections: { twitch: u.twitchname ? { id: u.twitchname } : {} },
    },
    notification: { ...DEFAULT_NOTIFICATIONS, ...u.notifications },
  }
}

/** What createAccountService is given, and what its use cases share. */
export interface AccountDeps {
  db: Db
  audit: AuditService
  passwords: PasswordHasher
  tokens: TokenService
  mail: MailService
  publicUrl: string
  /** How long the undo link mailed to the old address works, seconds. */
  emailUndoTtlSeconds: number
  now: () => Date
  /** An account row changed (settings, e-mail, password): cached callers and figures are dropped, here and in other processes. */
  onChanged?: () => void
}

/** The caller, or (admins only) another user. */
export function targetOf(principal: Principal | null, userId?: number | null): number {
  const scope = scopeOf(principal)
  if (userId === undefined || userId === null || userId === scope.actorId) return scope.actorId
  requireAdmin(scope)
  return userId
}

export async function load(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'No such user')
  return row
}

/** This device's new sign-in after a password or e-mail change (it keeps whether the old one passed two-step verification). */
export async function freshSignIn({ db, tokens }: AccountDeps, user: UserRow, refreshToken: string, twoStep: boolean | undefined): Promise<AuthResult> {
  const accessToken = await tokens.signAccess({ userId: user.id, role: user.role, admin: user.role === 'admin', twoStep })
  return { userData: toUserData(user, await cartItemsCount(db, user.id)), accessToken, refreshToken }
}
