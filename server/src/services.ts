import type { Config } from './config'
import type { Db } from './db/client'
import type { Logger } from './logger'
import { createAuthService } from './auth/auth.service'
import { createReauthenticator } from './auth/reauth'
import { createFirebaseIdentity } from './modules/firebase-auth/firebase-identity'
import { createFirebaseAuthService } from './modules/firebase-auth/firebase-auth.service'
import { createPasswordHasher } from './auth/passwords'
import { createPasswordResetService } from './auth/password-reset'
import { AbuseLimits, abuseLimitSettings, createLimitStore, type LimitStore } from './auth/rate-limit'
import { createTokenService } from './auth/tokens'
import { createTwoStepService } from './modules/two-step/two-step.service'
import { createMailService } from './modules/mail/mail.service'
import { createMailDelivery } from './modules/mail/mail-delivery'
import { createMailboxService } from './modules/mailbox/mailbox.service'
import { createAccountService } from './modules/account/account.service'
import { createAdminService } from './modules/admin/admin.service'
import { createAuditService } from './modules/audit/audit.service'
import { createLicencesService } from './modules/licences/licences.service'
import { createHelpService } from './modules/help/help.service'
import { createBlogService } from './modules/blog/blog.service'
import { createSupportChatService } from './modules/support-chat/support-chat.service'
import { createTodoService } from './modules/todo/todo.service'
import { createCalendarService } from './modules/calendar/calendar.service'
import { createMarketingService } from './modules/marketing/marketing.service'
import { createPlansService } from './modules/plans/plans.service'
import { createUsersService } from './modules/users/users.service'
import { createChannelsService } from './modules/channels/channels.service'
import { createKickWebhooks } from './modules/channels/kick-webhooks'
import { createTokenBox, resolveTokenKey } from './modules/channels/token-box'
import { createChatService } from './modules/chat/chat.service'
import { createCommandsService } from './modules/commands/commands.service'
import { createFollowersService } from './modules/followers/followers.service'
import { createAnalyticsService } from './modules/analytics/analytics.service'
import { createSandboxService } from './modules/sandbox/sandbox.service'
import { createRaidsService } from './modules/raids/raids.service'
// alerts module
import { createAlertsService } from './modules/alerts/alerts.service'
import { createConversationService } from './modules/conversation/conversation.service'
import { createVideosService } from './modules/videos/videos.service'
import { createFeedbackService } from './modules/feedback/feedback.service'
import { createInvoicesService } from './modules/invoices/invoices.service'
import { createShopService } from './modules/shop/shop.service'
import { createStatisticsService } from './modules/statistics/statistics.service'
import { createProfileService } from './modules/statistics/profile'
import { createDataTablesService } from './modules/data-tables/data-tables.service'
import { createAutosuggestService } from './modules/autosuggest/autosuggest.service'
import { createPlatforms, type Platforms } from './platforms'
import { createInvalidations } from './realtime/invalidation'
import { createRealtime, type Realtime } from './realtime/pubsub'

export interface Clock {
  now: () => Date
}

