import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { IncomingChat, PlatformResult } from '../../platforms/types'
import type { Topics } from '../../realtime/pubsub'
import { escapeLike, parseInput } from '../../validation'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import type { ChatService } from '../chat/chat.service'
import { compileFilters, type CompiledFilters, type Hit } from './filters'
import { decide, Offences } from './ladder'
import { moderationLog, moderationRegulars, moderationSettings, type LogAction, type ModerationLogRow } from './moderation.tables'
import { createPlatformActions, type PlatformAction } from './platform-actions'
import { defaultSettings, filterReasons, settingsSchema, type FilterKind, type ModerationSettings } from './settings'
import { z } from 'zod'

/** The live state of one channel's auto-moderation in the process running its bot. */
interface Guard {
  compiled: CompiledFilters
  regulars: Set<string>
  offences: Offences
  /** login → until (ms): one link allowed (!permit). */
  permits: Map<string, number>
  lastWarnAt: number
  /** Each viewer's previous line (the "same message again" check), bounded. */
  previous: Map<string, { text: string; at: number }>
}

export interface ScreenIo {
  /** The bot's clock (ms). */
  now: number
  /** Says a line in chat through the bot's queue (within the chat limit). */
  reply: (text: string) => void
}

export interface LogEntryInput {
  chat: Pick<IncomingChat, 'userId' | 'userLogin' | 'userName' | 'text'> & { messageId?: string | null }
  source: 'filter' | 'moderator' | 'nuke'
  filter?: FilterKind | null
  moderator?: string | null
  detail?: string
  action: LogAction
  seconds?: number | null
  result: PlatformResult
  nukeId?: string | null
  at: Date
}

const loginOf = (s: string) => s.trim().replace(/^@/, '').toLowerCase()
const LOGIN = z
  .string()
  .trim()
  .transform(loginOf)
  .refine((s) => /^[a-z0-9_][a-z0-9_.-]{0,39}$/.test(s), 'A viewer name has 1 to 40 letters, digits or _ . -')
const MAX_REGULARS = 1000

/**
 * Auto-moderation's state: settings, regulars and log in the database; the compiled filters
 * per channel in the process that runs its bot, rebuilt when the settings or regulars change
 * (channelChanged 'moderation'); and enforcing a hit (the ladder, the platform call, the log).
 */
