import { createHmac } from 'node:crypto'
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import { SignJWT, jwtVerify } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import { deriveKey } from '../../auth/signing'
import type { AbuseLimits } from '../../auth/rate-limit'
import type { Reauthenticate } from '../../auth/reauth'
import type { Principal } from '../../permissions/abilities'
import type { TokenBox } from '../channels/token-box'
import { twoStep, twoStepPolicy, twoStepRecoveryCodes } from './two-step.tables'

export const TOTP_PERIOD = 30
export const RECOVERY_CODE_COUNT = 10
/** Codes of the previous and the next step are accepted too (clock skew). */
const WINDOW = 1
const CHALLENGE_TYPE = 'two-step+jwt'

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
const invalidCode = () => new AppError('BAD_USER_INPUT', twoStepMessages.invalidCode, { code: [twoStepMessages.invalidCode] })
/** The code of a body, or BAD_USER_INPUT (checked before the password, so a malformed call costs nothing). */
const codeOf = (raw: unknown): string => {
  const input = codeInput.safeParse(raw ?? {})
  if (!input.success) throw invalidCode()
  return input.data.code
}
const challengeInput = z.object({ twoStepToken: z.string().max(2048), code: z.string().max(64) })

/** Admins and resellers: those the admins' policy can require two-step verification of. */
export const isStaff = (role: string) => role === 'admin' || role === 'reseller'
const digitsOnly = (code: string) => code.replace(/[\s-]/g, '')