/** Builds every service once; both doors (GraphQL and REST) call these. */
export function createServices(deps: {
  config: Config
  db: Db
  log: Logger
  secret: string
  clock?: Clock
  /** Pub/sub (in memory, or Redis with REDIS_URL) and platform clients; tests may pass their own. */
  realtime?: Realtime
  platforms?: Platforms
  /** Where the abuse limits count (in memory, or Redis with REDIS_URL); tests may pass their own. */
  limitStore?: LimitStore
}) {
  const { config, db, log } = deps
  const now = deps.clock?.now ?? (() => new Date())
  const passwords = createPasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS })
  const tokens = createTokenService(db, {
    secret: deps.secret,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL,
    refreshIdleTtlSeconds: config.REFRESH_TOKEN_IDLE_TTL,
    refreshAbsoluteTtlSeconds: config.REFRESH_TOKEN_ABSOLUTE_TTL,
    refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
    now,
  })
  const ms = () => now().getTime()
  // Pub/sub: in memory, or through Redis with REDIS_URL (live events and cache invalidations reach every process).
  const realtime = deps.realtime ?? createRealtime({ redisUrl: config.REDIS_URL, log })
  const invalidations = createInvalidations(realtime, log)
  // Sign-in, registration and password-reset limits; shared by every process through Redis when configured.
  const limitStore = deps.limitStore ?? createLimitStore({ redisUrl: config.REDIS_URL, log })
  const limits = new AbuseLimits(limitStore, abuseLimitSettings(config), ms)
  // Each user's mailbox; the product's own mails land in the recipient's inbox as well.
  // Every mail an account causes counts against MAIL_RATE_LIMIT an hour (shared through Redis like the sign-in limits).
  const mailbox = createMailboxService({ db, now, limit: limits })
  const mail = createMailService(db, log, { now, toInbox: (m, tx) => mailbox.deliverProductMail(m, tx, config.MAIL_FROM), limit: limits })
  // With SMTP_URL the outbox is sent through SMTP in the background (started by the server).
  const mailDelivery = config.SMTP_URL
    ? createMailDelivery(db, log, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        maxAttempts: config.SMTP_MAX_ATTEMPTS,
        backoffMs: config.SMTP_RETRY_SECONDS * 1000,
        tickMs: config.SMTP_TICK_MS,
        now,
      })
    : null
  // Platform tokens and two-step secrets are sealed with this key (AES-256-GCM).
  const tokenKey = resolveTokenKey({ configured: config.CHANNEL_TOKEN_KEY, dataDir: config.DATA_DIR, fallbackSecret: deps.secret })
  if (tokenKey.source === 'generated') log.warn('CHANNEL_TOKEN_KEY not set: generated a key for platform tokens in the data directory')
  const box = createTokenBox(tokenKey.key)
  // AUTH_PROVIDER=firebase: Firebase Auth holds the passwords; firebase-admin verifies its ID tokens and admin claims.
  const firebaseIdentity =
    config.AUTH_PROVIDER === 'firebase' && config.FIREBASE_PROJECT_ID
      ? createFirebaseIdentity({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST })
      : null
  const twoStep = createTwoStepService({
    db,
    box,
    secret: deps.secret,
    limits,
    reauth: createReauthenticator({ db, passwords, limits, identity: firebaseIdentity, now }),
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    appName: config.TWO_STEP_ISSUER,
    challengeTtlSeconds: config.TWO_STEP_CHALLENGE_TTL,
    now,
  })
  // The statistics cards (spec §7), reused for COUNT_CACHE_TTL seconds per caller scope; they count the sign-ins recorded here.
  const statistics = createStatisticsService({ db, now, cacheMs: config.COUNT_CACHE_TTL * 1000, currency: config.CURRENCY })
  const profile = createProfileService({ db })
  const auth = createAuthService({
    twoStep,
    onSignIn: statistics.recordSignIn,
    ...(firebaseIdentity
      ? {
          provider: {
            name: 'firebase' as const,
            // An account without a Firebase uid (a local admin from before the switch) never carries the claim.
            adminClaim: async (user: { firebaseUid: string | null }) => (user.firebaseUid ? firebaseIdentity.adminClaim(user.firebaseUid) : false),
          },
        }
      : {}),
    db,
    passwords,
    tokens,
    limits,
    principalCacheMs: config.PRINCIPAL_CACHE_MS,
    now: () => now().getTime(),
  })
  const passwordReset = createPasswordResetService({
    db,
    mail,
    passwords,
    tokens,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    ttlSeconds: config.PASSWORD_RESET_TTL,
    limits,
    now,
  })
  // Accounts, plans and licences (admin and reseller side), account settings, marketing mail.
  const countTtlMs = config.COUNT_CACHE_TTL * 1000
  const audit = createAuditService(db, now)
  const plans = createPlansService({
    db,
    audit,
    now,
    cacheMs: config.PLANS_CACHE_MS,
    currency: config.CURRENCY,
    onChanged: () => invalidations.changed('plans'),
  })
  invalidations.on('plans', plans.clear)
  // An account changed: callers, list totals and figures are dropped here and in every other process.
  const accountsChanged = () => invalidations.changed('accounts')
  // A licence activated, extended or revoked (or a package changed): the bot worker reloads the owner's channels,
  // which start, or stop saying LICENCE_ENDED. (A licence that ends by date is caught by the worker's periodic resync.)
  const licenceChanged = (userIds: number[]) => {
    void (async () => {
      for (const userId of userIds)
        for (const c of await channels.listForUser(userId)) realtime.pubsub.publish('channelChanged', { channelId: c.id, what: 'licence' })
    })().catch((e: unknown) => log.warn({ err: (e as Error).message, userIds }, 'licence change not sent to the bot worker; the next resync picks it up'))
  }
  const licences = createLicencesService({ db, audit, plans, now, countTtlMs, onChanged: accountsChanged, onLicenceChanged: licenceChanged })
  const users = createUsersService({
    db,
    audit,
    plans,
    licences,
    passwords,
    passwordReset,
    now,
    countTtlMs,
    inviteTtlSeconds: config.INVITE_TTL,
    onChanged: accountsChanged,
    // An admin's edit of a user's bot panel reaches the bot worker like an edit on /pages/Panel; so do a deleted user's channels.
    onChannelsChanged: (channelIds) => {
      for (const channelId of channelIds) void realtime.pubsub.publish('channelChanged', { channelId, what: 'panel' })
    },
    onLicenceChanged: licenceChanged,
  })
  // The open feedback reports count is read through the feedback service (built further down).
  const admin = createAdminService({ db, plans, now, cacheMs: countTtlMs, openFeedbackReports: () => feedback.openCount() })
  for (const clear of [users.clearCounts, licences.clearCounts, admin.clear, statistics.clear, auth.forgetCallers]) invalidations.on('accounts', clear)
  const account = createAccountService({
    db,
    audit,
    passwords,
    tokens,
    mail,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    emailUndoTtlSeconds: config.EMAIL_UNDO_TTL,
    now,
    onChanged: accountsChanged,
  })
  const marketing = createMarketingService({
    db,
    secret: deps.secret,
    redirectHosts: config.MARKETING_REDIRECT_HOSTS,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    now,
  })
  // The assistant: channels, commands and timers, live chat (see docs/features/bot-worker.md).
  const pubsub = realtime.pubsub
  const platforms = deps.platforms ?? createPlatforms(config, { now: ms })
  const channels = createChannelsService({
    db,
    log,
    now,
    box,
    platforms,
    pubsub,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    stateTtlSeconds: config.OAUTH_STATE_TTL,
  })
  const commands = createCommandsService({ db, channels, pubsub, now })
  const chat = createChatService({ db, log, now, pubsub, channels, platforms, historySize: config.CHAT_HISTORY_SIZE })
  const sandbox = createSandboxService({ db, log, box, platforms, channels, commands })
  const raids = createRaidsService({ db, log, now, channels, platforms })
  // alerts module
  const alerts = createAlertsService({ db, log, now, channels, pubsub })
  // Conversation bot: rules, the optional model endpoint (CONVERSATION_MODEL_*), the log, the monthly limit.
  const conversation = createConversationService({ db, log, now, channels, pubsub, config })
  // The VOD and clip library: Helix read through a per-channel cache (syncChannel for the scheduler).
  const videos = createVideosService({ db, log, now, channels, platforms })
  const kickWebhooks = createKickWebhooks({
    db,
    log,
    now,
    kick: platforms.kick,
    pubsub,
    configuredKey: config.KICK_WEBHOOK_PUBLIC_KEY,
    // Several processes: a message id counts once over all of them (the limits' atomic counter in Redis).
    firstDelivery:
      limitStore.kind === 'redis' ? async (messageId, forMs) => (await limitStore.hit(`webhook:kick:${messageId}`, ms(), forMs, false)).count === 1 : undefined,
  })
  // Followers (list, follow events, thank-you) and analytics (stream sessions, viewer samples, dashboards).
  const followers = createFollowersService({ db, now, channels, platforms, syncMs: config.FOLLOWER_SYNC_SECONDS * 1000 })
  const analytics = createAnalyticsService({ db, now, channels, platforms, sampleMs: config.VIEWER_SAMPLE_SECONDS * 1000 })
  // Bot feedback reports: filed from the Bot-Panel, triaged by admins (audited, mailed to the reporter).
  const feedback = createFeedbackService({
    db,
    now,
    audit,
    mail,
    channels,
    chat,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    // The open reports count on the admin dashboard, here and in other processes.
    onChanged: () => invalidations.changed('feedback'),
  })
  invalidations.on('feedback', admin.clear)
  // The help centre: FAQ and knowledge base per locale, edited by admins.
  const help = createHelpService({ db, audit, now })
  // The product news (blog): posts written by admins, read and commented on by every signed-in user.
  const blog = createBlogService({ db, audit, now })
  // Support chat between users in each other's scope (live over the pub/sub) and tasks.
  const supportChat = createSupportChatService({ db, now, pubsub })
  const todo = createTodoService({ db, now })
  // The stream calendar: own events, the Twitch stream schedule (Helix /schedule), the iCalendar feed.
  const calendar = createCalendarService({ db, log, now, channels, platforms, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` })
  // The shop (catalogue, wishlist, cart, checkout) and its invoices, paid by bank transfer (the manual provider).
  const invoices = createInvoicesService({
    db,
    audit,
    mail,
    licences,
    now,
    currency: config.CURRENCY,
    dueDays: config.INVOICE_DUE_DAYS,
    bank: { bankName: config.INVOICE_BANK_NAME, country: config.INVOICE_BANK_COUNTRY, iban: config.INVOICE_IBAN, swiftCode: config.INVOICE_SWIFT },
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  })
  const shop = createShopService({ db, audit, invoices, now })
  const firebaseAuth = createFirebaseAuthService({
    db,
    identity: firebaseIdentity,
    auth,
    audit,
    limits,
    config: {
      provider: config.AUTH_PROVIDER,
      firebase:
        config.AUTH_PROVIDER === 'firebase' && config.FIREBASE_PROJECT_ID
          ? {
              apiKey: config.FIREBASE_API_KEY,
              authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
              projectId: config.FIREBASE_PROJECT_ID,
              emulatorUrl: config.FIREBASE_AUTH_EMULATOR_HOST ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` : null,
            }
          : null,
    },
  })
  // The data tables (spec §7 /good-table/*) and the navbar search over the accounts in scope.
  const dataTables = createDataTablesService({ db, now })
  const autosuggest = createAutosuggestService({ dataTables, help, shop })

  return {
    invalidations,
    dataTables,
    autosuggest,
    firebaseAuth,
    firebaseIdentity,
    statistics,
    profile,
    supportChat,
    todo,
    calendar,
    shop,
    invoices,
    passwords,
    tokens,
    limits,
    auth,
    twoStep,
    mail,
    mailbox,
    mailDelivery,
    passwordReset,
    audit,
    plans,
    licences,
    users,
    admin,
    account,
    marketing,
    realtime,
    pubsub,
    platforms,
    channels,
    commands,
    chat,
    kickWebhooks,
    followers,
    analytics,
    sandbox,
    raids,
    // alerts module
    alerts,
    videos,
    feedback,
    help,
    blog,
    conversation,
  }
}

export type Services = ReturnType<typeof createServices>
