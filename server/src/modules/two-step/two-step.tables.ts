import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

/**
 * Two-step verification (TOTP, RFC 6238) per user. The secret is sealed with the platform
 * token key (AES-256-GCM, modules/channels/token-box.ts); `enabledAt` is null while the set-up
 * waits for its first code. `lastStep` is the last accepted time step: a code of that step or
 * an earlier one is refused (no replay).
 */
export const twoStep = pgTable('two_step', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Ten one-time recovery codes per user, stored as HMAC-SHA256 (server key); shown once. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_step_recovery_codes_user_idx').on(t.userId, t.codeHash)],
)

/** The admins' policy (one row): whether admins and resellers must use two-step verification. */
export const twoStepPolicy = pgTable(
  'two_step_policy',
  {
    id: integer('id').primaryKey().default(1),
    requireForStaff: boolean('require_for_staff').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('two_step_policy_single_row', sql`${t.id} = 1`)],
)
