import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'
import { memberGroups, type ChannelGrant } from '../../permissions/channel-rights'
import { channels } from '../channels/channels.tables'

const groupCheck = sql.raw(`(${memberGroups.map((g) => `'${g}'`).join(',')})`)

/**
 * A channel's team (issue 31): accounts the owner lets help on one channel, each with a group
 * (a preset, or `custom` with its own view/manage map in `rights`). Read on every channel-scoped
 * request of a member (channels/access.ts, cached like the caller).
 */
export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group', { enum: memberGroups }).notNull(),
    /** Only for the `custom` group: module → view | manage (a module left out: none). */
    rights: jsonb('rights')
      .$type<Partial<Record<string, ChannelGrant>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index('channel_members_user_idx').on(t.userId),
    check('channel_members_group_valid', sql`${t.group} in ${groupCheck}`),
  ],
)

/**
 * An invitation by e-mail: the link carries a random token, stored here only hashed. It is
 * accepted once by the account with that address (at once, or after registering), until it
 * expires or the owner withdraws it.
 */
export const channelInvitations = pgTable(
  'channel_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    group: text('group', { enum: memberGroups }).notNull(),
    rights: jsonb('rights')
      .$type<Partial<Record<string, ChannelGrant>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_invitations_token_key').on(t.tokenHash),
    index('channel_invitations_channel_idx').on(t.channelId),
    check('channel_invitations_group_valid', sql`${t.group} in ${groupCheck}`),
  ],
)

export type ChannelMemberRow = typeof channelMembers.$inferSelect
export type ChannelInvitationRow = typeof channelInvitations.$inferSelect
