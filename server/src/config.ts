import { z } from 'zod'

/** Reads "off"/"false"/"0"/"no" as false, anything else as true; unset as the fallback. */
const isOn = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !['off', 'false', '0', 'no'].includes(v.toLowerCase())
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => isOn(v, fallback))

const duration = (fallbackSeconds: number) => z.coerce.number().int().positive().default(fallbackSeconds)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO: flag(true),
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  JWT_ISSUER: z.string().default('channel-assistant'),
  JWT_AUDIENCE: z.string().default('channel-assistant-dashboard'),
  ACCESS_TOKEN_TTL: duration(600),
  REFRESH_TOKEN_IDLE_TTL: duration(600),
  REFRESH_TOKEN_ABSOLUTE_TTL: duration(12 * 3600),
  PASSWORD_RESET_TTL: duration(3600),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW: duration(15 * 60),
  /** Defaults to on, and to off when NODE_ENV=production. */
  GRAPHIQL: z.string().optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(8),
  TRUST_PROXY: flag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST: z.string().default('./dist/client'),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
})

export type Config = Omit<z.infer<typeof envSchema>, 'GRAPHIQL'> & { GRAPHIQL: boolean }

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${problems}`)
  }
  const { GRAPHIQL, ...rest } = parsed.data
  const config = {
    ...rest,
    GRAPHIQL: isOn(GRAPHIQL, rest.NODE_ENV !== 'production'),
  }
  if (config.NODE_ENV === 'production' && !config.JWT_ACCESS_SECRET) {
    throw new ConfigError('JWT_ACCESS_SECRET (at least 32 characters) is required when NODE_ENV=production')
  }
  return config
}
