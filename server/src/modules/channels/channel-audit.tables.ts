import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'
import { channelModules } from '../../permissions/channel-rights'
import { channels } from './channels.tables'

/** The channel modules, and the owner's own parts a change may touch: the team, alerts, quotes, giveaways, webhook endpoints. */
export const channelAuditModules = [...channelModules, 'team', 'alerts', 'quotes', 'giveaways', 'webhooks'] as const
export type ChannelAuditModule = (typeof channelAuditModules)[number]

/**
 * Every change to a channel made on the dashboard (issue 31): who (the owner or a member, by
 * account), when, which module, what, before and after; written in the change's transaction.
 * The admins' audit_log stays for staff actions.
 */
export const channelAudit = pgTable(
  'channel_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    module: text('module', { enum: channelAuditModules }).notNull(),
    /** `<thing>.<verb>`, e.g. command.create, member.remove. */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_audit_channel_idx').on(t.channelId, t.id), index('channel_audit_actor_idx').on(t.channelId, t.actorId, t.id)],
)

export type ChannelAuditRow = typeof channelAudit.$inferSelect
