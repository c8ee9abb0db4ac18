import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { commandPermissions, type CommandPermission } from '../commands/commands.tables'
import { COMMAND_VARIABLES, MAX_MESSAGE_LENGTH, templateProblems } from '../commands/template'
import {
  conversationLog,
  conversationRules,
  conversationSettings,
  ruleKinds,
  type AnswerSource,
  type ConversationLogRow,
  type ConversationRuleRow,
  type RuleKind,
} from './conversation.tables'
import { patternProblem } from './matching'
import { askModel, ModelError, type ModelConfig } from './model-client'

export interface RuleInput {
  kind?: RuleKind | null
  pattern?: string | null
  answer?: string | null
  priority?: number | null
  cooldownSeconds?: number | null
  userCooldownSeconds?: number | null
  permission?: CommandPermission | null
  enabled?: boolean | null
}

export interface SettingsInput {
  modelEnabled?: boolean | null
  systemPrompt?: string | null
  fallbackAnswer?: string | null
}

export interface ConversationSettingsShape {
  modelEnabled: boolean
  systemPrompt: string
  fallbackAnswer: string
}

export interface LogQuery {
  search?: string | null
  first?: number | null
  offset?: number | null
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const MAX_RULES = 200
export const MAX_PROMPT_LENGTH = 2000
export const MAX_SEARCH_LENGTH = 100
export const MAX_PAGE = 100
/** Each platform's longest chat message (Twitch: 500 characters; Kick the same). */
export const PLATFORM_MESSAGE_LENGTH: Record<string, number> = { twitch: 500, kick: 500 }

const bad = (fields: Record<string, string[]>) => new AppError('BAD_USER_INPUT', Object.values(fields).flat().join('; '), fields)

/** The first instant of `now`'s calendar month (UTC): the monthly limit counts from here. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))

/** Cuts to `max` characters, at a word boundary when one is near, with an ellipsis. */
export function cutToLength(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = chars.slice(0, max - 1).join('')
  const space = head.lastIndexOf(' ')
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`
}

/**
 * The conversation bot of a channel (/pages/Conversation): rules, the owner's model settings,
 * the log and the plan's monthly answer limit. The bot worker asks `answerFor` only when the
 * channel's "conversation bot" module is on.
 */
export function createConversationService(deps: {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  pubsub: PubSub<Topics>
  config: Pick<
    Config,
    | 'CONVERSATION_MODEL_URL'
    | 'CONVERSATION_MODEL'
    | 'CONVERSATION_MODEL_KEY'
    | 'CONVERSATION_MODEL_TIMEOUT_MS'
    | 'CONVERSATION_MODEL_STREAM'
    | 'CONVERSATION_LOG_DAYS'
  >
  /** A monotonic clock for latencies (performance.now). */
  monotonic?: () => number
}) {
  const { db, log, now, channels, pubsub, config } = deps
  const monotonic = deps.monotonic ?? (() => performance.now())
  const changed = (channelId: number) => pubsub.publish('channelChanged', { channelId, what: 'conversation' })

  const model: ModelConfig | null = config.CONVERSATION_MODEL_URL
    ? {
        url: config.CONVERSATION_MODEL_URL,
        model: config.CONVERSATION_MODEL,
        key: config.CONVERSATION_MODEL_KEY,
        timeoutMs: config.CONVERSATION_MODEL_TIMEOUT_MS,
        stream: config.CONVERSATION_MODEL_STREAM === 'on',
      }
    : null

  function checkRule(input: RuleInput, existing: ConversationRuleRow | null) {
    const fields: Record<string, string[]> = {}
    const add = (k: string, m: string) => (fields[k] ??= []).push(m)
    let unsafe = false
    if (input.kind != null && !ruleKinds.includes(input.kind)) add('kind', 'Unknown rule kind')
    const kind = input.kind ?? existing?.kind
    const pattern = input.pattern ?? existing?.pattern
    if (!existing || input.pattern != null || input.kind != null) {
      if (!kind || pattern == null) add('pattern', 'A rule needs a keyword, phrase or regular expression')
      else {
        const p = patternProblem(kind, pattern)
        if (p) {
          add('pattern', p.message)
          unsafe ||= p.unsafe
        }
      }
    }
    if (!existing || input.answer != null) for (const p of templateProblems(input.answer ?? '', COMMAND_VARIABLES)) add('answer', p)
    if (input.priority != null && (!Number.isInteger(input.priority) || input.priority < -1000 || input.priority > 1000)) {
      add('priority', 'A priority is -1000 to 1000')
    }
    for (const k of ['cooldownSeconds', 'userCooldownSeconds'] as const) {
      const v = input[k]
      if (v != null && (!Number.isInteger(v) || v < 0 || v > 86_400)) add(k, 'A cooldown is 0 to 86400 seconds')
    }
    if (input.permission != null && !commandPermissions.includes(input.permission)) add('permission', 'Unknown permission')
    if (Object.keys(fields).length) {
      if (unsafe && Object.keys(fields).length === 1) throw new AppError('REGEX_UNSAFE', fields.pattern!.join('; '), fields)
      throw bad(fields)
    }
  }

  const ruleValues = (input: RuleInput) => {
    const v: Partial<ConversationRuleRow> = {}
    if (input.kind != null) v.kind = input.kind
    if (input.pattern != null) v.pattern = input.pattern.trim()
    if (input.answer != null) v.answer = input.answer
    if (input.priority != null) v.priority = input.priority
    if (input.cooldownSeconds != null) v.cooldownSeconds = input.cooldownSeconds
    if (input.userCooldownSeconds != null) v.userCooldownSeconds = input.userCooldownSeconds
    if (input.permission != null) v.permission = input.permission
    if (input.enabled != null) v.enabled = input.enabled
    return v
  }

  async function listRules(channelId: number): Promise<ConversationRuleRow[]> {
    return db
      .select()
      .from(conversationRules)
      .where(eq(conversationRules.channelId, channelId))
      .orderBy(desc(conversationRules.priority), asc(conversationRules.id))
  }

  async function ownedRule(userId: number, id: number | string): Promise<ConversationRuleRow> {
    const n = Number(id)
    const [row] = Number.isSafeInteger(n) ? await db.select().from(conversationRules).where(eq(conversationRules.id, n)).limit(1) : []
    if (!row) throw new AppError('NOT_FOUND', 'Rule not found')
    await channels.owned(userId, row.channelId).catch(() => {
      throw new AppError('NOT_FOUND', 'Rule not found')
    })
    return row
  }

  async function createRule(userId: number, channelId: number | string, input: RuleInput): Promise<ConversationRuleRow> {
    const channel = await channels.owned(userId, channelId)
    checkRule(input, null)
    const values = ruleValues(input)
    const row = await db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(conversationRules)
        .where(eq(conversationRules.channelId, channel.id))
      if (n >= MAX_RULES) throw bad({ pattern: [`A channel has at most ${MAX_RULES} conversation rules`] })
      const [created] = await tx
        .insert(conversationRules)
        .values({ ...values, channelId: channel.id, kind: values.kind!, pattern: values.pattern!, answer: values.answer! })
        .returning()
      return created!
    })
    changed(channel.id)
    return row
  }

  async function updateRule(userId: number, id: number | string, input: RuleInput): Promise<ConversationRuleRow> {
    const existing = await ownedRule(userId, id)
    checkRule(input, existing)
    const [row] = await db
      .update(conversationRules)
      .set({ ...ruleValues(input), updatedAt: now() })
      .where(eq(conversationRules.id, existing.id))
      .returning()
    changed(existing.channelId)
    return row!
  }

  async function deleteRule(userId: number, id: number | string): Promise<boolean> {
    const existing = await ownedRule(userId, id)
    await db.delete(conversationRules).where(eq(conversationRules.id, existing.id))
    changed(existing.channelId)
    return true
  }

  async function settingsOf(channelId: number): Promise<ConversationSettingsShape> {
    const [row] = await db.select().from(conversationSettings).where(eq(conversationSettings.channelId, channelId)).limit(1)
    return { modelEnabled: row?.modelEnabled ?? false, systemPrompt: row?.systemPrompt ?? '', fallbackAnswer: row?.fallbackAnswer ?? '' }
  }

  async function updateSettings(userId: number, channelId: number | string, input: SettingsInput): Promise<ChannelRow> {
    const channel = await channels.owned(userId, channelId)
    const fields: Record<string, string[]> = {}
    if (input.systemPrompt != null && input.systemPrompt.length > MAX_PROMPT_LENGTH) {
      fields.systemPrompt = [`A system prompt has at most ${MAX_PROMPT_LENGTH} characters`]
    }
    if (input.fallbackAnswer != null && input.fallbackAnswer.trim() !== '') {
      const problems = templateProblems(input.fallbackAnswer, COMMAND_VARIABLES)
      if (problems.length) fields.fallbackAnswer = problems
    }
    if (Object.keys(fields).length) throw bad(fields)
    if (input.modelEnabled === true && !model) throw new AppError('MODEL_NOT_CONFIGURED', 'This server has no model endpoint configured')
    const set: Partial<typeof conversationSettings.$inferInsert> = {}
    if (input.modelEnabled != null) set.modelEnabled = input.modelEnabled
    if (input.systemPrompt != null) set.systemPrompt = input.systemPrompt
    if (input.fallbackAnswer != null) set.fallbackAnswer = input.fallbackAnswer.trim() ? input.fallbackAnswer : ''
    await db
      .insert(conversationSettings)
      .values({ channelId: channel.id, ...set, updatedAt: now() })
      .onConflictDoUpdate({ target: conversationSettings.channelId, set: { ...set, updatedAt: now() } })
    changed(channel.id)
    return channel
  }

  /** Answers given this calendar month for all of the owner's channels, and the plan's limit. */
  async function usage(ownerId: number): Promise<{ used: number; limit: number | null }> {
    const [limits, [{ n } = { n: 0 }]] = await Promise.all([
      planLimits(db, ownerId),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversationLog)
        .where(and(eq(conversationLog.userId, ownerId), gte(conversationLog.at, monthStart(now())))),
    ])
    return { used: n, limit: limits.conversationAnswersPerMonth }
  }

  async function logPage(channelId: number, q: LogQuery): Promise<{ total: number; items: ConversationLogRow[] }> {
    const search = (q.search ?? '').trim()
    const first = q.first ?? 20
    const offset = q.offset ?? 0
    const fields: Record<string, string[]> = {}
    if (search.length > MAX_SEARCH_LENGTH) fields.search = [`A search has at most ${MAX_SEARCH_LENGTH} characters`]
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) fields.first = [`A page has 1 to ${MAX_PAGE} entries`]
    if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) fields.offset = ['The offset is 0 to 1000000']
    if (Object.keys(fields).length) throw bad(fields)
    const conds: SQL[] = [eq(conversationLog.channelId, channelId)]
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      conds.push(or(ilike(conversationLog.question, like), ilike(conversationLog.answer, like), ilike(conversationLog.viewerName, like))!)
    }
    const where = and(...conds)
    const [[{ n } = { n: 0 }], items] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversationLog)
        .where(where),
      db.select().from(conversationLog).where(where).orderBy(desc(conversationLog.at), desc(conversationLog.id)).limit(first).offset(offset),
    ])
    return { total: n, items }
  }

  /**
   * Writes one answer to the log, within the plan's monthly limit: the owner's user row is locked
   * so answers in several channels at once cannot pass the limit together. `answer` may be
   * made inside the transaction (a rule's ${count}). Drops the channel's entries older than
   * CONVERSATION_LOG_DAYS. null: the limit is used up and nothing was written or is to be said.
   */
  async function record(entry: {
    channel: ChannelRow
    viewerId: string
    viewerName: string
    question: string
    answer: string | ((tx: Tx) => Promise<string>)
    source: AnswerSource
    ruleId: number | null
    latencyMs: () => number
    error: string | null
  }): Promise<string | null> {
    const { conversationAnswersPerMonth: limit } = await planLimits(db, entry.channel.userId)
    const at = now()
    const cutoff = new Date(at.getTime() - config.CONVERSATION_LOG_DAYS * 86_400_000)
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.channel.userId)).for('update')
      if (limit !== null) {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(conversationLog)
          .where(and(eq(conversationLog.userId, entry.channel.userId), gte(conversationLog.at, monthStart(at))))
        if (n >= limit) return null
      }
      const answer = typeof entry.answer === 'string' ? entry.answer : await entry.answer(tx)
      await tx.delete(conversationLog).where(and(eq(conversationLog.channelId, entry.channel.id), lt(conversationLog.at, cutoff)))
      await tx.insert(conversationLog).values({
        channelId: entry.channel.id,
        userId: entry.channel.userId,
        viewerId: entry.viewerId,
        viewerName: entry.viewerName,
        question: entry.question.slice(0, 1000),
        answer,
        source: entry.source,
        ruleId: entry.ruleId,
        latencyMs: Math.max(0, Math.round(entry.latencyMs())),
        error: entry.error,
        at,
      })
      return answer
    })
  }

  /** Has the owner's plan room for one more answer this month? (Checked before asking the model; enforced in `record`.) */
  async function withinLimit(channel: ChannelRow): Promise<boolean> {
    const { used, limit } = await usage(channel.userId)
    return limit === null || used < limit
  }

  /**
   * Worker: the model's answer to a message addressed to the bot (no rule matched), or the
   * owner's fallback line when the model fails or is slow; logged. null: nothing to say.
   */
  async function modelAnswer(
    channel: ChannelRow,
    chat: { userId: string; userName: string; text: string },
    opts: { botName: string; fallback: (template: string) => string },
  ): Promise<string | null> {
    const settings = await settingsOf(channel.id)
    if (!model || !settings.modelEnabled) return null
    if (!(await withinLimit(channel))) return null
    const max = PLATFORM_MESSAGE_LENGTH[channel.platform] ?? MAX_MESSAGE_LENGTH
    const system = [
      `You are ${opts.botName}, the chat bot of the ${channel.platform === 'kick' ? 'Kick' : 'Twitch'} channel ${channel.displayName}.`,
      `Answer the viewer in one short chat message of at most ${max} characters, in the viewer's language. Never pretend to be a person.`,
      settings.systemPrompt.trim(),
    ]
      .filter(Boolean)
      .join('\n')
    const started = monotonic()
    try {
      const raw = await askModel(model, [
        { role: 'system', content: system },
        { role: 'user', content: `${chat.userName}: ${chat.text}` },
      ])
      const latencyMs = monotonic() - started
      return await record({
        channel,
        viewerId: chat.userId,
        viewerName: chat.userName,
        question: chat.text,
        answer: cutToLength(raw, max),
        source: 'model',
        ruleId: null,
        latencyMs: () => latencyMs,
        error: null,
      })
    } catch (e) {
      if (!(e instanceof ModelError)) throw e
      log.warn({ channelId: channel.id, err: e.message }, 'conversation model failed; rule-based fallback')
      const answer = settings.fallbackAnswer.trim() ? cutToLength(opts.fallback(settings.fallbackAnswer), max) : ''
      const latencyMs = monotonic() - started
      const said = await record({
        channel,
        viewerId: chat.userId,
        viewerName: chat.userName,
        question: chat.text,
        answer,
        source: 'fallback',
        ruleId: null,
        latencyMs: () => latencyMs,
        error: e.message,
      })
      return said || null
    }
  }

  /** Worker: a rule's answer (rendered with its new use count), logged; null when the monthly limit is used up. */
  async function ruleAnswer(
    channel: ChannelRow,
    rule: ConversationRuleRow,
    chat: { userId: string; userName: string; text: string },
    render: (count: number) => string,
  ): Promise<string | null> {
    const started = monotonic()
    return record({
      channel,
      viewerId: chat.userId,
      viewerName: chat.userName,
      question: chat.text,
      answer: async (tx) => {
        const [row] = await tx
          .update(conversationRules)
          .set({ useCount: sql`${conversationRules.useCount} + 1` })
          .where(eq(conversationRules.id, rule.id))
          .returning({ n: conversationRules.useCount })
        return cutToLength(render(row?.n ?? 0), PLATFORM_MESSAGE_LENGTH[channel.platform] ?? MAX_MESSAGE_LENGTH)
      },
      source: 'rule',
      ruleId: rule.id,
      latencyMs: () => monotonic() - started,
      error: null,
    })
  }

  return {
    modelConfigured: model !== null,
    modelName: model?.model ?? null,
    listRules,
    createRule,
    updateRule,
    deleteRule,
    settingsOf,
    updateSettings,
    usage,
    logPage,
    modelAnswer,
    ruleAnswer,
    enabledRules: (channelId: number) =>
      db
        .select()
        .from(conversationRules)
        .where(and(eq(conversationRules.channelId, channelId), eq(conversationRules.enabled, true))),
  }
}

export type ConversationService = ReturnType<typeof createConversationService>