export function createModerationCore(deps: {
  db: Db
  log: Logger
  now: () => Date
  pubsub: PubSub<Topics>
  channels: ChannelsService
  platforms: Platforms
  chat: ChatService
  config: Pick<Config, 'MODERATION_LOG_DAYS'>
}) {
  const { db, pubsub, channels, chat } = deps
  const actions = createPlatformActions(deps)
  const guards = new Map<number, Promise<Guard>>()
  /** Channels whose last moderation call was refused for rights (kept in memory to write only on change). */
  const rightsKnown = new Map<number, string | null>()
  let listening = false
  let inserted = 0

  async function settingsRow(channelId: number) {
    const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.channelId, channelId))
    return row
  }

  /** The stored settings over the defaults (a filter added later gets its defaults). */
  async function settingsOf(channelId: number): Promise<ModerationSettings> {
    const stored = (await settingsRow(channelId))?.settings
    const d = defaultSettings()
    if (!stored) return d
    return {
      ...d,
      ...stored,
      filters: Object.fromEntries(
        Object.entries(d.filters).map(([k, v]) => [k, { ...v, ...(stored.filters as Record<string, object>)[k] }]),
      ) as ModerationSettings['filters'],
    }
  }

  async function rightsProblem(channelId: number): Promise<string | null> {
    return (await settingsRow(channelId))?.rightsProblem ?? null
  }

  async function regularLogins(channelId: number): Promise<Set<string>> {
    const rows = await db.select({ login: moderationRegulars.login }).from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId))
    return new Set(rows.map((r) => r.login))
  }

  async function build(channelId: number, old?: Guard): Promise<Guard> {
    let compiled: CompiledFilters
    try {
      compiled = compileFilters(await settingsOf(channelId))
    } catch (e) {
      // Saved before a limit tightened: screening goes on without the terms rather than not at all.
      deps.log.warn({ channelId, err: (e as Error).message }, 'moderation: stored terms not compilable; terms filter off')
      const s = await settingsOf(channelId)
      compiled = compileFilters({ ...s, filters: { ...s.filters, terms: { ...s.filters.terms, enabled: false } } })
    }
    const regulars = await regularLogins(channelId)
    if (old) return Object.assign(old, { compiled, regulars })
    return { compiled, regulars, offences: new Offences(), permits: new Map(), lastWarnAt: -Infinity, previous: new Map() }
  }

  function listen() {
    if (listening) return
    listening = true
    void (async () => {
      for await (const e of pubsub.subscribe('channelChanged')) if (e.what === 'moderation') void refresh(e.channelId)
    })().catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'moderation: change feed ended'))
  }

  function guardOf(channelId: number): Promise<Guard> {
    listen()
    let g = guards.get(channelId)
    if (!g) {
      g = build(channelId)
      g.catch(() => guards.delete(channelId))
      guards.set(channelId, g)
    }
    return g
  }

  /** Rebuilds a channel's filters and regulars, keeping its offences, permits and warnings. */
  async function refresh(channelId: number) {
    const g = guards.get(channelId)
    if (!g) return
    const next = g.then((old) => build(channelId, old))
    guards.set(channelId, next)
    await next.catch(() => guards.delete(channelId))
  }

  function changed(channelId: number) {
    void refresh(channelId)
    pubsub.publish('channelChanged', { channelId, what: 'moderation' })
  }

  async function updateSettings(userId: number, channelId: number | string, input: unknown): Promise<ModerationSettings> {
    const channel = await channels.owned(userId, channelId)
    const settings = parseInput(settingsSchema, input, 'settings')
    compileFilters(settings) // a pattern the engine refuses, or terms over the budget: a coded error, nothing stored
    await db
      .insert(moderationSettings)
      .values({ channelId: channel.id, settings, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: moderationSettings.channelId, set: { settings, updatedAt: deps.now() } })
    changed(channel.id)
    return settings
  }

  // ---- regulars

  async function listRegulars(channelId: number) {
    return db.select().from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId)).orderBy(moderationRegulars.login)
  }

  async function addRegular(channelId: number, loginRaw: string, by: string) {
    const login = parseInput(LOGIN, loginRaw, 'login')
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId))
    if (n >= MAX_REGULARS) throw new AppError('BAD_USER_INPUT', `At most ${MAX_REGULARS} regulars per channel`, { login: [`At most ${MAX_REGULARS} regulars`] })
    await db
      .insert(moderationRegulars)
      .values({ channelId, login, addedBy: by.slice(0, 100) })
      .onConflictDoNothing()
    changed(channelId)
    return login
  }

  async function removeRegular(channelId: number, loginRaw: string): Promise<boolean> {
    const login = parseInput(LOGIN, loginRaw, 'login')
    const gone = await db
      .delete(moderationRegulars)
      .where(and(eq(moderationRegulars.channelId, channelId), eq(moderationRegulars.login, login)))
      .returning()
    changed(channelId)
    return gone.length > 0
  }

  // ---- the log

  async function writeLog(channelId: number, e: LogEntryInput): Promise<ModerationLogRow> {
    const [row] = await db
      .insert(moderationLog)
      .values({
        channelId,
        viewerId: e.chat.userId.slice(0, 100),
        viewerLogin: e.chat.userLogin.slice(0, 100).toLowerCase(),
        viewerName: e.chat.userName.slice(0, 100),
        source: e.source,
        filter: e.filter ?? null,
        moderator: e.moderator?.slice(0, 100) ?? null,
        detail: (e.detail ?? '').slice(0, 200),
        excerpt: e.chat.text.slice(0, 200),
        platformMessageId: e.chat.messageId?.slice(0, 100) ?? null,
        action: e.action,
        durationSeconds: e.seconds ?? null,
        ok: e.result.ok,
        status: e.result.status,
        answer: e.result.message.slice(0, 300),
        nukeId: e.nukeId ?? null,
        at: e.at,
      })
      .returning()
    if (++inserted % 200 === 0) {
      const cutoff = new Date(e.at.getTime() - deps.config.MODERATION_LOG_DAYS * 86_400_000)
      await db.delete(moderationLog).where(lt(moderationLog.at, cutoff))
    }
    return row!
  }

  const PAGE = z.object({
    search: z.string().max(100, 'A search has at most 100 characters').nullish(),
    filter: z.string().max(20).nullish(),
    action: z.string().max(20).nullish(),
    first: z.number().int().min(1, 'first is 1 to 100').max(100, 'first is 1 to 100'),
    offset: z.number().int().min(0, 'offset is 0 or more').max(100_000),
  })

  async function logPage(
    channelId: number,
    args: { search?: string | null; filter?: string | null; action?: string | null; first?: number | null; offset?: number | null },
  ) {
    const a = parseInput(PAGE, { ...args, first: args.first ?? 20, offset: args.offset ?? 0 }, 'log')
    const where: SQL[] = [eq(moderationLog.channelId, channelId)]
    if (a.search?.trim()) {
      const like = `%${escapeLike(a.search.trim())}%`
      where.push(or(ilike(moderationLog.viewerLogin, like), ilike(moderationLog.viewerName, like))!)
    }
    if (a.filter) where.push(eq(moderationLog.filter, a.filter))
    if (a.action) where.push(sql`${moderationLog.action} = ${a.action}`)
    const cond = and(...where)
    const [items, [total]] = await Promise.all([
      db.select().from(moderationLog).where(cond).orderBy(desc(moderationLog.id)).limit(a.first).offset(a.offset),
      db.select({ n: count() }).from(moderationLog).where(cond),
    ])
    return { total: total?.n ?? 0, items }
  }

  /** Actions per filter over the log's retention. */
  async function counts(channelId: number): Promise<Array<{ filter: string; count: number }>> {
    const rows = await db
      .select({ filter: moderationLog.filter, n: count() })
      .from(moderationLog)
      .where(and(eq(moderationLog.channelId, channelId), eq(moderationLog.source, 'filter')))
      .groupBy(moderationLog.filter)
    return rows.map((r) => ({ filter: r.filter ?? '', count: r.n }))
  }

  // ---- acting

  async function perform(channel: ChannelRow, action: PlatformAction, now: number): Promise<PlatformResult> {
    const r = await actions.perform(channel, action, now)
    const problem = r.status === 403 ? `${r.message}`.slice(0, 300) : r.ok ? null : undefined
    if (problem !== undefined && rightsKnown.get(channel.id) !== problem) {
      rightsKnown.set(channel.id, problem)
      await db.update(moderationSettings).set({ rightsProblem: problem }).where(eq(moderationSettings.channelId, channel.id))
    }
    return r
  }

  function renderWarning(template: string, user: string, reason: string) {
    return template.replaceAll('${user}', user).replaceAll('${reason}', reason).slice(0, 500)
  }

  async function enforce(channel: ChannelRow, line: IncomingChat, g: Guard, hit: Hit, io: ScreenIo) {
    const s = g.compiled.settings
    const f = s.filters[hit.filter]
    const d = decide(f, g.offences.add(line.userId, io.now, s.escalationSeconds * 1000))
    const reason = filterReasons[hit.filter]
    const action: PlatformAction =
      d.action === 'delete'
        ? { kind: 'delete', messageId: line.messageId }
        : d.action === 'timeout'
          ? { kind: 'timeout', userId: line.userId, seconds: d.seconds!, reason: `Auto-moderation: ${reason}` }
          : { kind: 'ban', userId: line.userId, reason: `Auto-moderation: ${reason}` }
    const result = await perform(channel, action, io.now)
    if (result.ok) await chat.markRemoved(channel.id, [line.messageId])
    if (d.warn && s.warnTemplate && io.now - g.lastWarnAt >= s.warnCooldownSeconds * 1000) {
      g.lastWarnAt = io.now
      io.reply(renderWarning(s.warnTemplate, line.userName, reason))
    }
    await writeLog(channel.id, {
      chat: line,
      source: 'filter',
      filter: hit.filter,
      detail: hit.detail,
      action: d.warn ? 'warn' : d.action,
      seconds: d.seconds,
      result,
      at: new Date(io.now),
    })
  }

  return {
    settingsOf,
    rightsProblem,
    updateSettings,
    listRegulars,
    addRegular,
    removeRegular,
    logPage,
    counts,
    writeLog,
    perform,
    guardOf,
    enforce,
    /** Forgets a viewer's offences (an undo in the log: the next offence starts the ladder again). */
    async forgive(channelId: number, userId: string) {
      const g = guards.get(channelId)
      if (g) (await g).offences.forget(userId)
    },
  }
}

export type ModerationCore = ReturnType<typeof createModerationCore>
