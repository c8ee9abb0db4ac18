import { z } from 'zod'
import { secretWeakness } from './secret-strength'

/** Reads "off"/"false"/"0"/"no" as false, anything else as true; unset as the fallback. */
const isOn = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !['off', 'false', '0', 'no'].includes(v.toLowerCase())
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => isOn(v, fallback))

const duration = (fallbackSeconds: number) => z.coerce.number().int().positive().default(fallbackSeconds)
/** An integer from min to max; anything else is refused with a message that says so. */
const integer = (min: number, max: number, fallback: number) => {
  const error = `must be an integer from ${min} to ${max}`
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback)
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** PGlite in a worker thread (off: on the HTTP thread). */
  PGLITE_THREAD: flag(true),
  /** Demo accounts: on by default, off by default in production (and refused there without DEMO_IN_PRODUCTION=yes). */
  DEMO: z.string().optional(),
  DEMO_IN_PRODUCTION: flag(false),
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  JWT_ISSUER: z.string().default('channel-assistant'),
  JWT_AUDIENCE: z.string().default('channel-assistant-dashboard'),
  ACCESS_TOKEN_TTL: duration(600),
  REFRESH_TOKEN_IDLE_TTL: duration(600),
  REFRESH_TOKEN_ABSOLUTE_TTL: duration(12 * 3600),
  /** Seconds a spent refresh token, replayed, still answers its successor (0 turns the grace off). */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  PASSWORD_RESET_TTL: duration(3600),
  /** Two-step verification: seconds between the password and the code; the authenticator app's issuer name. */
  TWO_STEP_CHALLENGE_TTL: duration(300),
  TWO_STEP_ISSUER: z.string().min(1).max(64).default('Channel Assistant'),
  PUBLIC_URL: z.string().url().optional(),
  // Sign-in provider (README "Choosing the sign-in provider").
  /** local: the product's own e-mail/password; firebase: Firebase Auth ID tokens exchanged at POST /jwt/firebase. */
  AUTH_PROVIDER: z.enum(['local', 'firebase']).default('local'),
  /** The Firebase project id (the ID token's audience); required with AUTH_PROVIDER=firebase. */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id (lower-case letters, digits, dashes)')
    .optional(),
  /** host:port of the Firebase Auth emulator (tests, local development); firebase-admin and the client use it. */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port')
    .optional(),
  /** The Firebase web app's API key and auth domain: public by Firebase's design, sent to the browser. */
  FIREBASE_API_KEY: z.string().max(200).default(''),
  FIREBASE_AUTH_DOMAIN: z.string().max(200).optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  // Abuse limits (README "Security"); kept in Redis when REDIS_URL is set.
  /** Wrong passwords for one account from one address before growing delays (1 s, 2 s, 4 s …) start. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Seconds after the last failure that failures are forgotten; also the longest delay. */
  LOGIN_RATE_WINDOW: duration(15 * 60),
  /** Wrong passwords for one account from all addresses before addresses it never signed in from are delayed. */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(50),
  /** Wrong passwords from one address over all accounts (per LOGIN_RATE_WINDOW) before it is refused, except for accounts that signed in from it. */
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().positive().default(500),
  /** Registrations per address per hour (per e-mail: half of it, at least 3). */
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Password-reset mails per e-mail per hour (per address: ten times as many requests). */
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().positive().default(3),
  /** Mails one account may cause per hour (invoice mails, invitations, mailbox mails, feedback replies, e-mail change notices). */
  MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Defaults to on, and to off when NODE_ENV=production. */
  GRAPHIQL: z.string().optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(8),
  TRUST_PROXY: flag(false),
  // Overload (see README "Overload"): requests served at once, waiting, and the longest wait.
  MAX_INFLIGHT: z.coerce.number().int().min(1).default(16),
  MAX_QUEUE: z.coerce.number().int().min(0).default(64),
  QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(1000),
  /** A queue whose requests leave it within this wait (ms) is no overload, however long; only one standing above it for a second sheds arrivals (CoDel's target). */
  QUEUE_TARGET_MS: z.coerce.number().int().min(1).default(500),
  /** While requests have been queued for a second, refuse arrivals if the event loop is this many ms behind; 0 turns the check off. */
  MAX_LOOP_LAG_MS: z.coerce.number().int().min(0).default(200),
  /** Live subscription streams one caller holds at once (the signed-in user, else the address); more are refused with TOO_MANY_STREAMS. */
  MAX_STREAMS_PER_CALLER: z.coerce.number().int().min(1).max(10_000).default(16),
  /** The longest a connection may take to send a request's headers (ms); then it gets 408 and is closed. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** Open connections from one address (behind TRUST_PROXY: the proxy's); the next is closed at once; 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(512),
  /** How long an idle keep-alive connection stays open (Node accepts one new connection per event-loop iteration: reuse is cheaper). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST: z.string().default('./dist/client'),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
  // Channels, platforms and the bot worker (see README "Bot worker and platforms").
  /** 32 bytes (base64 or hex) for AES-256-GCM of stored platform tokens; required in production. */
  CHANNEL_TOKEN_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, {
      message: 'must be 32 bytes: 64 hex characters or 44 base64 characters',
    }),
  TWITCH_CLIENT_ID: z.string().default(''),
  TWITCH_CLIENT_SECRET: z.string().default(''),
  TWITCH_API_URL: z.string().url().default('https://api.twitch.tv/helix'),
  TWITCH_AUTH_URL: z.string().url().default('https://id.twitch.tv/oauth2'),
  TWITCH_EVENTSUB_WS_URL: z.string().url().default('wss://eventsub.wss.twitch.tv/ws'),
  /** How the worker receives Twitch events: a WebSocket session per channel, or one EventSub conduit per process (app token; shards are WebSocket sessions). */
  TWITCH_EVENTSUB_TRANSPORT: z.enum(['websocket', 'conduit']).default('websocket'),
  /** Conduit transport: shards this worker opens (each one WebSocket carrying many channels). */
  TWITCH_CONDUIT_SHARDS: z.coerce.number().int().min(1).max(20_000).default(1),
  /** Conduit transport: an existing conduit to use (else the app's first, else a new one). */
  TWITCH_CONDUIT_ID: z.string().min(1).optional(),
  KICK_CLIENT_ID: z.string().default(''),
  KICK_CLIENT_SECRET: z.string().default(''),
  KICK_API_URL: z.string().url().default('https://api.kick.com/public/v1'),
  KICK_AUTH_URL: z.string().url().default('https://id.kick.com/oauth'),
  /** Kick's webhook public key (PEM); fetched from KICK_API_URL/public-key when unset. */
  KICK_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  /** Sandbox channels (a local simulated Twitch served in-process): auto (= on) | on | off. */
  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  REDIS_URL: z.string().url().optional(),
  /** Server processes on one port (node:cluster); more than 1 needs DATABASE_URL and REDIS_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  WORKER_INLINE: flag(true),
  /** `npm run worker`: how long a channel lease lives without renewal; a dead worker's channels move after about this long. */
  WORKER_LEASE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(5000),
  /** `npm run worker`: its name in the lease table (the host name when unset; process id and a random suffix follow). */
  WORKER_ID: z.string().min(1).max(100).optional(),
  OAUTH_STATE_TTL: duration(600),
  CHAT_HISTORY_SIZE: z.coerce.number().int().min(10).max(10_000).default(200),
  BOT_RECONNECT_BASE_MS: z.coerce.number().int().min(1).default(1000),
  BOT_RECONNECT_MAX_MS: z.coerce.number().int().min(1).default(60_000),
  /** Channel (re)loads and bot starts a bot worker runs at once (each holds a connection of the pool while it reads). */
  BOT_RELOAD_CONCURRENCY: integer(1, 100, 6),
  // Deadlines (README "Failure behaviour"): a request, a database call, the readiness probe.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(3000),
  /** Who reads /healthz?details: `loopback` (the machine itself, not through a proxy) and admins, or `public`. */
  HEALTH_DETAILS: z.enum(['loopback', 'public']).default('loopback'),
  READYZ_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** ISO 4217 code of the plan prices and revenue figures. */
  CURRENCY: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'CURRENCY must be an ISO 4217 code such as USD or EUR')
    .default('USD'),
  /** Bank-transfer details printed on invoices (the manual payment provider); empty means "ask us". */
  INVOICE_BANK_NAME: z.string().max(200).default(''),
  INVOICE_BANK_COUNTRY: z.string().max(100).default(''),
  INVOICE_IBAN: z.string().max(64).default(''),
  INVOICE_SWIFT: z.string().max(32).default(''),
  /** Days from issue to due date of an invoice made at checkout. */
  INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** On SIGTERM: how long in-flight requests and owed bot replies may take before the process ends. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // The per-channel sync scheduler (server/src/worker/sync-scheduler.ts).
  SYNC_TICK_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  VIEWER_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  FOLLOWER_SYNC_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  // Conversation bot: an optional OpenAI-compatible chat-completions endpoint (off without a URL).
  /** Base URL of the endpoint, e.g. https://host/v1 (the bot posts to {url}/chat/completions). */
  CONVERSATION_MODEL_URL: z.string().url().optional(),
  CONVERSATION_MODEL: z.string().default(''),
  /** The endpoint's API key; used by the server only, never sent to a browser. */
  CONVERSATION_MODEL_KEY: z.string().default(''),
  CONVERSATION_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** on: ask with `stream: true` (server-sent events); off: one JSON answer. */
  CONVERSATION_MODEL_STREAM: z.enum(['on', 'off']).default('on'),
  /** Days the conversation log keeps what was asked and answered. */
  CONVERSATION_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Accounts, licences, marketing.
  /** Milliseconds an access token's caller (user row, ability) is reused; 0 reads it on every request. */
  PRINCIPAL_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Seconds a list's exact total (users, licences) and the admin figures are reused; 0 counts every time. */
  COUNT_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(5),
  /** Milliseconds the plans (names, prices, limits) are reused per process; 0 reads them every time. */
  PLANS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** Lifetime of the set-password link mailed to an account created without a password, seconds. */
  INVITE_TTL: duration(7 * 24 * 3600),
  /** How long the link mailed to the old address after a sign-in e-mail change can undo it, seconds. */
  EMAIL_UNDO_TTL: duration(7 * 24 * 3600),
  /** smtp://user:pass@host:port (or smtps://): the outbox is sent through it; unset, mails stay in the outbox. */
  SMTP_URL: z.string().url().optional(),
  /** The From address of the product's mails. */
  MAIL_FROM: z.string().default('Botpanel <no-reply@botpanel.local>'),
  /** Delivery attempts before a mail is dead-lettered. */
  SMTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** First retry delay in seconds; it doubles with each failed attempt. */
  SMTP_RETRY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** How often the delivery loop looks for due mails, milliseconds. */
  SMTP_TICK_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** Hosts marketing click links may redirect to (comma list); nothing else is redirected to. */
  MARKETING_REDIRECT_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : [])),
})

