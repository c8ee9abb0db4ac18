import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const roles = ['admin', 'client', 'reseller'] as const
export type Role = (typeof roles)[number]

export interface AbilityRule {
  action: string
  subject: string
}

/** Account settings, social links (spec section 3). */
export interface SocialLinks {
  twitter: string
  facebook: string
  google: string
  linkedIn: string
  instagram: string
  quora: string
}

/** Account settings, notification flags (spec section 3; the spec's exact names). */
export interface NotificationFlags {
  commentOnArticle: boolean
  AnswerOnForm: boolean
  followMe: boolean
  newAnnouncements: boolean
  productUpdates: boolean
  blogDigest: boolean
}

export const DEFAULT_NOTIFICATIONS: NotificationFlags = {
  commentOnArticle: true,
  AnswerOnForm: true,
  followMe: false,
  newAnnouncements: true,
  productUpdates: true,
  blogDigest: false,
}

/** The user list (GET /apps/user/users) shows only users with a package; its indexes cover only them. */
const LISTED = sql.raw(`"package" <> 'None'`)

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    /** The Firebase Auth uid when AUTH_PROVIDER=firebase (docs/features/sign-in-provider.md); null for local accounts. */
    firebaseUid: text('firebase_uid'),
    role: text('role', { enum: roles }).notNull().default('client'),
    package: text('package').notNull().default('None'),
    twitchname: text('twitchname'),
    ability: jsonb('ability')
      .$type<AbilityRule[]>()
      .notNull()
      .default(sql`'[{"action":"read","subject":"ACL"},{"action":"read","subject":"all"}]'::jsonb`),
    resellerId: bigint('reseller_id', { mode: 'number' }),
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    // Account settings: general (company), info (bio, dob, country, website, phone), social, notifications.
    company: text('company'),
    country: text('country'),
    /** The info phone; the user list calls it `contact`. */
    phone: text('phone'),
    bio: text('bio'),
    dob: date('dob', { mode: 'string' }),
    website: text('website'),
    social: jsonb('social')
      .$type<Partial<SocialLinks>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    notifications: jsonb('notifications')
      .$type<NotificationFlags>()
      .notNull()
      .default(sql`'{"commentOnArticle":true,"AnswerOnForm":true,"followMe":false,"newAnnouncements":true,"productUpdates":true,"blogDigest":false}'::jsonb`),
    /** Server time of registration (the spec's `timestamp`). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_reseller_idx').on(t.resellerId),
    index('users_created_at_idx').on(t.createdAt),
    // The user list: one btree per whitelisted sort (with id for keyset and the deferred join),
    // trigram GIN for the substring search; all partial on the listed users.
    index('users_list_id_idx').on(t.id).where(LISTED),
    index('users_list_username_idx')
      .on(sql`lower(${t.username})`, t.id)
      .where(LISTED),
    index('users_list_full_name_idx')
      .on(sql`lower(coalesce(${t.fullName}, ''))`, t.id)
      .where(LISTED),
    index('users_list_email_idx').on(t.email, t.id).where(LISTED),
    index('users_list_role_idx').on(t.role, t.id).where(LISTED),
    index('users_list_package_idx').on(t.package, t.id).where(LISTED),
    index('users_list_created_idx').on(t.createdAt, t.id).where(LISTED),
    index('users_list_username_trgm_idx')
      .using('gin', sql`lower(${t.username}) gin_trgm_ops`)
      .where(LISTED),
    index('users_list_full_name_trgm_idx')
      .using('gin', sql`lower(${t.fullName}) gin_trgm_ops`)
      .where(LISTED),
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
  benefits: jsonb('benefits')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The pricing page's `planAdditions`: what comes on top of the benefits. */
  additions: jsonb('additions')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The pricing page's illustration (a URL or a path under the client), if any. */
  img: text('img'),
  /** Limits on real features only (channels, commands, timers, answers per month, raids). */
  limits: jsonb('limits')
    .$type<Record<string, number | null>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  popular: boolean('popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Tagline, benefits and additions in other languages (de, fr, pt); English is the columns above and the fallback. */
  translations: jsonb('translations')
    .$type<Record<string, PlanTexts>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
})

/** A plan's texts in one language. */
export interface PlanTexts {
  subtitle: string | null
  benefits: string[]
  additions: string[]
}

export const licenceStatuses = ['available', 'assigned', 'active', 'superseded', 'revoked'] as const
export type LicenceStatus = (typeof licenceStatuses)[number]

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
    /**
     * available (in stock or in a reseller's pool) → assigned (reserved for a user) → active
     * (entered by the user) → superseded (the user activated a newer key); revoked at any point.
     */
    status: text('status', { enum: licenceStatuses }).notNull().default('available'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('licences_user_idx').on(t.userId),
    index('licences_reseller_idx').on(t.resellerId),
    index('licences_status_idx').on(t.status, t.id),
    // A user has at most one active licence (activating a new key supersedes the old one).
    uniqueIndex('licences_one_active_per_user').on(t.userId).where(sql.raw(`"status" = 'active'`)),
    // Licences expiring soon: the last day of every active licence.
    index('licences_active_end_idx')
      .on(sql`(${t.licensebeginning} + ${t.totalDays})`)
      .where(sql.raw(`"status" = 'active'`)),
    check('licences_status_valid', sql`${t.status} in ('available','assigned','active','superseded','revoked')`),
    check('licences_total_days_valid', sql`${t.totalDays} between 1 and 36500`),
  ],
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
    /**
     * The sign-in passed two-step verification (or set it up): every access token of the
     * family carries it, which the staff policy asks for (permissions/abilities.ts).
     */
    twoStep: boolean('two_step').notNull().default(false),
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
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Delivery through SMTP_URL: queued → sent, or dead after the last retry. Without SMTP_URL mails stay queued. */
    status: text('status', { enum: ['queued', 'sent', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
)

export type UserRow = typeof users.$inferSelect
export type LicenceRow = typeof licences.$inferSelect
export type PlanRow = typeof plans.$inferSelect
