import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from '../../db/schema'

export const signInDevices = ['desktop', 'mobile', 'tablet'] as const
export type SignInDevice = (typeof signInDevices)[number]

/**
 * One row per successful sign-in (password, two-step or registration), with the kind of
 * device read from the User-Agent. The statistics cards count site traffic, active users,
 * sessions and sessions by device from it; nothing else about the browser is kept.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the client sent no User-Agent (scripts, API clients): counted as a sign-in, not as a device. */
    device: text('device', { enum: signInDevices }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_ins_at_idx').on(t.at),
    index('sign_ins_user_idx').on(t.userId, t.at),
    check('sign_ins_device_valid', sql`${t.device} is null or ${t.device} in ('desktop','mobile','tablet')`),
  ],
)