export type Config = Omit<z.infer<typeof envSchema>, 'GRAPHIQL' | 'DEMO'> & { GRAPHIQL: boolean; DEMO: boolean }

export class ConfigError extends Error {}

/**
 * Whether DEMO is on: on by default, off by default in production. dist/start.js (scripts/start.ts)
 * picks the program by it before any configuration is loaded.
 */
export const demoOn = (env: NodeJS.ProcessEnv) => isOn(env.DEMO, env.NODE_ENV !== 'production')

/** For a program's start: the configuration, or its message on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (e) {
    console.error(e instanceof ConfigError ? e.message : e)
    process.exit(1)
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${problems}`)
  }
  const { GRAPHIQL, DEMO: _demo, ...rest } = parsed.data
  const production = rest.NODE_ENV === 'production'
  const config = {
    ...rest,
    GRAPHIQL: isOn(GRAPHIQL, !production),
    DEMO: demoOn(env),
  }
  if (production) refuseWeakProductionSettings(config)
  if (config.WEB_CONCURRENCY > 1) refuseSingleProcessSettings(config)
  if (config.AUTH_PROVIDER === 'firebase' && !config.FIREBASE_PROJECT_ID) {
    throw new ConfigError('AUTH_PROVIDER=firebase needs FIREBASE_PROJECT_ID (and FIREBASE_API_KEY for the browser).')
  }
  if (production && config.AUTH_PROVIDER === 'firebase' && config.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is refused when NODE_ENV=production: the emulator does not sign its tokens.')
  }
  return config
}

/**
 * WEB_CONCURRENCY > 1 runs several server processes: each needs the database, the caches'
 * invalidations, the abuse limits and the pub/sub shared, which PGlite and memory cannot do.
 */
