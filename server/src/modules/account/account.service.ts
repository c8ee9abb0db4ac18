import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AuthResult } from '../../auth/auth.service'
import { messages } from '../../auth/messages'
import { isWeakPassword, type PasswordHasher } from '../../auth/passwords'
import type { TokenService } from '../../auth/tokens'
import { toUserData } from '../../auth/user-data'
import type { Db } from '../../db/client'
import { DEFAULT_NOTIFICATIONS, users, type NotificationFlags, type SocialLinks, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'

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

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'An http(s) address.')

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => (v ? v : null))

const generalInput = z
  .object({
    /** An http(s) address or a path of this site. */
    avatar: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))[^\s]*$/i.test(v), 'An http(s) address or a path of this site.')
      .nullable()
      .transform((v) => (v ? v : null)),
    username: z.string().trim().regex(USERNAME, messages.usernameInvalid),
    fullName: nullableText(100),
    email: z
      .string()
      .trim()
      .max(320)
      .transform((v) => v.toLowerCase())
      .refine((v) => EMAIL.test(v), messages.emailInvalid),
    company: nullableText(100),
  })
  .partial()
  .strict()

const infoInput = z
  .object({
    bio: nullableText(1000),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '1900-01-01', 'A date, YYYY-MM-DD.')
      .nullable(),
    country: nullableText(100),
    website: httpUrl(500)
      .nullable()
      .transform((v) => (v ? v : null)),
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[+0-9 ()./-]{3,40}$/.test(v), 'A phone number.')
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .partial()
  .strict()

const socialInput = z.object(Object.fromEntries(socialKeys.map((k) => [k, httpUrl(500)]))).partial().strict()
const notificationInput = z.object(Object.fromEntries(notificationKeys.map((k) => [k, z.boolean()]))).partial().strict()

function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid settings', fields)
}

export function createAccountService(deps: {
  db: Db
  audit: AuditService
  passwords: PasswordHasher
  tokens: TokenService
  now: () => Date
}) {
  const { db, audit, passwords, tokens, now } = deps

  /** The caller, or (admins only) another user. */
  function targetOf(principal: Principal | null, userId?: number | null): number {
    const scope = scopeOf(principal)
    if (userId === undefined || userId === null || userId === scope.actorId) return scope.actorId
    requireAdmin(scope)
    return userId
  }

  async function load(id: number, tx: Db = db): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, id))
    if (!row) throw new AppError('NOT_FOUND', 'No such user')
    return row
  }

  async function get(principal: Principal | null, userId?: number | null): Promise<AccountSettings> {
    return toSettings(await load(targetOf(principal, userId)))
  }

  async function save(
    principal: Principal | null,
    userId: number | null | undefined,
    section: string,
    build: (before: UserRow) => Partial<typeof users.$inferInsert>,
  ): Promise<AccountSettings> {
    const id = targetOf(principal, userId)
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'No such user')
      const set = Object.fromEntries(Object.entries(build(before)).filter(([, v]) => v !== undefined))
      if (Object.keys(set).length === 0) return before
      const [after] = await tx
        .update(users)
        .set({ ...set, updatedAt: now() })
        .where(eq(users.id, id))
        .returning()
      if (principal!.role !== 'client' || id !== principal!.userId) {
        const pick = (u: UserRow) => Object.fromEntries(Object.keys(set).map((k) => [k, u[k as keyof UserRow]]))
        await audit.write(tx, principal!, [
          { action: `user.settings.${section}`, entity: 'user', entityId: id, before: pick(before), after: pick(after!) },
        ])
      }
      return after!
    })
    return toSettings(row)
  }

  async function updateGeneral(principal: Principal | null, userId: number | null | undefined, raw: unknown) {
    const parsed = generalInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    const input = parsed.data
    const id = targetOf(principal, userId)
    const fields: Record<string, string[]> = {}
    if (input.email !== undefined || input.username !== undefined) {
      const taken = await db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(sql`(${users.email} = ${input.email ?? ''} or lower(${users.username}) = lower(${input.username ?? ''})) and ${users.id} <> ${id}`)
      if (input.email && taken.some((t) => t.email === input.email)) fields.email = [messages.emailInUse]
      if (input.username && taken.some((t) => t.username.toLowerCase() === input.username!.toLowerCase())) fields.username = [messages.usernameInUse]
    }
    if (Object.keys(fields).length) throw new AppError('BAD_USER_INPUT', 'Invalid settings', fields)
    try {
      return await save(principal, id, 'general', () => input)
    } catch (e) {
      const c = (e as { cause?: { code?: string }; code?: string }).cause ?? (e as { code?: string })
      if (c.code === '23505') throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
      throw e
    }
  }

  async function updateInfo(principal: Principal | null, userId: number | null | undefined, raw: unknown) {
    const parsed = infoInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    return save(principal, userId, 'info', () => parsed.data)
  }

  async function updateSocial(principal: Principal | null, userId: number | null | undefined, raw: unknown) {
    const parsed = socialInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    return save(principal, userId, 'social', (before) => ({ social: { ...before.social, ...(parsed.data as Partial<SocialLinks>) } }))
  }

  async function updateNotifications(principal: Principal | null, userId: number | null | undefined, raw: unknown) {
    const parsed = notificationInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    return save(principal, userId, 'notification', (before) => ({
      notifications: { ...DEFAULT_NOTIFICATIONS, ...before.notifications, ...(parsed.data as Partial<NotificationFlags>) },
    }))
  }

  /**
   * The caller's own password: the current one must match; every sign-in of the user ends
   * (other devices included) and a fresh one is returned for this device.
   */
  async function changePassword(principal: Principal | null, currentPassword: string, newPassword: string): Promise<AuthResult> {
    const scope = scopeOf(principal)
    const user = await load(scope.actorId)
    if (!(await passwords.verify(user.passwordHash, currentPassword))) {
      throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.', { currentPassword: ['The current password is wrong.'] })
    }
    if (isWeakPassword(newPassword)) throw new AppError('WEAK_PASSWORD', messages.passwordWeak, { newPassword: [messages.passwordWeak] })
    const passwordHash = await passwords.hash(newPassword)
    const refreshToken = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id))
      await tokens.revokeAllForUser(user.id, tx)
      if (principal!.role !== 'client') {
        await audit.write(tx, principal!, [{ action: 'user.password', entity: 'user', entityId: user.id, before: null, after: null }])
      }
      return tokens.issueRefresh(user.id, tx)
    })
    const accessToken = await tokens.signAccess({ userId: user.id, role: user.role, admin: user.role === 'admin' })
    return { userData: toUserData(user), accessToken, refreshToken }
  }

  return { get, updateGeneral, updateInfo, updateSocial, updateNotifications, changePassword }
}

export type AccountService = ReturnType<typeof createAccountService>
