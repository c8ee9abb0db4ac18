import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'
import { channels } from '../channels/channels.tables'

/**
 * A personal access token (issue 32): the secret itself is never stored, only its SHA-256
 * (a stolen database does not hand out working tokens; the secret is 178 random bits, so a
 * plain hash is enough, no slow hash). `hint` is the prefix and first characters, to tell
 * tokens apart in the list.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole secret, hex. */
    hash: text('hash').notNull(),
    hint: text('hint').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The one channel it may reach; null: every channel of its owner. Deleting the channel deletes the token. */
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id, { onDelete: 'cascade' }),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_tokens_hash_key').on(t.hash), index('access_tokens_user_idx').on(t.userId)],
)

export type AccessTokenRow = typeof accessTokens.$inferSelect
