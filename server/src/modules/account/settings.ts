import { eq, sql } from 'drizzle-orm'
import { messages } from '../../auth/messages'
import { DEFAULT_NOTIFICATIONS, users, type NotificationFlags, type SocialLinks, type UserRow } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { load, targetOf, toSettings, type AccountDeps, type AccountSettings } from './account-deps'
import { generalInput, infoInput, invalid, notificationInput, socialInput } from './account-inputs'

type Target = number | null | undefined

export async function get({ db }: AccountDeps, principal: Principal | null, userId?: number | null): Promise<AccountSettings> {
  return toSettings(await load(db, targetOf(principal, userId)))
}

/** Writes one section of the settings in a transaction; audited unless a client changes their own. */
async function save(
  deps: AccountDeps,
  principal: Principal | null,
  userId: Target,
  section: string,
  build: (before: UserRow) => Partial<typeof users.$inferInsert>,
): Promise<AccountSettings> {
  const id = targetOf(principal, userId)
  let wrote = false
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'No such user')
    const set = Object.fromEntries(Object.entries(build(before)).filter(([, v]) => v !== undefined))
    if (Object.keys(set).length === 0) return before
    const [after] = await tx
      .update(users)
      .set({ ...set, updatedAt: deps.now() })
      .where(eq(users.id, id))
      .returning()
    wrote = true
    if (principal!.role !== 'client' || id !== principal!.userId) {
      const pick = (u: UserRow) => Object.fromEntries(Object.keys(set).map((k) => [k, u[k as keyof UserRow]]))
      await deps.audit.write(tx, principal!, [{ action: `user.settings.${section}`, entity: 'user', entityId: id, before: pick(before), after: pick(after!) }])
    }
    return after!
  })
  if (wrote) deps.onChanged?.()
  return toSettings(row)
}

export async function updateGeneral(deps: AccountDeps, principal: Principal | null, userId: Target, raw: unknown) {
  const parsed = generalInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  const input = parsed.data
  const id = targetOf(principal, userId)
  const fields: Record<string, string[]> = {}
  // The sign-in e-mail changes only through changeEmail, with a password (an access token alone would be a takeover).
  if (input.email !== undefined && input.email !== (await load(deps.db, id)).email) {
    throw new AppError('PASSWORD_REQUIRED', messages.emailNeedsPassword, { email: [messages.emailNeedsPassword] })
  }
  if (input.email !== undefined || input.username !== undefined) {
    const taken = await deps.db
      .select({ id: users.id, email: users.email, username: users.username })
      .from(users)
      .where(sql`(${users.email} = ${input.email ?? ''} or lower(${users.username}) = lower(${input.username ?? ''})) and ${users.id} <> ${id}`)
    if (input.email && taken.some((t) => t.email === input.email)) fields.email = [messages.emailInUse]
    if (input.username && taken.some((t) => t.username.toLowerCase() === input.username!.toLowerCase())) fields.username = [messages.usernameInUse]
  }
  if (Object.keys(fields).length) throw new AppError('BAD_USER_INPUT', 'Invalid settings', fields)
  try {
    return await save(deps, principal, id, 'general', () => input)
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
    throw e
  }
}

export async function updateInfo(deps: AccountDeps, principal: Principal | null, userId: Target, raw: unknown) {
  const parsed = infoInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  return save(deps, principal, userId, 'info', () => parsed.data)
}

export async function updateSocial(deps: AccountDeps, principal: Principal | null, userId: Target, raw: unknown) {
  const parsed = socialInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  return save(deps, principal, userId, 'social', (before) => ({ social: { ...before.social, ...(parsed.data as Partial<SocialLinks>) } }))
}

export async function updateNotifications(deps: AccountDeps, principal: Principal | null, userId: Target, raw: unknown) {
  const parsed = notificationInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  return save(deps, principal, userId, 'notification', (before) => ({
    notifications: { ...DEFAULT_NOTIFICATIONS, ...before.notifications, ...(parsed.data as Partial<NotificationFlags>) },
  }))
}
