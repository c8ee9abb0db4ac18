import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const emailFolders = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const
export type EmailFolder = (typeof emailFolders)[number]
export const emailLabels = ['private', 'company', 'important', 'personal'] as const
export type EmailLabel = (typeof emailLabels)[number]

export interface Address {
  email: string
  name: string
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
})

/**
 * One written mail (its content), shared by the copies in each participant's mailbox.
 * `fromUserId` is null for the product's own mails (password reset, invites, notices).
 */
export const mailboxMessages = pgTable('mailbox_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fromUserId: bigint('from_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull(),
  fromAvatar: text('from_avatar'),
  to: jsonb('to')
    .$type<Address[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  cc: jsonb('cc')
    .$type<Address[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  bcc: jsonb('bcc')
    .$type<Address[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  subject: text('subject').notNull(),
  /** Sanitized HTML (sanitize-html on the way in). */
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A participant's copy of a message: folder and flags are per owner. */
export const mailboxEmails = pgTable(
  'mailbox_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => mailboxMessages.id, { onDelete: 'cascade' }),
    folder: text('folder', { enum: emailFolders }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    labels: jsonb('labels')
      .$type<EmailLabel[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_emails_owner_folder_idx').on(t.ownerId, t.folder, t.id), index('mailbox_emails_message_idx').on(t.messageId)],
)

/**
 * Attachments live in the database (bytea), not under the data directory: they are small
 * (MAILBOX_ATTACHMENT_MAX_BYTES), written in the same transaction as the mail, backed up with
 * it, and work the same on PGlite and PostgreSQL with several server processes.
 */
export const mailboxAttachments = pgTable(
  'mailbox_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => mailboxMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('mailbox_attachments_message_idx').on(t.messageId)],
)
