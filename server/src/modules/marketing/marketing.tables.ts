import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Opens (tracking pixel) and clicks (allow-listed redirects) of marketing mails, recorded only for signed links. */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mailId: text('mail_id').notNull(),
    kind: text('kind', { enum: ['open', 'click'] }).notNull(),
    /** The destination of a click. */
    url: text('url'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_events_mail_idx').on(t.mailId, t.kind)],
)
