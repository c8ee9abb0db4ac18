import { createHmac } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { deriveKey } from '../../auth/signing'
import type { AbuseLimits } from '../../auth/rate-limit'
import type { Reauthenticate } from '../../auth/reauth'
import type { TokenBox } from '../channels/token-box'

export const TOTP_PERIOD = 30
export const RECOVERY_CODE_COUNT = 10
/** Codes of the previous and the next step are accepted too (clock skew). */
export const WINDOW = 1
export const CHALLENGE_TYPE = 'two-step+jwt'

export const twoStepMessages = {
  invalidCode: 'The code is not valid. Try the current one from your app.',
  challengeExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  alreadyEnabled: 'Two-step verification is already on.',
  notStarted: 'Start the set-up first.',
  notEnabled: 'Two-step verification is off.',
  requiredForRole: 'Two-step verification is required for your account.',
} as const

/** What /jwt/login answers instead of tokens when the account has two-step verification on. */
export interface TwoStepChallenge {
  twoStepRequired: true
  twoStepToken: string
  expiresIn: number
  methods: ['totp', 'recovery']
}

const codeInput = z.object({ code: z.string().max(64) })
export const invalidCode = () => new AppError('BAD_USER_INPUT', twoStepMessages.invalidCode, { code: [twoStepMessages.invalidCode] })
/** The code of a body, or BAD_USER_INPUT (checked before the password, so a malformed call costs nothing). */
export const codeOf = (raw: unknown): string => {
  const input = codeInput.safeParse(raw ?? {})
  if (!input.success) throw invalidCode()
  return input.data.code
}
export const challengeInput = z.object({ twoStepToken: z.string().max(2048), code: z.string().max(64) })

/** Admins and resellers: those the admins' policy can require two-step verification of. */
export const isStaff = (role: string) => role === 'admin' || role === 'reseller'
export const digitsOnly = (code: string) => code.replace(/[\s-]/g, '')

/** What createTwoStepService is given. */
export interface TwoStepServiceDeps {
  db: Db
  box: TokenBox
  secret: string
  limits: AbuseLimits
  /** The caller's password (or fresh Firebase sign-in) for set-up, disable and new recovery codes. */
  reauth: Reauthenticate
  issuer: string
  audience: string
  /** The authenticator app's label prefix (the product name). */
  appName: string
  challengeTtlSeconds: number
  now: () => Date
}

/** What the two-step use cases share, built once by createTwoStepService. */
export interface TwoStepDeps extends TwoStepServiceDeps {
  challengeKey: Buffer
  challengeAudience: string
  hashRecovery: (code: string) => string
}

export function twoStepDeps(deps: TwoStepServiceDeps): TwoStepDeps {
  // Separate keys: a challenge token can never pass as an access token, nor the other way.
  const challengeKey = deriveKey(deps.secret, 'two-step-challenge')
  const recoveryKey = deriveKey(deps.secret, 'two-step-recovery')
  const hashRecovery = (code: string) => createHmac('sha256', recoveryKey).update(digitsOnly(code).toLowerCase()).digest('base64url')
  return { ...deps, challengeKey, challengeAudience: `${deps.audience}:two-step`, hashRecovery }
}
