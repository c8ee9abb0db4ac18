import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const auditEntities = [
  'user',
  'licence',
  'plan',
  'pricingQuestion',
  'feedbackReport',
  'faqCategory',
  'faqQuestion',
  'kbCategory',
  'kbArticle',
  'product',
  'order',
  'invoice',
  'blogPost',
  'blogComment',
  'chatCommand',
] as const
export type AuditEntity = (typeof auditEntities)[number]

/**
 * Every change an admin or reseller makes to a user, licence or plan (and every licence
 * activation), and every help-centre edit, written in the same transaction as the change. Never holds password hashes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').notNull(),
    /** `<entity>.<verb>`, e.g. user.update, licence.revoke. */
    action: text('action').notNull(),
    entity: text('entity', { enum: auditEntities }).notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
)

export type AuditRow = typeof auditLog.$inferSelect
