import type { Config } from './config'
import type { Db } from './db/client'
import type { Logger } from './logger'
import { createAuthService } from './auth/auth.service'
import { createPasswordHasher } from './auth/passwords'
import { createPasswordResetService } from './auth/password-reset'
import { FailureLimiter } from './auth/rate-limit'
import { createTokenService } from './auth/tokens'
import { createMailService } from './modules/mail/mail.service'

export interface Clock {
  now: () => Date
}

/** Builds every service once; both doors (GraphQL and REST) call these. */
export function createServices(deps: { config: Config; db: Db; log: Logger; secret: string; clock?: Clock }) {
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
    now,
  })
  const windowMs = config.LOGIN_RATE_WINDOW * 1000
  const ms = () => now().getTime()
  const loginLimiter = {
    perEmail: new FailureLimiter(config.LOGIN_RATE_LIMIT, windowMs, ms),
    perClient: new FailureLimiter(config.LOGIN_RATE_LIMIT * 10, windowMs, ms),
  }
  const mail = createMailService(db, log)
  const auth = createAuthService({ db, passwords, tokens, loginLimiter })
  const passwordReset = createPasswordResetService({
    db,
    mail,
    passwords,
    tokens,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    ttlSeconds: config.PASSWORD_RESET_TTL,
    now,
  })
  return { passwords, tokens, auth, mail, passwordReset }
}

export type Services = ReturnType<typeof createServices>
