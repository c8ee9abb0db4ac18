import { GraphQLError } from 'graphql'

/** Every failure a client may see has one of these codes; the client shows `errors.<CODE>`. */
export const errorStatus = {
  BAD_USER_INPUT: 400,
  WEAK_PASSWORD: 400,
  INVALID_CREDENTIALS: 400,
  /** A sensitive change (the sign-in e-mail) needs the caller's current password, and none was given. */
  PASSWORD_REQUIRED: 400,
  /** The undo link of an e-mail change is unknown, was used or has expired. */
  UNDO_LINK_INVALID: 400,
  /** A team invitation is unknown, withdrawn, already used or expired. */
  INVITATION_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  /** GraphQL login of an account with two-step verification on (it signs in through /jwt/login). */
  TWO_STEP_REQUIRED: 403,
  /** An admin or reseller signed in without two-step verification while the admins' policy requires it. */
  TWO_STEP_SETUP_REQUIRED: 403,
  /** The user's plan does not allow more (channels, commands, timers). */
  PLAN_LIMIT: 403,
  /** A sandbox control (test viewer chat, simulated events) was used on a real channel. */
  SANDBOX_ONLY: 403,
  /** The sandbox's test viewer is banned or timed out in the channel (as on Twitch, it cannot write until that ends). */
  SANDBOX_VIEWER_RESTRICTED: 403,
  NOT_FOUND: 404,
  /** Licence activation: no such key. */
  LICENCE_INVALID: 404,
  CONFLICT: 409,
  /** Licence activation: the key was already used (active or superseded). */
  LICENCE_USED: 409,
  /** Licence activation: the key was revoked. */
  LICENCE_REVOKED: 409,
  /** Licence activation: the key is reserved for another user or belongs to another reseller's clients. */
  LICENCE_TAKEN: 409,
  /** Licence management: a superseded key (a newer one was activated) can no longer be extended or revoked. */
  LICENCE_SUPERSEDED: 409,
  RATE_LIMITED: 429,
  /** The caller already holds MAX_STREAMS_PER_CALLER live subscriptions; one must end first. */
  TOO_MANY_STREAMS: 429,
  /** Raids: the plan's raids per 24 h are used up (the next allowed time is shown with the channel). */
  RAID_COOLDOWN: 403,
  /** Raids: the channel already has a pending raid (Twitch 409); cancel it first or wait for it to start. */
  RAID_PENDING: 409,
  /** Raids: Twitch allows 10 raid requests per 10 minutes (Twitch 429). */
  RAID_RATE_LIMITED: 429,
  /** Shoutouts: one per 2 minutes, the same channel once per hour (Twitch's limits, kept before calling). */
  SHOUTOUT_LIMITED: 429,
  /** A user's regular expression (conversation rules) is too large a program for the linear-time engine (text/safe-pattern.ts). */
  REGEX_UNSAFE: 400,
  /** Conversation bot: this deployment has no model endpoint configured (CONVERSATION_MODEL_URL). */
  MODEL_NOT_CONFIGURED: 409,
  /** Shop: checkout with an empty cart. */
  CART_EMPTY: 400,
  /** Shop: a product in the cart was removed from the catalogue meanwhile (the cart says which). */
  PRODUCT_UNAVAILABLE: 409,
  /** Invoices: a payment on an invoice that is already paid in full. */
  INVOICE_PAID: 409,
  INTERNAL_SERVER_ERROR: 500,
  /** A streaming platform refused or failed (its token expired, it is down); the message says which. */
  PLATFORM_ERROR: 502,
  /** The database did not answer in time or the connection was lost; safe to retry later. */
  SERVICE_UNAVAILABLE: 503,
  /** The server is at capacity; the answer carries Retry-After. */
  OVERLOADED: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export class AppError extends Error {
  readonly code: ErrorCode
  /** Field → messages, for forms. */
  readonly fields?: Record<string, string[]>

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.fields = fields
  }

  get status(): number {
    return errorStatus[this.code]
  }

  toGraphQL(): GraphQLError {
    return new GraphQLError(this.message, {
      extensions: { code: this.code, http: { status: this.status }, ...(this.fields ? { fields: this.fields } : {}) },
    })
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError

/**
 * A platform failure that trying again cannot mend: the owner must reconnect the channel (the
 * token was revoked or refused after a refresh, no account is connected). The bot worker reports
 * it in the channel's status and does not retry; any other platform failure may be transient.
 */
export class ReconnectNeededError extends AppError {
  constructor(message: string) {
    super('PLATFORM_ERROR', message)
    this.name = 'ReconnectNeededError'
  }
}
