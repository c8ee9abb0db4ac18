import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

/**
 * Which bot worker runs a channel (server/src/worker/leases.ts). A worker holds a channel while
 * `expires_at` (database time) is ahead and renews it every third of the lease's time to live.
 * `epoch` is the fencing token: it grows by one at every acquisition and is never reset (a
 * release keeps the row with an empty holder), so a worker that lost the lease can tell.
 */
export const workerLeases = pgTable(
  'worker_leases',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    holder: text('holder').notNull(),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('worker_leases_holder_idx').on(t.holder)],
)

/** The bot workers alive (each renews its row with its leases), so each can compute its fair share. */
export const workerNodes = pgTable('worker_nodes', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
