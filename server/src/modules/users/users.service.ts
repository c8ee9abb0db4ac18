import { randomBytes } from 'node:crypto'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { messages } from '../../auth/messages'
import { isWeakPassword, type PasswordHasher } from '../../auth/passwords'
import type { PasswordResetService } from '../../auth/password-reset'
import type { Db } from '../../db/client'
import { CountCache } from '../../db/count-cache'
import { createRawQuery } from '../../db/raw'
import { botPanels, roles, users, type Role } from '../../db/schema'
import { channels } from '../channels/channels.tables'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { decodeCursor, encodeCursor, invalidCursor, type Connection } from '../../db/paging'
import { ADMIN_ABILITY, DEFAULT_ABILITY, type Principal } from '../../permissions/abilities'
import { requireAdmin, requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import type { AuditEvent, AuditService } from '../audit/audit.service'
import type { LicencesService } from '../licences/licences.service'
import { emailHeldForUndo } from '../account/email-hold'
import type { PlansService } from '../plans/plans.service'
import { deriveLicence, utcDay, type UserView } from './user-view'

/** The whitelisted sorts: each has a btree index (expression, id) over the listed users. */
const SORTS = {
  id: { expr: sql`u.id`, cast: sql.raw('bigint') },
  username: { expr: sql`lower(u.username)`, cast: sql.raw('text') },
  fullName: { expr: sql`lower(coalesce(u.full_name, ''))`, cast: sql.raw('text') },
  email: { expr: sql`u.email`, cast: sql.raw('text') },
  role: { expr: sql`u.role`, cast: sql.raw('text') },
  currentPlan: { expr: sql`u.package`, cast: sql.raw('text') },
  createdAt: { expr: sql`u.created_at`, cast: sql.raw('timestamptz') },
} as const
export type SortKey = keyof typeof SORTS
export const sortKeys = Object.keys(SORTS) as SortKey[]
/** Names the spec's client may send for the same sorts. */
const SORT_ALIASES: Record<string, SortKey> = { user: 'fullName', package: 'currentPlan', plan: 'currentPlan', timestamp: 'createdAt' }

export function parseSort(sortBy: string | null | undefined): SortKey {
  const key = !sortBy ? 'id' : (SORT_ALIASES[sortBy] ?? sortBy)
  if (!(sortKeys as string[]).includes(key)) {
    throw new AppError('BAD_USER_INPUT', 'Unknown sort', { sortBy: [`One of ${sortKeys.join(', ')}.`] })
  }
  return key as SortKey
}

export interface UserFilter {
  q?: string | null
  role?: string | null
  plan?: string | null
  status?: string | null
  /** Every account in scope, not only those with a package (the spec's list). */
  everyAccount?: boolean | null
}

interface CheckedFilter {
  everyAccount?: boolean
  q?: string
  role?: Role
  plan?: string
  status?: 'active' | 'inactive'
}

const LISTED = sql.raw(`u.package <> 'None'`)
const ACTIVE_LICENCE = sql.raw(`l.status = 'active'`)

/**
 * A LIMIT in the statement's text for the page sizes the dashboard asks for (and the one row
 * more a connection reads), so a first page's prepared statement has no parameter and
 * PostgreSQL plans it once per connection: with `limit $1` (or any `offset $n`) it plans
 * again on every call, as a generic plan cannot know the size (measured on 100,000 users, one
 * connection: 0.7–0.9 ms a page against 0.3 ms). Other sizes stay parameters, so they cannot
 * multiply the statements a connection keeps.
 */
const PLANNED_LIMITS = new Set([10, 11, 25, 26, 50, 51, 100, 101])
const limitOf = (n: number) => (PLANNED_LIMITS.has(n) ? sql.raw(String(n)) : sql`${n}`)

/** The scope as a condition on `users u`. */
function scopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'self') return sql`u.id = ${scope.actorId}`
  return sql`(u.reseller_id = ${scope.actorId} or u.id = ${scope.actorId})`
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const TWITCH = /^[A-Za-z0-9_]{3,25}$/

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))

const createInput = z.object({
  username: z.string().trim().max(64).default(''),
  email: z.string().trim().max(320).default(''),
  fullName: optionalText(100),
  company: optionalText(100),
  country: optionalText(100),
  contact: optionalText(40),
  twitchname: optionalText(25),
  role: z.string().nullish(),
  /** Admins: the plan (name) of a fresh key made and activated for the user. */
  currentPlan: z.string().trim().max(64).nullish(),
  totalDays: z.number().int().min(1).max(36_500).nullish(),
  /** A key to activate for the user (resellers: from their pool). */
  licenseKey: z.string().max(64).nullish(),
  /** Admins: the reseller the client belongs to. */
  resellerId: z.union([z.string(), z.number()]).nullish(),
  /** Optional; without one, the user is mailed a link to choose it. */
  password: z.string().max(1024).nullish(),
})

