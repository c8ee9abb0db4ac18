import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AuthResult } from '../../auth/auth.service'
import { messages } from '../../auth/messages'
import { isWeakPassword, type PasswordHasher } from '../../auth/passwords'
import { hashToken, type TokenService } from '../../auth/tokens'
import { toUserData } from '../../auth/user-data'
import type { Db } from '../../db/client'
import { DEFAULT_NOTIFICATIONS, users, type NotificationFlags, type SocialLinks, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
import type { MailService } from '../mail/mail.service'
import { emailChanges } from './account.tables'
import { emailHeldForUndo } from './email-hold'
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

const emailField = z
  .string()
  .trim()
  .max(320)
  .transform((v) => v.toLowerCase())
  .refine((v) => EMAIL.test(v), messages.emailInvalid)

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
    email: emailField,
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

const socialInput = z
  .object(Object.fromEntries(socialKeys.map((k) => [k, httpUrl(500)])))
  .partial()
  .strict()
const notificationInput = z
  .object(Object.fromEntries(notificationKeys.map((k) => [k, z.boolean()])))
  .partial()
  .strict()

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
  mail: MailService
  publicUrl: string
  /** How long the undo link mailed to the old address works, seconds. */
  emailUndoTtlSeconds: number
  now: () => Date
  /** An account row changed (settings, e-mail, password): cached callers and figures are dropped, here and in other processes. */
  onChanged?: () => void
}) {
  const { db, audit, passwords, tokens, mail, now } = deps
  const changed = () => deps.onChanged?.()

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
    let wrote = false
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
      wrote = true
      if (principal!.role !== 'client' || id !== principal!.userId) {
        const pick = (u: UserRow) => Object.fromEntries(Object.keys(set).map((k) => [k, u[k as keyof UserRow]]))
        await audit.write(tx, principal!, [{ action: `user.settings.${section}`, entity: 'user', entityId: id, before: pick(before), after: pick(after!) }])
      }
      return after!
    })
    if (wrote) changed()
    return toSettings(row)
  }

  async function updateGeneral(principal: Principal | null, userId: number | null | undefined, raw: unknown) {
    const parsed = generalInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    const input = parsed.data
    const id = targetOf(principal, userId)
    const fields: Record<string, string[]> = {}
    // The sign-in e-mail changes only through changeEmail, with a password (an access token alone would be a takeover).
    if (input.email !== undefined && input.email !== (await load(id)).email) {
      throw new AppError('PASSWORD_REQUIRED', messages.emailNeedsPassword, { email: [messages.emailNeedsPassword] })
    }
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
      // This device's new sign-in keeps whether the old one passed two-step verification.
      return tokens.issueRefresh(user.id, tx, principal!.twoStep)
    })
    changed()
    const accessToken = await tokens.signAccess({ userId: user.id, role: user.role, admin: user.role === 'admin', twoStep: principal!.twoStep })
    return { userData: toUserData(user, await cartItemsCount(db, user.id)), accessToken, refreshToken }
  }

  /** The password of whoever acts (the user, or the admin changing another user) must be given and match. */
  async function checkPassword(actorId: number, password: string | null | undefined): Promise<UserRow> {
    const actor = await load(actorId)
    if (!password) {
      throw new AppError('PASSWORD_REQUIRED', 'Confirm with your current password.', { currentPassword: ['Confirm with your current password.'] })
    }
    if (password.length > 1024 || !(await passwords.verify(actor.passwordHash, password))) {
      throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.', { currentPassword: ['The current password is wrong.'] })
    }
    return actor
  }

  /**
   * Changes the sign-in e-mail. Needs the caller's current password (an admin changing another
   * user's gives the admin's own; audited). The old address gets a single-use link that undoes
   * the change, and every sign-in of the account ends; the user changing their own gets a fresh
   * one for this device (`auth`).
   */
  async function changeEmail(
    principal: Principal | null,
    userId: number | null | undefined,
    raw: { email?: unknown; currentPassword?: unknown },
  ): Promise<{ settings: AccountSettings; auth: AuthResult | null }> {
    const scope = scopeOf(principal)
    const id = targetOf(principal, userId)
    const parsed = emailField.safeParse(raw.email)
    if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: parsed.error.issues.map((i) => i.message) })
    const email = parsed.data
    await checkPassword(scope.actorId, typeof raw.currentPassword === 'string' ? raw.currentPassword : null)
    const at = now()
    // In use: another account's address, or one another account may still take back with its undo link.
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, id)))
      .limit(1)
    const held = await emailHeldForUndo(db, email, at, id)
    if (taken || held) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
    const self = id === scope.actorId
    const undoToken = randomBytes(32).toString('base64url')
    try {
      const out = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update')
        if (!before) throw new AppError('NOT_FOUND', 'No such user')
        if (before.email === email) return { after: before, refreshToken: null }
        const [after] = await tx.update(users).set({ email, updatedAt: at }).where(eq(users.id, id)).returning()
        await tx.insert(emailChanges).values({
          userId: id,
          oldEmail: before.email,
          newEmail: email,
          changedBy: scope.actorId,
          undoTokenHash: hashToken(undoToken),
          createdAt: at,
          expiresAt: new Date(at.getTime() + deps.emailUndoTtlSeconds * 1000),
        })
        const link = `${deps.publicUrl.replace(/\/$/, '')}/account/undo-email-change?token=${undoToken}`
        const days = Math.max(1, Math.round(deps.emailUndoTtlSeconds / 86400))
        await mail.send(
          {
            to: before.email,
            subject: 'The sign-in e-mail of your account was changed',
            text:
              `The sign-in e-mail of your Channel Assistant account (${before.username}) was changed${self ? '' : ' by an administrator'} from ${before.email} to ${email}.\n\n` +
              `If this was not you, undo it here (valid for ${days} day${days === 1 ? '' : 's'}, once): ${link}\n` +
              `Undoing puts this address back and signs out every device; then choose a new password with "Forgot password".\n\n` +
              'If it was you, ignore this mail.',
          },
          tx,
          principal!,
        )
        await tokens.revokeAllForUser(id, tx)
        if (principal!.role !== 'client' || !self) {
          await audit.write(tx, principal!, [{ action: 'user.email', entity: 'user', entityId: id, before: { email: before.email }, after: { email } }])
        }
        return { after: after!, refreshToken: self ? await tokens.issueRefresh(id, tx, principal!.twoStep) : null }
      })
      const { after, refreshToken } = out
      changed()
      const auth = refreshToken
        ? {
            userData: toUserData(after, await cartItemsCount(db, after.id)),
            accessToken: await tokens.signAccess({ userId: after.id, role: after.role, admin: after.role === 'admin', twoStep: principal!.twoStep }),
            refreshToken,
          }
        : null
      return { settings: toSettings(after), auth }
    } catch (e) {
      const c = (e as { cause?: { code?: string }; code?: string }).cause ?? (e as { code?: string })
      if (c.code === '23505') throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
      throw e
    }
  }

  /**
   * The link mailed to the old address: puts it back, ends every sign-in of the account and
   * voids the account's other undo links (a later change by whoever took over cannot be
   * "undone" back to their address). Single use; refused when used, expired or unknown.
   */
  async function undoEmailChange(token: unknown): Promise<boolean> {
    const invalidLink = () => new AppError('UNDO_LINK_INVALID', 'This link is invalid, was already used or has expired.')
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalidLink()
    const at = now()
    await db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: at })
        .where(and(eq(emailChanges.undoTokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, at)))
        .returning()
      if (!change) throw invalidLink()
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, change.oldEmail), ne(users.id, change.userId)))
        .limit(1)
      if (other) throw new AppError('CONFLICT', 'Another account uses this address now; contact support.')
      await tx.update(users).set({ email: change.oldEmail, updatedAt: at }).where(eq(users.id, change.userId))
      await tx
        .update(emailChanges)
        .set({ usedAt: at })
        .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)))
      await tokens.revokeAllForUser(change.userId, tx)
    })
    changed()
    return true
  }

  return { get, updateGeneral, updateInfo, updateSocial, updateNotifications, changePassword, changeEmail, undoEmailChange }
}

export type AccountService = ReturnType<typeof createAccountService>
