import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const roles = ['admin', 'client', 'reseller'] as const
export type Role = (typeof roles)[number]

export interface AbilityRule {
  action: string
  subject: string
}

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('client'),
    package: text('package').notNull().default('None'),
    twitchname: text('twitchname'),
    ability: jsonb('ability')
      .$type<AbilityRule[]>()
      .notNull()
      .default(sql`'[{"action":"read","subject":"ACL"},{"action":"read","subject":"all"}]'::jsonb`),
    resellerId: bigint('reseller_id', { mode: 'number' }),
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    /** Server time of registration (the spec's `timestamp`). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_reseller_idx').on(t.resellerId),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('admin','client','reseller')`),
  ],
)

export const botPanels = pgTable('bot_panels', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(false),
  autostart: boolean('autostart').notNull().default(true),
  categoryChatbot: boolean('category_chatbot').notNull().default(true),
  chatbot: boolean('chatbot').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  subtitle: text('subtitle'),
  /** Prices in the plan's currency; null for Custom (on request). */
  monthlyPrice: numeric('monthly_price', { precision: 10, scale: 2 }),
  yearlyPerMonth: numeric('yearly_per_month', { precision: 10, scale: 2 }),
  yearlyTotal: numeric('yearly_total', { precision: 10, scale: 2 }),
  benefits: jsonb('benefits').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Limits on real features only (channels, commands, timers, answers per month, raids). */
  limits: jsonb('limits').$type<Record<string, number | null>>().notNull().default(sql`'{}'::jsonb`),
  popular: boolean('popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const licences = pgTable(
  'licences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    licensekey: text('licensekey').notNull().unique(),
    planId: integer('plan_id').references(() => plans.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** A reseller's pool: keys a reseller may hand to their clients. */
    resellerId: bigint('reseller_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    totalDays: integer('total_days').notNull(),
    licensebeginning: date('licensebeginning', { mode: 'string' }),
    status: text('status', { enum: ['available', 'assigned', 'active', 'revoked'] })
      .notNull()
      .default('available'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('licences_user_idx').on(t.userId), index('licences_reseller_idx').on(t.resellerId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Idle expiry: this token must be used (rotated) before then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry of the whole family (the sign-in). */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
)

/** Mail the server sends; in development it is only kept here, readable by admins. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type UserRow = typeof users.$inferSelect
