import { z } from 'zod'
import { secretWeakness } from './secret-strength'

/** Reads "off"/"false"/"0"/"no" as false, anything else as true; unset as the fallback. */
const isOn = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : !['off', 'false', '0', 'no'].includes(v.toLowerCase()))
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => isOn(v, fallback))
    .meta({ shown: fallback ? 'on' : 'off' })

const duration = (fallbackSeconds: number) => z.coerce.number().int().positive().default(fallbackSeconds)
/** An integer from min to max; anything else is refused with a message that says so. */
const integer = (min: number, max: number, fallback: number) => {
  const error = `must be an integer from ${min} to ${max}`
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback)
}

/** Sections of the configuration reference (docs/configuration.md), in its order. */
export const CONFIG_GROUPS = [
  'Server',
  'Database and data',
  'Demo accounts and the sandbox',
  'Sign-in and tokens',
  'Firebase Auth',
  'Abuse limits',
  'GraphQL',
  'Overload',
  'Deadlines and health',
  'Mail',
  'Platforms and the bot worker',
  'Sync scheduler',
  'Conversation bot',
  'Caches',
  'Invoices',
  'Accounts and marketing',
  'Webhooks',
] as const
export type ConfigGroup = (typeof CONFIG_GROUPS)[number]

/**
 * What docs/configuration.md and .env.example say of a variable (`npm run docs:config` renders
 * both from this schema, so the reference cannot drift from what the server reads). `shown`
 * replaces the default the schema carries where that is not a plain value ("generated locally").
 */