const botPanelInput = z.object({ active: z.boolean(), autostart: z.boolean(), chatbot: z.boolean(), categoryChatbot: z.boolean() }).partial().strict()

const updateInput = z
  .object({
    fullName: optionalText(100),
    email: z.string().trim().max(320),
    company: optionalText(100),
    country: optionalText(100),
    contact: optionalText(40),
    twitchname: optionalText(25),
    role: z.enum(roles),
    /** Admins only: a plan name or 'None' (normally set by activating a licence). */
    package: z.string().trim().max(64),
    resellerId: z.union([z.string(), z.number()]).nullable(),
    botPanel: botPanelInput,
  })
  .partial()
  .strict()

function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid input', fields)
}

const isUniqueViolation = (e: unknown, constraint: string): boolean => {
  const err = e as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } }
  const c = err.cause ?? err
  return c.code === '23505' && (c.constraint === constraint || String(c.message).includes(constraint))
}

interface Row {
  [k: string]: unknown
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export function createUsersService(deps: {
  db: Db
  audit: AuditService
  plans: PlansService
  licences: LicencesService
  passwords: PasswordHasher
  passwordReset: PasswordResetService
  now: () => Date
  /** How long a list's exact total is reused (ms). */
  countTtlMs: number
  inviteTtlSeconds: number
  /** Called after any change to accounts (drops cached totals and figures). */
  onChanged?: () => void
  /** Called with the channels whose panel an edit of the user-level bot panel changed, or that a user's deletion removed (the bot worker picks them up). */
  onChannelsChanged?: (channelIds: number[]) => void
  /** Called with the users whose package an admin changed (package None lets their bots run without a licence). */
  onLicenceChanged?: (userIds: number[]) => void
}) {
  const { db, audit, plans, licences, passwords, passwordReset, now } = deps
  const counts = new CountCache(deps.countTtlMs, () => now().getTime())
  const raw = createRawQuery(db)

  function toView(r: Row, today: string): UserView {
    const licence =
      r.licence_id === null || r.licence_id === undefined
        ? null
        : {
            id: Number(r.licence_id),
            licensekey: String(r.licensekey),
            totalDays: Number(r.total_days),
            licensebeginning: (r.licensebeginning as string | null) ?? null,
          }
    const botPanel = {
      active: r.bp_active === true,
      autostart: r.bp_autostart !== false,
      chatbot: r.bp_chatbot !== false,
      categoryChatbot: r.bp_category_chatbot !== false,
    }
    const pkg = String(r.package)
    return {
      id: Number(r.id),
      fullName: (r.full_name as string | null) ?? null,
      company: (r.company as string | null) ?? null,
      role: r.role as Role,
      username: String(r.username),
      country: (r.country as string | null) ?? null,
      contact: (r.phone as string | null) ?? null,
      email: String(r.email),
      package: pkg,
      avatar: (r.avatar as string | null) ?? null,
      twitchname: (r.twitchname as string | null) ?? null,
      resellerId: num(r.reseller_id),
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
      botPanel,
      licence,
      ...deriveLicence(pkg, licence, botPanel.active, today),
    }
  }

  /** Selects the columns of a UserView for the ids of `inner` (which yields `id` and the sort value `s`). */
  function hydrate(inner: SQL, order: SQL) {
    return sql`
      select u.id, u.full_name, u.company, u.role, u.username, u.country, u.phone, u.email, u.package,
             u.avatar, u.twitchname, u.reseller_id, u.created_at, p.s::text as sort_value,
             b.active as bp_active, b.autostart as bp_autostart, b.chatbot as bp_chatbot,
             b.category_chatbot as bp_category_chatbot,
             l.id as licence_id, l.licensekey, l.total_days, l.licensebeginning::text as licensebeginning
      from (${inner}) p
      join users u on u.id = p.id
      left join bot_panels b on b.user_id = u.id
      left join licences l on l.user_id = u.id and ${ACTIVE_LICENCE}
      order by ${order}`
  }

  async function checkFilter(f: UserFilter): Promise<CheckedFilter> {
    const out: CheckedFilter = f.everyAccount === true ? { everyAccount: true } : {}
    const q = f.q?.trim()
    if (q) {
      if (q.length > 100) throw new AppError('BAD_USER_INPUT', 'Search too long', { q: ['At most 100 characters.'] })
      out.q = q
    }
    if (f.role) {
      if (!(roles as readonly string[]).includes(f.role)) {
        throw new AppError('BAD_USER_INPUT', 'Unknown role', { role: [`One of ${roles.join(', ')}.`] })
      }
      out.role = f.role as Role
    }
    if (f.plan) {
      const plan = await plans.byName(f.plan)
      if (!plan) throw new AppError('BAD_USER_INPUT', 'Unknown plan', { plan: [`One of ${(await plans.list()).map((p) => p.name).join(', ')}.`] })
      out.plan = plan.name
    }
    if (f.status) {
      if (f.status !== 'active' && f.status !== 'inactive') {
        throw new AppError('BAD_USER_INPUT', 'Unknown status', { status: ['One of active, inactive.'] })
      }
      out.status = f.status
    }
    return out
  }

  /** The conditions on `users u` of a listing: listed users, scope, filters. */
  function listConditions(scope: Scope, f: CheckedFilter): SQL {
    const parts: SQL[] = f.everyAccount ? [] : [LISTED]
    const s = scopeCondition(scope)
    if (s) parts.push(s)
    if (f.q) {
      // lower() on both sides, so case folding is the database's own (same on PGlite and PostgreSQL).
      const p = `%${escapeLike(f.q)}%`
      parts.push(sql`(lower(u.username) like lower(${p}) or lower(u.full_name) like lower(${p}))`)
    }
    if (f.role) parts.push(sql`u.role = ${f.role}`)
    if (f.plan) parts.push(sql`u.package = ${f.plan}`)
    if (f.status === 'active') parts.push(sql`exists (select 1 from bot_panels sb where sb.user_id = u.id and sb.active)`)
    if (f.status === 'inactive') parts.push(sql`not exists (select 1 from bot_panels sb where sb.user_id = u.id and sb.active)`)
    return parts.length ? sql.join(parts, sql` and `) : sql`true`
  }

  function total(scope: Scope, f: CheckedFilter): Promise<number> {
    const key = JSON.stringify([scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.actorId}`, f.q, f.role, f.plan, f.status, f.everyAccount === true])
    return counts.get(key, async () => {
      const rows = await raw(sql`select count(*)::int as n from users u where ${listConditions(scope, f)}`, { prepare: !f.q })
      return Number(rows[0]?.n ?? 0)
    })
  }

  const direction = (desc: boolean) => sql.raw(desc ? 'desc' : 'asc')

  /**
   * GET /apps/user/users: one page by page/perPage. Filter, sort and page run in the
   * database; the page's ids come from the sort index first (a deferred join), then only
   * those rows are read.
   */
  async function list(
    principal: Principal | null,
    args: UserFilter & { page?: number; perPage?: number; sortBy?: string | null; sortDesc?: boolean },
  ): Promise<{ users: UserView[]; total: number }> {
    const scope = scopeOf(principal)
    const perPage = args.perPage ?? 10
    const page = args.page ?? 1
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      throw new AppError('BAD_USER_INPUT', 'perPage must be between 1 and 100', { perPage: ['Between 1 and 100.'] })
    }
    if (!Number.isInteger(page) || page < 1 || page > 10_000_000) {
      throw new AppError('BAD_USER_INPUT', 'page must be a positive number', { page: ['A positive number.'] })
    }
    const sort = SORTS[parseSort(args.sortBy)]
    const f = await checkFilter(args)
    const dir = direction(args.sortDesc === true)
    const inner = sql`select u.id, ${sort.expr} as s from users u where ${listConditions(scope, f)}
      order by ${sort.expr} ${dir}, u.id ${dir} limit ${limitOf(perPage)}${page > 1 ? sql` offset ${(page - 1) * perPage}` : sql``}`
    const [rows, n] = await Promise.all([raw(hydrate(inner, sql`p.s ${dir}, u.id ${dir}`), { prepare: !f.q }), total(scope, f)])
    const today = utcDay(now())
    return { users: rows.map((r) => toView(r, today)), total: n }
  }

  const cursorShape = z.object({ k: z.string(), d: z.boolean(), v: z.string().nullable(), i: z.number().int().positive() })

  /**
   * GraphQL `users`: the same listing as a Relay connection, keyset paged (first/after or
   * last/before), so any depth costs what the first page costs.
   */
  async function connection(
    principal: Principal | null,
    args: UserFilter & {
      first?: number | null
      after?: string | null
      last?: number | null
      before?: string | null
      sortBy?: string | null
      sortDesc?: boolean | null
    },
  ): Promise<Connection<UserView>> {
    const scope = scopeOf(principal)
    const key = parseSort(args.sortBy)
    const sort = SORTS[key]
    const desc = args.sortDesc === true
    if (args.last != null && args.first != null) {
      throw new AppError('BAD_USER_INPUT', 'Use first/after or last/before, not both', { last: ['Not with first.'] })
    }
    const backward = args.last != null || (args.before != null && args.after == null)
    const size = (backward ? args.last : args.first) ?? 10
    if (!Number.isInteger(size) || size < 1 || size > 100) {
      throw new AppError('BAD_USER_INPUT', 'first/last must be between 1 and 100', { [backward ? 'last' : 'first']: ['Between 1 and 100.'] })
    }
    const cursorArg = backward ? args.before : args.after
    let cursor: z.infer<typeof cursorShape> | undefined
    if (cursorArg) {
      const parsed = cursorShape.safeParse(decodeCursor(cursorArg))
      if (!parsed.success || parsed.data.k !== key || parsed.data.d !== desc || (key !== 'id' && parsed.data.v === null)) throw invalidCursor()
      cursor = parsed.data
    }
    const f = await checkFilter(args)
    // Walking backward is walking forward in the opposite order, then reversing the page.
    const scanDesc = backward ? !desc : desc
    const dir = direction(scanDesc)
    const conditions = [listConditions(scope, f)]
    if (cursor) {
      const op = sql.raw(scanDesc ? '<' : '>')
      conditions.push(key === 'id' ? sql`u.id ${op} ${cursor.i}` : sql`(${sort.expr}, u.id) ${op} (${cursor.v}::${sort.cast}, ${cursor.i}::bigint)`)
    }
    const inner = sql`select u.id, ${sort.expr} as s from users u where ${sql.join(conditions, sql` and `)}
      order by ${sort.expr} ${dir}, u.id ${dir} limit ${limitOf(size + 1)}`
    const [found, n] = await Promise.all([raw(hydrate(inner, sql`p.s ${dir}, u.id ${dir}`), { prepare: !f.q }), total(scope, f)])
    const today = utcDay(now())
    const more = found.length > size
    const rows = found.slice(0, size)
    if (backward) rows.reverse()
    const edges = rows.map((r) => ({
      cursor: encodeCursor({ k: key, d: desc, v: key === 'id' ? null : ((r.sort_value as string | null) ?? ''), i: Number(r.id) }),
      node: toView(r, today),
    }))
    return {
      edges,
      pageInfo: {
        hasNextPage: backward ? Boolean(cursorArg) : more,
        hasPreviousPage: backward ? more : Boolean(cursorArg),
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      totalCount: n,
    }
  }

  /** A cursor that points just after the row with this id in the given order (for tools and benchmarks). */
  async function cursorAt(id: number, sortBy: string = 'id', sortDesc = false): Promise<string> {
    const key = parseSort(sortBy)
    const v = (await raw(sql`select ${SORTS[key].expr}::text as v from users u where u.id = ${id}`))[0]?.v
    if (v === undefined) throw new AppError('NOT_FOUND', 'No such user')
    return encodeCursor({ k: key, d: sortDesc, v: key === 'id' ? null : ((v as string | null) ?? ''), i: id })
  }

  /** One user in scope (any package), or null: out of scope reads as missing. */
  async function get(principal: Principal | null, id: number): Promise<UserView | null> {
    const scope = scopeOf(principal)
    if (!Number.isSafeInteger(id) || id < 1) return null
    const s = scopeCondition(scope)
    const inner = sql`select u.id, u.id as s from users u where u.id = ${id}${s ? sql` and ${s}` : sql``}`
    const [row] = await raw(hydrate(inner, sql`u.id`))
    return row ? toView(row, utcDay(now())) : null
  }

  async function lockTarget(tx: Db, scope: Scope, id: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
    const visible = row && (scope.kind === 'all' || row.id === scope.actorId || (scope.kind === 'reseller' && row.resellerId === scope.actorId))
    if (!row || !visible) throw new AppError('NOT_FOUND', 'No such user')
    return row
  }

  async function resellerExists(tx: Db, id: number) {
    const [r] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id))
    return r?.role === 'reseller'
  }

  /**
   * POST /apps/user/users and GraphQL createUser. Admins create any role; resellers create
   * clients, who become theirs. A client needs a plan: a licence key (resellers: from their
   * pool) or, for admins, a plan name (a fresh key is made). The bot panel starts active,
   * so a new client's status is 'active'. Without a password, the user is mailed a link
   * to choose one (valid INVITE_TTL).
   */
  async function create(principal: Principal | null, raw: unknown): Promise<UserView> {
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
        const events: AuditEvent[] = [
          { action: 'user.create', entity: 'user', entityId: user.id, before: null, after: { ...user, botPanel: { active: true } } },
        ]
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
    changed()
    return (await get(principal, id))!
  }

  /**
   * GraphQL updateUser. Anyone in scope: fullName, company, country, contact, twitchname,
   * bot panel flags; email: the user themself or an admin. Admins only: role, package, resellerId.
   */
  async function update(principal: Principal | null, id: number, raw: unknown): Promise<UserView> {
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
          const pick = (p: typeof panelAfter) =>
            p ? { active: p.active, autostart: p.autostart, chatbot: p.chatbot, categoryChatbot: p.categoryChatbot } : null
          events.push({ action: 'user.botPanel', entity: 'user', entityId: id, before: { botPanel: pick(panelBefore) }, after: { botPanel: pick(panelAfter) } })
        }
        await audit.write(tx, principal!, events)
      })
    } catch (e) {
      if (isUniqueViolation(e, 'users_email_key')) throw new AppError('BAD_USER_INPUT', 'Invalid user', { email: [messages.emailInUse] })
      throw e
    }
    changed()
    if (touchedChannels.length) deps.onChannelsChanged?.(touchedChannels)
    if (pkg !== undefined) deps.onLicenceChanged?.([id])
    return (await get(principal, id))!
  }

  /** Admins delete a user (not themself): sessions and bot panel go, keys are revoked, clients lose their reseller. */
  async function remove(principal: Principal | null, id: number): Promise<void> {
    const scope = scopeOf(principal)
    requireAdmin(scope)
    if (id === scope.actorId) throw new AppError('BAD_USER_INPUT', 'You cannot delete yourself', { id: ['You cannot delete yourself.'] })
    // Their channels go with them (cascade): the bot worker hears of each, so their bots stop now.
    const gone = await db.transaction(async (tx) => {
      const before = await lockTarget(tx, scope, id)
      const owned = await tx.select({ id: channels.id }).from(channels).where(eq(channels.userId, id))
      const events = await licences.revokeAllOfUser(tx, id)
      const orphans = await tx.update(users).set({ resellerId: null, updatedAt: now() }).where(eq(users.resellerId, id)).returning({ id: users.id })
      for (const o of orphans) {
        events.push({ action: 'user.update', entity: 'user', entityId: o.id, before: { resellerId: id }, after: { resellerId: null } })
      }
      await tx.delete(users).where(eq(users.id, id))
      events.push({ action: 'user.delete', entity: 'user', entityId: id, before: { ...before }, after: null })
      await audit.write(tx, principal!, events)
      return owned.map((c) => c.id)
    })
    changed()
    if (gone.length) deps.onChannelsChanged?.(gone)
  }

  function changed() {
    counts.clear()
    deps.onChanged?.()
  }

  /**
   * A user's username for display (audit, licences, reseller links), or null when there is
   * no such user. Lookups made in the same turn (every row of a page) share one query.
   * Any user: callers show names only beside ids they were already allowed to see.
   */
  type NameWaiter = { resolve: (name: string | null) => void; reject: (error: unknown) => void }
  let pendingNames: Map<number, NameWaiter[]> | null = null
  function usernameOf(id: number): Promise<string | null> {
    return new Promise((resolve, reject) => {
      if (!pendingNames) {
        const batch = new Map<number, NameWaiter[]>()
        pendingNames = batch
        setImmediate(() => {
          pendingNames = null
          const all = [...batch.values()].flat()
          db.select({ id: users.id, name: users.username })
            .from(users)
            .where(inArray(users.id, [...batch.keys()]))
            .then(
              (rows) => {
                const names = new Map(rows.map((row) => [row.id, row.name]))
                for (const [key, waiting] of batch) for (const w of waiting) w.resolve(names.get(key) ?? null)
              },
              (error: unknown) => {
                for (const w of all) w.reject(error)
              },
            )
        })
      }
      const waiting = pendingNames.get(id) ?? []
      waiting.push({ resolve, reject })
      pendingNames.set(id, waiting)
    })
  }

  return { list, connection, get, create, update, remove, cursorAt, usernameOf, clearCounts: () => counts.clear() }
}

export type UsersService = ReturnType<typeof createUsersService>
