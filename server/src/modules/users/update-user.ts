import { and, eq } from 'drizzle-orm'
import { messages } from '../../auth/messages'
import { botPanels, users } from '../../db/schema'
import { channels } from '../channels/channels.tables'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { ADMIN_ABILITY, DEFAULT_ABILITY, type Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import type { UserView } from './user-view'
import { EMAIL, TWITCH, updateInput, invalid, isUniqueViolation } from './user-inputs'
import { get } from './get-user'
import { lockTarget, resellerExists, changed } from './user-writes'
import type { UsersDeps } from './users.deps'

/**
 * GraphQL updateUser. Anyone in scope: fullName, company, country, contact, twitchname,
 * bot panel flags; email: the user themself or an admin. Admins only: role, package, resellerId.
 */
export async function update(deps: UsersDeps, principal: Principal | null, id: number, raw: unknown): Promise<UserView> {
  const { db, audit, plans, now } = deps
  const scope = scopeOf(principal)
  const parsed = updateInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  const input = parsed.data
  const fields: Record<string, string[]> = {}
  if (scope.kind !== 'all') {
    for (const k of ['role', 'package', 'resellerId'] as const) {
      if (input[k] !== undefined) fields[k] = [k === 'package' ? 'Only admins change the package; assign a licence instead.' : 'Only admins change this.']
    }
    // The email signs in and receives reset links: a reseller changing a client's would take the account over.
    if (input.email !== undefined && id !== scope.actorId) fields.email = ['Only the user or an admin changes the email.']
    if (Object.keys(fields).length) throw new AppError('FORBIDDEN', 'Only admins may change this', fields)
  }
  const email = input.email?.toLowerCase()
  if (email !== undefined && !EMAIL.test(email)) fields.email = [email ? messages.emailInvalid : messages.emailMissing]
  if (input.twitchname && !TWITCH.test(input.twitchname)) fields.twitchname = ['A Twitch name has 3 to 25 letters, digits or underscores.']
  let pkg: string | undefined
  if (input.package !== undefined) {
    const plan = input.package === 'None' ? { name: 'None' } : await plans.byName(input.package)
    if (!plan) fields.package = ['No such plan.']
    else pkg = plan.name
  }
  let resellerId: number | null | undefined
  if (input.resellerId !== undefined) {
    resellerId = input.resellerId === null ? null : (parseId(input.resellerId) ?? undefined)
    if (resellerId === undefined || (resellerId !== null && !(await resellerExists(db, resellerId)))) fields.resellerId = ['Not a reseller.']
  }
  if (input.role !== undefined && id === scope.actorId && input.role !== principal!.role) fields.role = ['You cannot change your own role.']
  if (Object.keys(fields).length) throw new AppError('BAD_USER_INPUT', 'Invalid user', fields)

  let touchedChannels: number[] = []
  try {
    await db.transaction(async (tx) => {
      const before = await lockTarget(tx, scope, id)
      // The sign-in e-mail changes only through changeEmail, with a password, an undo link to the old address and sessions ended.
      if (email !== undefined && email !== before.email) {
        throw new AppError('PASSWORD_REQUIRED', messages.emailNeedsPassword, { email: [messages.emailNeedsPassword] })
      }
      const at = now()
      const changes = {
        fullName: input.fullName,
        email,
        company: input.company,
        country: input.country,
        phone: input.contact,
        twitchname: input.twitchname,
        role: input.role,
        ability: input.role !== undefined && input.role !== before.role ? (input.role === 'admin' ? ADMIN_ABILITY : DEFAULT_ABILITY) : undefined,
        package: pkg,
        resellerId,
      }
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
      const events: AuditEvent[] = []
      if (Object.keys(set).length) {
        const [after] = await tx
          .update(users)
          .set({ ...set, updatedAt: at })
          .where(eq(users.id, id))
          .returning()
        const beforeShape: Record<string, unknown> = {}
        const afterShape: Record<string, unknown> = {}
        for (const k of Object.keys(set)) {
          beforeShape[k] = before[k as keyof typeof before]
          afterShape[k] = after![k as keyof typeof after]
        }
        events.push({ action: 'user.update', entity: 'user', entityId: id, before: beforeShape, after: afterShape })
      }
      if (input.botPanel && Object.keys(input.botPanel).length) {
        // The channels are the one source of truth: the user-level panel (the spec's Botpanel)
        // applies to each of the user's own channels, and reads back from them (channels service).
        const bp = input.botPanel
        const channelSet = Object.fromEntries(
          Object.entries({ active: bp.active, autostart: bp.autostart, chatBot: bp.chatbot, categoryChatBot: bp.categoryChatbot }).filter(
            ([, v]) => v !== undefined,
          ),
        )
        touchedChannels = (
          await tx
            .update(channels)
            .set({ ...channelSet, updatedAt: at })
            .where(and(eq(channels.userId, id), eq(channels.sandbox, false)))
            .returning({ id: channels.id })
        ).map((row) => row.id)
        const [panelBefore] = await tx.select().from(botPanels).where(eq(botPanels.userId, id))
        const [panelAfter] = await tx
          .insert(botPanels)
          .values({ userId: id, ...input.botPanel, updatedAt: at })
          .onConflictDoUpdate({ target: botPanels.userId, set: { ...input.botPanel, updatedAt: at } })
          .returning()
        const pick = (p: typeof panelAfter) => (p ? { active: p.active, autostart: p.autostart, chatbot: p.chatbot, categoryChatbot: p.categoryChatbot } : null)
        events.push({ action: 'user.botPanel', entity: 'user', entityId: id, before: { botPanel: pick(panelBefore) }, after: { botPanel: pick(panelAfter) } })
      }
      await audit.write(tx, principal!, events)
    })
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_key')) throw new AppError('BAD_USER_INPUT', 'Invalid user', { email: [messages.emailInUse] })
    throw e
  }
  changed(deps)
  if (touchedChannels.length) deps.onChannelsChanged?.(touchedChannels)
  if (pkg !== undefined) deps.onLicenceChanged?.([id])
  return (await get(deps, principal, id))!
}