export function createTwoStepService(deps: {
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
}) {
  const { db, box, limits, now } = deps
  // Separate keys: a challenge token can never pass as an access token, nor the other way.
  const challengeKey = deriveKey(deps.secret, 'two-step-challenge')
  const recoveryKey = deriveKey(deps.secret, 'two-step-recovery')
  const challengeAudience = `${deps.audience}:two-step`
  const hashRecovery = (code: string) => createHmac('sha256', recoveryKey).update(digitsOnly(code).toLowerCase()).digest('base64url')

  const totpFor = (secretBase32: string, label: string) =>
    new TOTP({ issuer: deps.appName, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) })

  /** The accepted time step of `code`, or null. */
  function stepOf(secretBase32: string, code: string): number | null {
    const token = digitsOnly(code)
    if (!/^\d{6}$/.test(token)) return null
    const timestamp = now().getTime()
    const delta = totpFor(secretBase32, '').validate({ token, timestamp, window: WINDOW })
    return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta
  }

  async function rowOf(userId: number, tx: Db = db) {
    const [row] = await tx.select().from(twoStep).where(eq(twoStep.userId, userId)).limit(1)
    return row
  }

  async function requireForStaff(): Promise<boolean> {
    const [row] = await db.select().from(twoStepPolicy).limit(1)
    return row?.requireForStaff ?? false
  }

  async function isEnabled(userId: number): Promise<boolean> {
    return Boolean((await rowOf(userId))?.enabledAt)
  }

  /** Accepts a TOTP code once (a later code must be of a later step) or an unused recovery code. */
  async function useCode(userId: number, code: string, tx: Db): Promise<'totp' | 'recovery' | null> {
    const row = await rowOf(userId, tx)
    if (!row) return null
    const step = stepOf(box.open(row.secretSealed), code)
    if (step !== null) {
      const taken = await tx
        .update(twoStep)
        .set({ lastStep: step })
        .where(and(eq(twoStep.userId, userId), or(isNull(twoStep.lastStep), lt(twoStep.lastStep, step))))
        .returning({ userId: twoStep.userId })
      return taken.length ? 'totp' : null
    }
    if (!row.enabledAt) return null
    const used = await tx
      .update(twoStepRecoveryCodes)
      .set({ usedAt: now() })
      .where(and(eq(twoStepRecoveryCodes.userId, userId), eq(twoStepRecoveryCodes.codeHash, hashRecovery(code)), isNull(twoStepRecoveryCodes.usedAt)))
      .returning({ id: twoStepRecoveryCodes.id })
    return used.length ? 'recovery' : null
  }

  /**
   * Runs one code check under the sign-in limits: per (account, address) with growing delays,
   * per account over every address, per address (rate-limit.ts; Redis when configured). Every
   * check of a user's codes (second step of sign-in, confirm, disable, new recovery codes)
   * counts on the same account key, so spreading guesses over the routes gains nothing.
   * `check` answers null for a wrong code, having written nothing.
   */
  async function limitedCode<T>(userId: number, clientKey: string, check: () => Promise<T | null>, fail: () => AppError = invalidCode): Promise<T> {
    const account = `two-step:${userId}`
    await limits.checkLogin(account, clientKey)
    const result = await check()
    if (result === null) {
      await limits.loginFailed(account, clientKey)
      throw fail()
    }
    await limits.loginSucceeded(account, clientKey)
    return result
  }

  async function storeRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes()
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId))
    await tx.insert(twoStepRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecovery(code) })))
    return codes
  }

  function newRecoveryCodes(): string[] {
    // 10 characters of base32 (50 bits) each, shown as xxxxx-xxxxx.
    return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const raw = new Secret({ size: 7 }).base32.slice(0, 10).toLowerCase()
      return `${raw.slice(0, 5)}-${raw.slice(5)}`
    })
  }

  return {
    isEnabled,
    requireForStaff,

    async status(principal: Principal) {
      const row = await rowOf(principal.userId)
      const [left] = await db
        .select({ n: count() })
        .from(twoStepRecoveryCodes)
        .where(and(eq(twoStepRecoveryCodes.userId, principal.userId), isNull(twoStepRecoveryCodes.usedAt)))
      return {
        enabled: Boolean(row?.enabledAt),
        required: isStaff(principal.role) && (await requireForStaff()),
        recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
        requireForStaff: principal.admin ? await requireForStaff() : undefined,
      }
    },

    /**
     * Starts (or restarts) the set-up: a new secret, its otpauth:// URI and the QR code (SVG).
     * Needs the password: whoever holds the secret holds the account's second step.
     */
    async begin(principal: Principal, raw: unknown, clientKey: string) {
      const existing = await rowOf(principal.userId)
      if (existing?.enabledAt) throw new AppError('CONFLICT', twoStepMessages.alreadyEnabled)
      await deps.reauth(principal.userId, raw, clientKey)
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, principal.userId)).limit(1)
      if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in first')
      const secret = new Secret({ size: 20 }).base32
      const sealed = box.seal(secret)
      await db
        .insert(twoStep)
        .values({ userId: principal.userId, secretSealed: sealed })
        .onConflictDoUpdate({ target: twoStep.userId, set: { secretSealed: sealed, lastStep: null, createdAt: now() } })
      const uri = totpFor(secret, user.email).toString()
      return { secret, uri, qrSvg: renderSVG(uri) }
    },

    /** Confirms the set-up with a first code (rate limited); answers the ten recovery codes (shown once). */
    async confirm(principal: Principal, raw: unknown, clientKey: string) {
      const code = codeOf(raw)
      const row = await rowOf(principal.userId)
      if (!row) throw new AppError('BAD_USER_INPUT', twoStepMessages.notStarted, { code: [twoStepMessages.notStarted] })
      if (row.enabledAt) throw new AppError('CONFLICT', twoStepMessages.alreadyEnabled)
      return limitedCode(principal.userId, clientKey, () =>
        db.transaction(async (tx) => {
          const current = await rowOf(principal.userId, tx)
          if (current?.enabledAt || (await useCode(principal.userId, code, tx)) !== 'totp') return null
          await tx.update(twoStep).set({ enabledAt: now() }).where(eq(twoStep.userId, principal.userId))
          return { enabled: true as const, recoveryCodes: await storeRecoveryCodes(tx, principal.userId) }
        }),
      )
    },

    /** Ten new recovery codes (the old ones stop working): needs the password and a current code. */
    async regenerateRecoveryCodes(principal: Principal, raw: unknown, clientKey: string) {
      const code = codeOf(raw)
      if (!(await isEnabled(principal.userId))) throw new AppError('CONFLICT', twoStepMessages.notEnabled)
      await deps.reauth(principal.userId, raw, clientKey)
      const recoveryCodes = await limitedCode(principal.userId, clientKey, () =>
        db.transaction(async (tx) => ((await useCode(principal.userId, code, tx)) ? storeRecoveryCodes(tx, principal.userId) : null)),
      )
      return { recoveryCodes }
    },

    /**
     * Turns it off with the password and a current code (or a recovery code: a lost phone is
     * no reason to skip the password); refused while the policy requires it.
     */
    async disable(principal: Principal, raw: unknown, clientKey: string) {
      const code = codeOf(raw)
      if (isStaff(principal.role) && (await requireForStaff())) throw new AppError('FORBIDDEN', twoStepMessages.requiredForRole)
      await deps.reauth(principal.userId, raw, clientKey)
      await limitedCode(principal.userId, clientKey, () =>
        db.transaction(async (tx) => {
          if (!(await useCode(principal.userId, code, tx))) return null
          await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, principal.userId))
          await tx.delete(twoStep).where(eq(twoStep.userId, principal.userId))
          return true
        }),
      )
      return { enabled: false }
    },

    /** Admins only: whether admins and resellers must set up two-step verification. */
    async setPolicy(principal: Principal, raw: unknown) {
      if (!principal.admin) throw new AppError('FORBIDDEN', 'Only admins may do this')
      const input = z.object({ requireForStaff: z.boolean() }).safeParse(raw ?? {})
      if (!input.success) throw new AppError('BAD_USER_INPUT', 'requireForStaff must be true or false', { requireForStaff: ['Must be true or false'] })
      const value = input.data.requireForStaff
      await db
        .insert(twoStepPolicy)
        .values({ id: 1, requireForStaff: value, updatedAt: now() })
        .onConflictDoUpdate({ target: twoStepPolicy.id, set: { requireForStaff: value, updatedAt: now() } })
      return { requireForStaff: value }
    },

    /** After the password: a short-lived token that only POST /jwt/login/two-step accepts. */
    async challenge(user: UserRow): Promise<TwoStepChallenge> {
      const t = Math.floor(now().getTime() / 1000)
      const twoStepToken = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: CHALLENGE_TYPE })
        .setSubject(String(user.id))
        .setIssuer(deps.issuer)
        .setAudience(challengeAudience)
        .setIssuedAt(t)
        .setExpirationTime(t + deps.challengeTtlSeconds)
        .sign(challengeKey)
      return { twoStepRequired: true, twoStepToken, expiresIn: deps.challengeTtlSeconds, methods: ['totp', 'recovery'] }
    },

    /** Checks the challenge token and the code (rate limited like the password); answers the user id. */
    async verifyChallenge(raw: unknown, clientKey: string): Promise<number> {
      const input = challengeInput.safeParse(raw ?? {})
      if (!input.success) throw new AppError('INVALID_TOKEN', twoStepMessages.challengeExpired)
      let userId: number
      try {
        const { payload } = await jwtVerify(input.data.twoStepToken, challengeKey, {
          algorithms: ['HS256'],
          typ: CHALLENGE_TYPE,
          issuer: deps.issuer,
          audience: challengeAudience,
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        })
        userId = Number(payload.sub)
      } catch {
        throw new AppError('INVALID_TOKEN', twoStepMessages.challengeExpired)
      }
      const code = input.data.code
      await limitedCode(
        userId,
        clientKey,
        () => db.transaction((tx) => useCode(userId, code, tx)),
        () => new AppError('INVALID_CREDENTIALS', twoStepMessages.invalidCode, { code: [twoStepMessages.invalidCode] }),
      )
      return userId
    },
  }
}

export type TwoStepService = ReturnType<typeof createTwoStepService>
