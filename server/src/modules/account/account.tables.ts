import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

/**
 * A sign-in e-mail change, kept so the old address can undo it: the single-use link mailed
 * there (its token stored hashed) puts the old address back and ends every sign-in.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** Who changed it: the user, or an admin. */
    changedBy: bigint('changed_by', { mode: 'number' }),
    undoTokenHash: text('undo_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link was used, or voided by another undo of the same user. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_changes_undo_hash_key').on(t.undoTokenHash), index('email_changes_user_idx').on(t.userId)],
)
