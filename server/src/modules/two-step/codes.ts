import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { Db } from '../../db/client'
import type { AppError } from '../../errors'
import { digitsOnly, invalidCode, RECOVERY_CODE_COUNT, TOTP_PERIOD, WINDOW, type TwoStepDeps } from './two-step-deps'
import { twoStep, twoStepPolicy, twoStepRecoveryCodes } from './two-step.tables'

export const totpFor = ({ appName }: TwoStepDeps, secretBase32: string, label: string) =>
  new TOTP({ issuer: appName, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) })

/** The accepted time step of `code`, or null. */
function stepOf(deps: TwoStepDeps, secretBase32: string, code: string): number | null {
  const token = digitsOnly(code)
  if (!/^\d{6}$/.test(token)) return null
  const timestamp = deps.now().getTime()
  const delta = totpFor(deps, secretBase32, '').validate({ token, timestamp, window: WINDOW })
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta
}

export async function rowOf({ db }: TwoStepDeps, userId: number, tx: Db = db) {
  const [row] = await tx.select().from(twoStep).where(eq(twoStep.userId, userId)).limit(1)
  return row
}

export async function requireForStaff({ db }: TwoStepDeps): Promise<boolean> {
  const [row] = await db.select().from(twoStepPolicy).limit(1)
  return row?.requireForStaff ?? false
}

export async function isEnabled(deps: TwoStepDeps, userId: number): Promise<boolean> {
  return Boolean((await rowOf(deps, userId))?.enabledAt)
}

/** Accepts a TOTP code once (a later code must be of a later step) or an unused recovery code. */
export async function useCode(deps: TwoStepDeps, userId: number, code: string, tx: Db): Promise<'totp' | 'recovery' | null> {
  const row = await rowOf(deps, userId, tx)
  if (!row) return null
  const step = stepOf(deps, deps.box.open(row.secretSealed), code)
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
    .set({ usedAt: deps.now() })
    .where(and(eq(twoStepRecoveryCodes.userId, userId), eq(twoStepRecoveryCodes.codeHash, deps.hashRecovery(code)), isNull(twoStepRecoveryCodes.usedAt)))
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
export async function limitedCode<T>(
  { limits }: TwoStepDeps,
  userId: number,
  clientKey: string,
  check: () => Promise<T | null>,
  fail: () => AppError = invalidCode,
): Promise<T> {
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

export async function storeRecoveryCodes(deps: TwoStepDeps, tx: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes()
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId))
  await tx.insert(twoStepRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: deps.hashRecovery(code) })))
  return codes
}

function newRecoveryCodes(): string[] {
  // 10 characters of base32 (50 bits) each, shown as xxxxx-xxxxx.
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = new Secret({ size: 7 }).base32.slice(0, 10).toLowerCase()
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
}