function refuseSingleProcessSettings(config: Config) {
  const n = config.WEB_CONCURRENCY
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${n} needs PostgreSQL (DATABASE_URL): PGlite's data directory belongs to one process. Set DATABASE_URL, or WEB_CONCURRENCY=1.`,
    )
  }
  if (!config.REDIS_URL) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${n} needs REDIS_URL: sign-in limits, cache invalidations and live events are shared between the processes through Redis. Set REDIS_URL, or WEB_CONCURRENCY=1.`,
    )
  }
  if (config.SANDBOX === 'on') {
    throw new ConfigError(`SANDBOX=on is refused with WEB_CONCURRENCY=${n}: the simulated platform lives in one process's memory. Use SANDBOX=auto (off here) or WEB_CONCURRENCY=1.`)
  }
  // auto: the sandbox is offered by a single process only.
  config.SANDBOX = 'off'
}

/** Production starts only with real secrets and without demo accounts unless asked for twice. */
function refuseWeakProductionSettings(config: Config) {
  if (!config.JWT_ACCESS_SECRET) {
    throw new ConfigError(`JWT_ACCESS_SECRET is required when NODE_ENV=production. ${MAKE_SECRET}`)
  }
  const jwtWeakness = secretWeakness(config.JWT_ACCESS_SECRET)
  if (jwtWeakness) throw new ConfigError(`JWT_ACCESS_SECRET is too weak for production: ${jwtWeakness}. ${MAKE_SECRET}`)
  if (!config.CHANNEL_TOKEN_KEY) {
    throw new ConfigError('CHANNEL_TOKEN_KEY (32 bytes, base64 or hex) is required when NODE_ENV=production. Make one with `openssl rand -base64 32`.')
  }
  // 32 bytes as base64 carry 256 bits exactly: a little slack for a common word turning up by chance.
  const keyWeakness = secretWeakness(config.CHANNEL_TOKEN_KEY, 240)
  if (keyWeakness) {
    throw new ConfigError(`CHANNEL_TOKEN_KEY is too weak for production: ${keyWeakness}. Make one with \`openssl rand -base64 32\`.`)
  }
  if (config.DEMO && !config.DEMO_IN_PRODUCTION) {
    throw new ConfigError(
      'DEMO=on seeds accounts with known passwords and is refused when NODE_ENV=production; set DEMO_IN_PRODUCTION=yes as well if you really want them.',
    )
  }
}

const MAKE_SECRET = 'Make one with `openssl rand -base64 48` (at least 256 random bits).'
