import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const channelPlatforms = ['twitch', 'kick'] as const
export const botStates = ['stopped', 'connecting', 'running', 'error'] as const
export type BotState = (typeof botStates)[number]

/**
 * A streaming channel a client connected through the platform's OAuth flow, with its
 * Bot-Panel (Active, Autostart, Chatbot, CategoryChatbot), the module switches of
 * /pages/enable, and the bot's last reported status (written by the worker).
 */
export const channels = pgTable(
  'channels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: channelPlatforms }).notNull(),
    /** The platform's id of the broadcaster. */
    platformUserId: text('platform_user_id').notNull(),
    login: text('login').notNull(),
    displayName: text('display_name').notNull(),
    active: boolean('active').notNull().default(false),
    autostart: boolean('autostart').notNull().default(true),
    chatBot: boolean('chat_bot').notNull().default(true),
    categoryChatBot: boolean('category_chat_bot').notNull().default(true),
    conversationBot: boolean('conversation_bot').notNull().default(false),
    timers: boolean('timers').notNull().default(true),
    raidAnnouncements: boolean('raid_announcements').notNull().default(false),
    /** A sandbox channel: served by the in-process local Twitch, excluded from plan limits and admin figures. */
    sandbox: boolean('sandbox').notNull().default(false),
    status: text('status', { enum: botStates }).notNull().default('stopped'),
    /** Why, in English words (what clients from before the codes show). */
    statusReason: text('status_reason'),
    /** Why, as a code the client translates (status-reasons.ts), and its arguments; null: say statusReason as it is. */
    statusCode: text('status_code'),
    statusArgs: jsonb('status_args').$type<Record<string, string | number>>(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    live: boolean('live').notNull().default(false),
    liveSince: timestamp('live_since', { withTimezone: true }),
    category: text('category'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channels_platform_user_key').on(t.platform, t.platformUserId),
    index('channels_user_idx').on(t.userId),
    check('channels_platform_valid', sql`${t.platform} in ('twitch','kick')`),
    check('channels_status_valid', sql`${t.status} in ('stopped','connecting','running','error')`),
  ],
)

/** The accounts of a channel: the broadcaster, and optionally the bot account it speaks as. Tokens AES-256-GCM encrypted. */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['broadcaster', 'bot'] }).notNull(),
    platformUserId: text('platform_user_id').notNull(),
    login: text('login').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    scopes: jsonb('scopes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.role] }), check('channel_accounts_role_valid', sql`${t.role} in ('broadcaster','bot')`)],
)

/** A pending OAuth round trip: the state (stored hashed, single use) and the PKCE verifier (encrypted). */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: channelPlatforms }).notNull(),
    role: text('role', { enum: ['broadcaster', 'bot'] }).notNull(),
    /** For a bot account: the channel it will speak in. */
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier'),
    /**
     * SHA-256 of the random value put in an HttpOnly cookie of the browser that started the
     * round trip: the callback refuses a browser without it (a consent link sent to someone else).
     */
    bindingHash: text('binding_hash'),
    /** The round trip runs against the in-process sandbox platform. */
    sandbox: boolean('sandbox').notNull().default(false),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
)

/**
 * A finished OAuth round trip waiting for the user to confirm the platform account it
 * names (login, display name) before anything is linked. Tokens AES-256-GCM encrypted.
 */
export const pendingConnections = pgTable(
  'pending_channel_connections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: channelPlatforms }).notNull(),
    role: text('role', { enum: ['broadcaster', 'bot'] }).notNull(),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id, { onDelete: 'cascade' }),
    sandbox: boolean('sandbox').notNull().default(false),
    platformUserId: text('platform_user_id').notNull(),
    login: text('login').notNull(),
    displayName: text('display_name').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_channel_connections_user_idx').on(t.userId)],
)

export type PendingConnectionRow = typeof pendingConnections.$inferSelect
export type ChannelRow = typeof channels.$inferSelect
export type ChannelAccountRow = typeof channelAccounts.$inferSelect
