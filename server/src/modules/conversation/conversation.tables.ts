import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'
import { commandPermissions } from '../commands/commands.tables'

export const ruleKinds = ['keyword', 'phrase', 'regex'] as const
export type RuleKind = (typeof ruleKinds)[number]
export const answerSources = ['rule', 'model', 'fallback'] as const
export type AnswerSource = (typeof answerSources)[number]

/** A conversation rule: a keyword, phrase or regular expression in a viewer's message → an answer. */
export const conversationRules = pgTable(
  'conversation_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ruleKinds }).notNull(),
    pattern: text('pattern').notNull(),
    answer: text('answer').notNull(),
    /** Higher first; equal priorities in creation order. */
    priority: integer('priority').notNull().default(0),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(30),
    userCooldownSeconds: integer('user_cooldown_seconds').notNull().default(0),
    permission: text('permission', { enum: commandPermissions }).notNull().default('everyone'),
    enabled: boolean('enabled').notNull().default(true),
    /** How often the rule answered (the answer's ${count}). */
    useCount: integer('use_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_rules_channel_idx').on(t.channelId),
    check('conversation_rules_kind_valid', sql`${t.kind} in ('keyword','phrase','regex')`),
    check('conversation_rules_permission_valid', sql`${t.permission} in ('everyone','subscriber','vip','moderator','broadcaster')`),
  ],
)

/** The owner's model settings of a channel (the endpoint, model and key are the deployment's). */
export const conversationSettings = pgTable('conversation_settings', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  modelEnabled: boolean('model_enabled').notNull().default(false),
  systemPrompt: text('system_prompt').notNull().default(''),
  /** Said when the model fails or is too slow (command variables; empty: stay silent). */
  fallbackAnswer: text('fallback_answer').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What a viewer asked and what the bot answered; kept CONVERSATION_LOG_DAYS days. */
export const conversationLog = pgTable(
  'conversation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The channel owner at the time: the plan's monthly limit counts per account. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    viewerId: text('viewer_id').notNull(),
    viewerName: text('viewer_name').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** rule: a rule answered; model: the model answered; fallback: the model failed and a rule-based line answered. */
    source: text('source', { enum: answerSources }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }),
    latencyMs: integer('latency_ms').notNull(),
    /** Why the model did not answer (timeout, HTTP 429, …), on fallback rows. */
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('conversation_log_channel_at_idx').on(t.channelId, t.at),
    index('conversation_log_user_at_idx').on(t.userId, t.at),
    check('conversation_log_source_valid', sql`${t.source} in ('rule','model','fallback')`),
  ],
)

export type ConversationRuleRow = typeof conversationRules.$inferSelect
export type ConversationSettingsRow = typeof conversationSettings.$inferSelect
export type ConversationLogRow = typeof conversationLog.$inferSelect