const doc = (group: ConfigGroup, description: string, shown?: string) => ({ group, description, ...(shown === undefined ? {} : { shown }) })

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .meta(
      doc(
        'Server',
        '`production` refuses weak settings (see docs/security.md), turns `DEMO` and `GRAPHIQL` off by default and hides introspection from non-admins',
      ),
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000).meta(doc('Server', 'HTTP port (GraphQL, REST, the built client)')),
  HOST: z.string().default('0.0.0.0').meta(doc('Server', 'interface to listen on')),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .meta(doc('Server', 'base of links in mails', '`http://localhost:$PORT`')),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .meta(doc('Server', 'comma-separated origins allowed cross-site (same-origin needs none)', 'none')),
  TRUST_PROXY: flag(false).meta(doc('Server', 'take the caller address from `X-Forwarded-For` (behind a proxy)')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta(doc('Server', 'pino level (`silent` for none)')),
  CLIENT_DIST: z.string().default('./dist/client').meta(doc('Server', 'where the built client is served from')),
  /** Several processes need the shared database and Redis: loadConfig refuses the rest (refuseSingleProcessSettings). */
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .meta(
      doc(
        'Server',
        'server processes on the one port (node:cluster, see docs/operations.md); more than 1 needs `DATABASE_URL` and `REDIS_URL` and is refused otherwise (also with `SANDBOX=on`)',
      ),
    ),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .meta(
      doc(
        'Server',
        'pub/sub and the abuse limits through Redis (live chat, bot status, settings changes, sign-in delays, cache invalidations, the bound on open overlays) so several processes share them; in memory otherwise',
      ),
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .meta(
      doc(
        'Server',
        'on SIGTERM or SIGINT: how long requests in flight and the bot replies already owed may take before the remaining connections are cut and the process exits',
      ),
    ),
  DATA_DIR: z.string().default('./data').meta(doc('Database and data', 'PGlite data and the generated local secret; `memory://` keeps nothing')),
  DATABASE_URL: z.string().url().optional().meta(doc('Database and data', 'PostgreSQL instead of PGlite')),
  PGLITE_THREAD: flag(true).meta(
    doc('Database and data', 'run PGlite in a worker thread, so its statements never block the HTTP thread; `off` runs it on the HTTP thread'),
  ),
  /** Demo accounts: on by default, off by default in production (and refused there without DEMO_IN_PRODUCTION=yes). */
  DEMO: z
    .string()
    .optional()
    .meta(
      doc(
        'Demo accounts and the sandbox',
        '`off` seeds no demo accounts; in production `DEMO=on` is refused unless `DEMO_IN_PRODUCTION=yes` is set too',
        'on (off in production)',
      ),
    ),
  DEMO_IN_PRODUCTION: flag(false).meta(
    doc('Demo accounts and the sandbox', '`yes` lets `DEMO=on` seed demo accounts (with known, logged passwords) in production'),
  ),
  SANDBOX: z
    .enum(['auto', 'on', 'off'])
    .default('auto')
    .meta(
      doc(
        'Demo accounts and the sandbox',
        'sandbox channels (a simulated Twitch channel served inside the server): `auto` and `on` offer them, `off` does not (and seeds no demo sandbox channel)',
      ),
    ),
  JWT_ACCESS_SECRET: z
    .string()
    .min(32)
    .optional()
    .meta(
      doc(
        'Sign-in and tokens',
        'HS256 signing secret, ≥ 32 characters; in production required and ≥ 256 random bits (make one with `openssl rand -base64 48`); a first local start without it generates one into `DATA_DIR/secrets.json`',
        'generated locally',
      ),
    ),
  JWT_ISSUER: z.string().default('channel-assistant').meta(doc('Sign-in and tokens', 'issuer checked on every access token')),
  JWT_AUDIENCE: z.string().default('channel-assistant-dashboard').meta(doc('Sign-in and tokens', 'audience checked on every access token')),
  ACCESS_TOKEN_TTL: duration(600).meta(doc('Sign-in and tokens', 'access token lifetime, seconds')),
  REFRESH_TOKEN_IDLE_TTL: duration(600).meta(doc('Sign-in and tokens', 'a refresh token must be used within this many seconds')),
  REFRESH_TOKEN_ABSOLUTE_TTL: duration(12 * 3600).meta(doc('Sign-in and tokens', 'a sign-in ends after this many seconds, however used')),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(10)
    .meta(
      doc(
        'Sign-in and tokens',
        'a spent refresh token presented again within this many seconds of its rotation (a retried request, two tabs) answers the same successor instead of ending the sign-in; `0` turns the grace off',
      ),
    ),
  PASSWORD_RESET_TTL: duration(3600).meta(doc('Sign-in and tokens', 'lifetime of a reset link, seconds')),
  TWO_STEP_CHALLENGE_TTL: duration(300).meta(doc('Sign-in and tokens', "seconds between the password and the two-step code (the challenge token's lifetime)")),
  TWO_STEP_ISSUER: z
    .string()
    .min(1)
    .max(64)
    .default('Channel Assistant')
    .meta(doc('Sign-in and tokens', 'the issuer name authenticator apps show for two-step verification')),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456).meta(doc('Sign-in and tokens', 'argon2id memory cost in KiB (OWASP: 19 MiB, t=2, p=1)')),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2).meta(doc('Sign-in and tokens', 'argon2id iterations (OWASP: t=2)')),
  AUTH_PROVIDER: z
    .enum(['local', 'firebase'])
    .default('local')
    .meta(
      doc(
        'Firebase Auth',
        "`local`: the product's own e-mail/password sign-in; `firebase`: Firebase Auth ID tokens exchanged at `POST /jwt/firebase` (see docs/features/sign-in-provider.md)",
      ),
    ),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id (lower-case letters, digits, dashes)')
    .optional()
    .meta(doc('Firebase Auth', "the Firebase project (the ID token's audience); required with `AUTH_PROVIDER=firebase`; a `demo-…` id for the emulator")),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port')
    .optional()
    .meta(
      doc(
        'Firebase Auth',
        '`host:port` of the Firebase Auth emulator: firebase-admin and the browser use it instead of Google (refused in production: the emulator does not sign its tokens)',
      ),
    ),
  FIREBASE_API_KEY: z
    .string()
    .max(200)
    .default('')
    .meta(doc('Firebase Auth', "the Firebase web app's API key, sent to the browser (public by Firebase's design; no server secret is)")),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .max(200)
    .optional()
    .meta(doc('Firebase Auth', "the Firebase web app's auth domain, sent to the browser", '`<project>.firebaseapp.com`')),
  LOGIN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .meta(
      doc(
        'Abuse limits',
        'wrong passwords for one account from one address before delays start (1 s, doubling each failure, at most `LOGIN_RATE_WINDOW`); answered 429 with `Retry-After`',
      ),
    ),
  LOGIN_RATE_WINDOW: duration(15 * 60).meta(doc('Abuse limits', 'seconds after the last failure that failures are forgotten; also the longest delay')),
  LOGIN_ACCOUNT_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(50)
    .meta(
      doc('Abuse limits', 'wrong passwords for one account from all addresses (per window) before addresses it never signed in from are delayed the same way'),
    ),
  LOGIN_ADDRESS_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(500)
    .meta(
      doc('Abuse limits', 'wrong passwords from one address over all accounts (per window) before it is refused, except for accounts that signed in from it'),
    ),
  REGISTER_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .meta(doc('Abuse limits', 'registrations per address per hour (per e-mail: half of it, at least 3)')),
  PASSWORD_RESET_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(3)
    .meta(doc('Abuse limits', 'reset mails per e-mail per hour (per address: ten times as many requests)')),
  MAIL_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .meta(
      doc(
        'Abuse limits',
        'mails one account may cause per hour, admins’ too (the ceiling on a stolen session): invoice mails (send, checkout), invitations, e-mail change notices, feedback replies, mailbox mails; the product’s own mails (password resets, announcements) are not counted here; past it 429 `RATE_LIMITED` with `Retry-After`, nothing written',
      ),
    ),
  /** Defaults to on, and to off when NODE_ENV=production. */
  GRAPHIQL: z
    .string()
    .optional()
    .meta(
      doc(
        'GraphQL',
        'GraphiQL at `/graphql` in a browser, its files served by the server itself (`/graphiql/…`, works offline); introspection in production is for admins only',
        'on (off in production)',
      ),
    ),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(8).meta(doc('GraphQL', 'query depth limit (aliases 15, cost 5000, tokens 2000 are fixed)')),
  MAX_INFLIGHT: z.coerce.number().int().min(1).default(16).meta(doc('Overload', 'requests served at once')),
  MAX_QUEUE: z.coerce.number().int().min(0).default(64).meta(doc('Overload', 'requests waiting for a slot')),
  QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(1000).meta(doc('Overload', 'the longest wait (ms) before a waiting request is refused')),
  QUEUE_TARGET_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(500)
    .meta(
      doc(
        'Overload',
        "CoDel's target: a queue whose requests leave it within this wait (ms) is no overload, however long; new requests are refused at once only after the queue stood above it for a second",
      ),
    ),
  MAX_LOOP_LAG_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(200)
    .meta(
      doc(
        'Overload',
        'while requests have been queued for a second, new ones are refused if the event loop is this many ms behind (never with an empty queue); `0` turns the check off',
      ),
    ),
  MAX_STREAMS_PER_CALLER: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(16)
    .meta(
      doc(
        'Overload',
        'live subscription streams one caller holds at once (the signed-in user over all tabs, else the address); the next is refused with 429 `TOO_MANY_STREAMS`',
      ),
    ),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(10_000)
    .meta(doc('Overload', "a connection must send a request's headers within this time (ms), else 408 and closed (slow-header clients)")),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(512)
    .meta(
      doc(
        'Overload',
        "open connections from one address; the next is closed as it is accepted; `0`: no cap. Behind a proxy every connection comes from the proxy's address: raise it or set `0` and let the proxy bound clients",
      ),
    ),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(65_000)
    .meta(
      doc(
        'Overload',
        "how long (ms) an idle keep-alive connection stays open (Node's default is 5 s); reused connections spare the server new ones, which it accepts only one per event-loop iteration",
      ),
    ),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(5000)
    .meta(
      doc(
        'Deadlines and health',
        'deadline (ms) of a request until its response starts; past it the answer is a 503 `SERVICE_UNAVAILABLE` and the log says what it waited for (a started SSE stream is not cut)',
      ),
    ),
  DB_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(3000)
    .meta(
      doc(
        'Deadlines and health',
        'deadline (ms) of one database call (PostgreSQL: `statement_timeout`, pool checkout, read timeout; PGlite: the caller stops waiting, the statement runs on); a coded 503 past it',
      ),
    ),
  HEALTH_DETAILS: z
    .enum(['loopback', 'public'])
    .default('loopback')
    .meta(
      doc(
        'Deadlines and health',
        'who reads `/healthz?details`: `loopback` (a loopback socket not relayed by a proxy) and admins (their token), or `public`; anyone else gets the minimal `{status: "ok"}`',
      ),
    ),
  READYZ_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(1000)
    .meta(doc('Deadlines and health', '`/readyz` answers 503 when the database does not answer within this (ms)')),
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .meta(doc('Mail', '`smtp://user:pass@host:port` (or `smtps://`): the outbox is sent through it; unset, mails stay in the outbox')),
  MAIL_FROM: z.string().default('Botpanel <no-reply@botpanel.local>').meta(doc('Mail', "From address of the product's mails")),
  SMTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6).meta(doc('Mail', 'delivery attempts before a mail is dead-lettered')),
  SMTP_RETRY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30).meta(doc('Mail', 'first retry delay, seconds; doubles with each failure')),
  SMTP_TICK_MS: z.coerce.number().int().min(50).max(600_000).default(5000).meta(doc('Mail', 'how often (ms) the delivery loop looks for due mails')),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag(false).meta(
    doc('Webhooks', 'let webhooks reach private, loopback and link-local addresses (v4 and v6); off, such a host is refused after resolution'),
  ),
  WEBHOOKS_TIMEOUT_MS: integer(1000, 60_000, 10_000).meta(doc('Webhooks', 'one delivery attempt, answer included, ends after this many ms')),
  WEBHOOKS_LEASE_MARGIN_MS: integer(1000, 600_000, 30_000).meta(
    doc(
      'Webhooks',
      'a process sending a webhook holds it for WEBHOOKS_TIMEOUT_MS and this many ms more; a process killed mid-send leaves it to another (or to itself restarted) after that',
    ),
  ),
  WEBHOOKS_RETRY_SECONDS: integer(1, 3600, 30).meta(doc('Webhooks', 'first retry delay of a failed delivery, seconds; doubles with each failure')),
  WEBHOOKS_RETRY_FOR_SECONDS: integer(60, 7 * 86_400, 86_400).meta(
    doc('Webhooks', 'a delivery is retried until this many seconds after its event, then marked failed'),
  ),
  WEBHOOKS_DISABLE_AFTER_FAILURES: integer(1, 1000, 15).meta(doc('Webhooks', 'failed attempts in a row that switch an endpoint off (its owner is mailed)')),
  WEBHOOKS_TICK_MS: integer(50, 600_000, 2000).meta(doc('Webhooks', 'how often (ms) the delivery loop looks for due webhooks')),
  CHANNEL_TOKEN_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, {
      message: 'must be 32 bytes: 64 hex characters or 44 base64 characters',
    })
    .meta(
      doc(
        'Platforms and the bot worker',
        '32 bytes (64 hex or base64) for AES-256-GCM of stored platform tokens; required in production, with no repeated or patterned bytes (make one with `openssl rand -base64 32`); a local start without it generates `DATA_DIR/channel-token-key` (in-memory databases derive it from the JWT secret)',
        'generated locally',
      ),
    ),
  TWITCH_CLIENT_ID: z
    .string()
    .default('')
    .meta(doc('Platforms and the bot worker', 'the Twitch application (redirect URL `PUBLIC_URL/apps/oauth/twitch/callback`)')),
  TWITCH_CLIENT_SECRET: z.string().default('').meta(doc('Platforms and the bot worker', "the Twitch application's secret")),
  TWITCH_API_URL: z
    .string()
    .url()
    .default('https://api.twitch.tv/helix')
    .meta(doc('Platforms and the bot worker', 'Twitch Helix base URL (tests point it at a local server)')),
  TWITCH_AUTH_URL: z.string().url().default('https://id.twitch.tv/oauth2').meta(doc('Platforms and the bot worker', 'Twitch OAuth base URL')),
  TWITCH_EVENTSUB_WS_URL: z
    .string()
    .url()
    .default('wss://eventsub.wss.twitch.tv/ws')
    .meta(doc('Platforms and the bot worker', 'Twitch EventSub WebSocket URL')),
  TWITCH_EVENTSUB_TRANSPORT: z
    .enum(['websocket', 'conduit'])
    .default('websocket')
    .meta(
      doc(
        'Platforms and the bot worker',
        'how the worker receives Twitch events: `websocket`, a session per channel; `conduit`, one EventSub conduit per worker (app token, `TWITCH_CONDUIT_SHARDS` WebSocket shards)',
      ),
    ),
  TWITCH_CONDUIT_SHARDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20_000)
    .default(1)
    .meta(doc('Platforms and the bot worker', 'conduit transport: shards this worker opens (each one WebSocket carrying many channels)')),
  TWITCH_CONDUIT_ID: z
    .string()
    .min(1)
    .optional()
    .meta(doc('Platforms and the bot worker', "conduit transport: an existing conduit to use (else the app's first, else a new one)")),
  TWITCH_CONDUIT_START_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .meta(
      doc(
        'Platforms and the bot worker',
        'conduit transport: how long the worker waits for its shards to be assigned before it gives the conduit up and runs a WebSocket session per channel (a shard error Twitch answers as permanent gives it up at once)',
      ),
    ),
  KICK_CLIENT_ID: z
    .string()
    .default('')
    .meta(
      doc(
        'Platforms and the bot worker',
        'the Kick application (redirect URL `PUBLIC_URL/apps/oauth/kick/callback`, webhook URL `PUBLIC_URL/apps/webhooks/kick`)',
      ),
    ),
  KICK_CLIENT_SECRET: z.string().default('').meta(doc('Platforms and the bot worker', "the Kick application's secret")),
  KICK_API_URL: z.string().url().default('https://api.kick.com/public/v1').meta(doc('Platforms and the bot worker', 'Kick API base URL')),
  KICK_AUTH_URL: z.string().url().default('https://id.kick.com/oauth').meta(doc('Platforms and the bot worker', 'Kick OAuth base URL')),
  KICK_WEBHOOK_PUBLIC_KEY: z
    .string()
    .optional()
    .meta(doc('Platforms and the bot worker', "Kick's webhook signing key (PEM); read once from `KICK_API_URL/public-key` when unset", 'fetched')),
  WORKER_INLINE: flag(true).meta(doc('Platforms and the bot worker', 'run the bot worker inside the server process; `off` when `npm run worker` runs it')),
  WORKER_LEASE_TTL_MS: z.coerce
    .number()
    .int()
    .min(300)
    .max(600_000)
    .default(5000)
    .meta(
      doc(
        'Platforms and the bot worker',
        "`npm run worker`: several workers share the channels through leases with fencing (table `worker_leases`); a dead worker's channels move after about this long",
      ),
    ),
  WORKER_ID: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta(doc('Platforms and the bot worker', '`npm run worker`: its name in the lease table (process id and a random suffix follow)', 'host name')),
  OAUTH_STATE_TTL: duration(600).meta(
    doc(
      'Platforms and the bot worker',
      "seconds a started channel connection may take (the browser-binding cookie lives as long), and how long a finished one waits for the user's confirmation",
    ),
  ),
  TEAM_INVITATION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90)
    .default(7)
    .meta(doc('Platforms and the bot worker', 'days a channel team invitation (issue 31) may be accepted before it expires')),
  CHAT_HISTORY_SIZE: z.coerce
    .number()
    .int()
    .min(10)
    .max(10_000)
    .default(200)
    .meta(doc('Platforms and the bot worker', "chat lines kept per channel (the chatboard's history and the dashboard's activity)")),
  BOT_RECONNECT_BASE_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(1000)
    .meta(doc('Platforms and the bot worker', 'reconnect backoff: attempt n waits ½–1 × min(max, base × 2^(n−1)); this is the base (ms)')),
  BOT_RECONNECT_MAX_MS: z.coerce.number().int().min(1).default(60_000).meta(doc('Platforms and the bot worker', 'reconnect backoff: its ceiling (ms)')),
  BOT_RELOAD_CONCURRENCY: integer(1, 100, 6).meta(
    doc(
      'Platforms and the bot worker',
      "channels a bot worker (re)loads and starts at once (after a start, a lease round, a resync); an integer from 1 to 100. More bring many channels up sooner but take more of the database pool at once (the server's own with the inline worker)",
    ),
  ),
  SYNC_TICK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(10)
    .meta(doc('Sync scheduler', 'how often the sync scheduler looks for due per-channel fetches')),
  VIEWER_SAMPLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(300)
    .meta(doc('Sync scheduler', 'while a channel is live, its viewer count is read this often (Helix `GET /streams`, Kick `GET /livestreams`)')),
  FOLLOWER_SYNC_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(3600)
    .meta(doc('Sync scheduler', "how often a Twitch channel's follower total and newest followers are read")),
  CONVERSATION_MODEL_URL: z
    .string()
    .url()
    .optional()
    .meta(
      doc(
        'Conversation bot',
        'base URL of an OpenAI-compatible endpoint (e.g. `https://host/v1`; the bot posts to `/chat/completions`); unset: no model answers',
      ),
    ),
  CONVERSATION_MODEL: z.string().default('').meta(doc('Conversation bot', 'the model name sent with each request')),
  CONVERSATION_MODEL_KEY: z
    .string()
    .default('')
    .meta(doc('Conversation bot', "the endpoint's API key (Bearer); used by the server only, never sent to a browser")),
  CONVERSATION_MODEL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(8000)
    .meta(doc('Conversation bot', 'how long (ms) the bot waits for the model before the fallback line')),
  CONVERSATION_MODEL_STREAM: z
    .enum(['on', 'off'])
    .default('on')
    .meta(doc('Conversation bot', '`on`: ask with `stream: true` (server-sent events); `off`: one JSON answer')),
  CONVERSATION_LOG_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .meta(doc('Conversation bot', 'days the conversation log keeps what was asked and answered')),
  MODERATION_LOG_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .meta(doc('Platforms and the bot worker', 'days the moderation log keeps each automatic or manual action')),
  ACCESS_TOKEN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(600)
    .meta(
      doc(
        'Abuse limits',
        'requests one personal access token may make per `ACCESS_TOKEN_RATE_WINDOW` (answers carry `RateLimit-*` headers; past it a 429 with `Retry-After`); shared by every process through Redis when `REDIS_URL` is set',
      ),
    ),
  ACCESS_TOKEN_RATE_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(60)
    .meta(doc('Abuse limits', 'seconds of the fixed window `ACCESS_TOKEN_RATE_LIMIT` counts in')),
  PRINCIPAL_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(1000)
    .meta(
      doc(
        'Caches',
        "how long (ms) one access token's caller (user row, ability) is reused before it is read again; a role or ability change reaches a token in use within this time, never past the token's expiry; `0` reads it on every request",
      ),
    ),
  COUNT_CACHE_TTL: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(5)
    .meta(
      doc(
        'Caches',
        'seconds an exact list total (users, licences), the admin figures and the statistics cards are reused, per filter (cards: per caller scope) and process; `0` counts every time',
      ),
    ),
  PLANS_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(10_000)
    .meta(doc('Caches', 'how long (ms) the plans (names, prices, limits) are reused per process; `0` reads them every time')),
  CURRENCY: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'CURRENCY must be an ISO 4217 code such as USD or EUR')
    .default('USD')
    .meta(doc('Invoices', "ISO 4217 code of plan prices and revenue figures, shown with the UI language's currency format (`$8`, `8 €`)")),
  INVOICE_BANK_NAME: z
    .string()
    .max(200)
    .default('')
    .meta(doc('Invoices', 'bank name printed on invoices, their PDF and the invoice mail (`paymentDetails`); empty: left out')),
  INVOICE_BANK_COUNTRY: z.string().max(100).default('').meta(doc('Invoices', 'bank country printed on invoices; empty: left out')),
  INVOICE_IBAN: z
    .string()
    .max(64)
    .default('')
    .meta(
      doc(
        'Invoices',
        'IBAN printed on invoices. Empty: invoices name no account and say the reseller or the team gives it on request; staff who record payments are told to set it',
      ),
    ),
  INVOICE_SWIFT: z.string().max(32).default('').meta(doc('Invoices', 'SWIFT/BIC printed on invoices; empty: left out')),
  INVOICE_DUE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(14)
    .meta(
      doc(
        'Invoices',
        'days from issue to the due date of an invoice made at checkout (or written without a due date); past it an unpaid invoice reads Past Due',
      ),
    ),
  INVITE_TTL: duration(7 * 24 * 3600).meta(
    doc('Accounts and marketing', 'lifetime (seconds) of the set-password link mailed to an account created without a password'),
  ),
  EMAIL_UNDO_TTL: duration(7 * 24 * 3600).meta(
    doc('Accounts and marketing', 'how long (seconds) the link mailed to the old address after a sign-in e-mail change can undo it'),
  ),
  MARKETING_REDIRECT_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .meta(
      doc(
        'Accounts and marketing',
        'comma list of further hosts marketing click links may redirect to (the product’s own address always may); any other destination is a 400',
        'none',
      ),
    ),
})

export type Config = Omit<z.infer<typeof envSchema>, 'GRAPHIQL' | 'DEMO'> & { GRAPHIQL: boolean; DEMO: boolean }

export class ConfigError extends Error {}

/** PUBLIC_URL, or the local address: the base of the product's own links (mails, OAuth redirects, sandbox media). */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`

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
    throw new ConfigError(
      `SANDBOX=on is refused with WEB_CONCURRENCY=${n}: the simulated platform lives in one process's memory. Use SANDBOX=auto (off here) or WEB_CONCURRENCY=1.`,
    )
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
