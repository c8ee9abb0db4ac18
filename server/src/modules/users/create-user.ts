import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { messages } from '../../auth/messages'
import { isWeakPassword } from '../../auth/passwords'
import { botPanels, roles, users, type Role } from '../../db/schema'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { ADMIN_ABILITY, DEFAULT_ABILITY, type Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { emailHeldForUndo } from '../account/email-hold'
import type { UserView } from './user-view'
import { USERNAME, EMAIL, TWITCH, createInput, invalid, isUniqueViolation } from './user-inputs'
import { get } from './get-user'
import { resellerExists, changed } from './user-writes'
import type { UsersDeps } from './users.deps'

/**
 * POST /apps/user/users and GraphQL createUser. Admins create any role; resellers create
 * clients, who become theirs. A client needs a plan: a licence key (resellers: from their
 * pool) or, for admins, a plan name (a fresh key is made). The bot panel's switch starts
 * on; the client is 'inactive' until a channel is connected (active-client.ts). Without a password, the user is mailed a link
 * to choose one (valid INVITE_TTL).
 */
export async function create(deps: UsersDeps, principal: Principal | null, raw: unknown): Promise<UserView> {
  const { db, audit, plans, licences, passwords, passwordReset, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const parsed = createInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  const input = parsed.data
  const fields: Record<string, string[]> = {}
  const email = input.email.toLowerCase()
  const username = input.username
  if (!username) fields.username = [messages.usernameMissing]
  else if (!USERNAME.test(username)) fields.username = [messages.usernameInvalid]
  if (!email) fields.email = [messages.emailMissing]
  else if (!EMAIL.test(email)) fields.email = [messages.emailInvalid]
  if (input.password && isWeakPassword(input.password)) fields.password = [messages.passwordWeak]
  if (input.twitchname && !TWITCH.test(input.twitchname)) fields.twitchname = ['A Twitch name has 3 to 25 letters, digits or underscores.']
  let role: Role = 'client'
  if (input.role) {
    if (!(roles as readonly string[]).includes(input.role)) fields.role = [`One of ${roles.join(', ')}.`]
    else if (scope.kind !== 'all' && input.role !== 'client') fields.role = ['Resellers create clients only.']
    else role = input.role as Role
  }
  let resellerId: number | null = scope.kind === 'reseller' ? scope.actorId : null
  if (input.resellerId !== null && input.resellerId !== undefined) {
    const id = parseId(input.resellerId)
    if (scope.kind !== 'all') fields.resellerId = ['Only admins choose the reseller.']
    else if (!id || !(await resellerExists(db, id))) fields.resellerId = ['Not a reseller.']
    else resellerId = id
  }
  let planId: number | undefined
  if (input.currentPlan) {
    const plan = await plans.byName(input.currentPlan)
    if (scope.kind !== 'all') fields.currentPlan = ['Resellers hand out keys from their pool.']
    else if (!plan || plan.name === 'None') fields.currentPlan = ['No such plan.']
    else planId = plan.id
  }
  if (input.currentPlan && input.licenseKey) fields.licenseKey = ['Give a plan or a key, not both.']
  if (role === 'client' && !input.currentPlan && !input.licenseKey) {
    if (scope.kind === 'all') fields.currentPlan = ['Choose a plan or a licence key.']
    else fields.licenseKey = ['Choose a licence key from your pool.']
  }
  if (!fields.email || !fields.username) {
    const taken = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`)
    if (!fields.email && taken.some((t) => t.email === email)) fields.email = [messages.emailInUse]
    if (!fields.username && taken.some((t) => t.username.toLowerCase() === username.toLowerCase())) fields.username = [messages.usernameInUse]
    if (!fields.email && (await emailHeldForUndo(db, email, now()))) fields.email = [messages.emailInUse]
  }
  if (Object.keys(fields).length > 0) throw new AppError('BAD_USER_INPUT', 'Invalid user', fields)

  const passwordHash = await passwords.hash(input.password || randomBytes(32).toString('base64url'))
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      const at = now()
      const [user] = await tx
        .insert(users)
        .values({
          email,
          username,
          fullName: input.fullName ?? username,
          company: input.company,
          country: input.country,
          phone: input.contact,
          twitchname: input.twitchname,
          role,
          ability: role === 'admin' ? ADMIN_ABILITY : DEFAULT_ABILITY,
          resellerId,
          passwordHash,
          createdAt: at,
          updatedAt: at,
        })
        .returning()
      if (!user) throw new AppError('INTERNAL_SERVER_ERROR', 'User not created')
      await tx.insert(botPanels).values({ userId: user.id, active: true, updatedAt: at })
      const events: AuditEvent[] = [{ action: 'user.create', entity: 'user', entityId: user.id, before: null, after: { ...user, botPanel: { active: true } } }]
      const target = { id: user.id, role: user.role, resellerId: user.resellerId }
      if (input.licenseKey) {
        events.push(...(await licences.handOutInTx(tx, principal!, target, { licenseKey: input.licenseKey })))
      } else if (planId !== undefined) {
        events.push(...(await licences.handOutInTx(tx, principal!, target, { planId, totalDays: input.totalDays ?? 30 })))
      }
      if (!input.password) await passwordReset.invite(tx, user, deps.inviteTtlSeconds, principal!)
      await audit.write(tx, principal!, events)
      return user.id
    })
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_key')) throw new AppError('BAD_USER_INPUT', 'Invalid user', { email: [messages.emailInUse] })
    if (isUniqueViolation(e, 'users_username_lower_key')) {
      throw new AppError('BAD_USER_INPUT', 'Invalid user', { username: [messages.usernameInUse] })
    }
    throw e
  }
  changed(deps)
  return (await get(deps, principal, id))!
}
