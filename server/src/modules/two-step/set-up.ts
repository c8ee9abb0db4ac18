import { and, count, eq, isNull } from 'drizzle-orm'
import { Secret } from 'otpauth'
import { renderSVG } from 'uqr'
import { z } from 'zod'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { isEnabled, limitedCode, requireForStaff, rowOf, storeRecoveryCodes, totpFor, useCode } from './codes'
import { codeOf, isStaff, twoStepMessages, type TwoStepDeps } from './two-step-deps'
import { twoStep, twoStepPolicy, twoStepRecoveryCodes } from './two-step.tables'

export async function status(deps: TwoStepDeps, principal: Principal) {
  const row = await rowOf(deps, principal.userId)
  const [left] = await deps.db
    .select({ n: count() })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, principal.userId), isNull(twoStepRecoveryCodes.usedAt)))
  return {
    enabled: Boolean(row?.enabledAt),
    required: isStaff(principal.role) && (await requireForStaff(deps)),
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
    requireForStaff: principal.admin ? await requireForStaff(deps) : undefined,
  }
}

/**
 * Starts (or restarts) the set-up: a new secret, its otpauth:// URI and the QR code (SVG).
 * Needs the password: whoever holds the secret holds the account's second step.
 */
export async function begin(deps: TwoStepDeps, principal: Principal, raw: unknown, clientKey: string) {
  const { db, box, now } = deps
  const existing = await rowOf(deps, principal.userId)
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
  const uri = totpFor(deps, secret, user.email).toString()
  return { secret, uri, qrSvg: renderSVG(uri) }
}

/** Confirms the set-up with a first code (rate limited); answers the ten recovery codes (shown once). */
export async function confirm(deps: TwoStepDeps, principal: Principal, raw: unknown, clientKey: string) {
  const code = codeOf(raw)
  const row = await rowOf(deps, principal.userId)
  if (!row) throw new AppError('BAD_USER_INPUT', twoStepMessages.notStarted, { code: [twoStepMessages.notStarted] })
  if (row.enabledAt) throw new AppError('CONFLICT', twoStepMessages.alreadyEnabled)
  return limitedCode(deps, principal.userId, clientKey, () =>
    deps.db.transaction(async (tx) => {
      const current = await rowOf(deps, principal.userId, tx)
      if (current?.enabledAt || (await useCode(deps, principal.userId, code, tx)) !== 'totp') return null
      await tx.update(twoStep).set({ enabledAt: deps.now() }).where(eq(twoStep.userId, principal.userId))
      return { enabled: true as const, recoveryCodes: await storeRecoveryCodes(deps, tx, principal.userId) }
    }),
  )
}

/** Ten new recovery codes (the old ones stop working): needs the password and a current code. */
export async function regenerateRecoveryCodes(deps: TwoStepDeps, principal: Principal, raw: unknown, clientKey: string) {
  const code = codeOf(raw)
  if (!(await isEnabled(deps, principal.userId))) throw new AppError('CONFLICT', twoStepMessages.notEnabled)
  await deps.reauth(principal.userId, raw, clientKey)
  const recoveryCodes = await limitedCode(deps, principal.userId, clientKey, () =>
    deps.db.transaction(async (tx) => ((await useCode(deps, principal.userId, code, tx)) ? storeRecoveryCodes(deps, tx, principal.userId) : null)),
  )
  return { recoveryCodes }
}

/**
 * Turns it off with the password and a current code (or a recovery code: a lost phone is
 * no reason to skip the password); refused while the policy requires it.
 */
export async function disable(deps: TwoStepDeps, principal: Principal, raw: unknown, clientKey: string) {
  const code = codeOf(raw)
  if (isStaff(principal.role) && (await requireForStaff(deps))) throw new AppError('FORBIDDEN', twoStepMessages.requiredForRole)
  await deps.reauth(principal.userId, raw, clientKey)
  await limitedCode(deps, principal.userId, clientKey, () =>
    deps.db.transaction(async (tx) => {
      if (!(await useCode(deps, principal.userId, code, tx))) return null
      await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, principal.userId))
      await tx.delete(twoStep).where(eq(twoStep.userId, principal.userId))
      return true
    }),
  )
  return { enabled: false }
}

/** Admins only: whether admins and resellers must set up two-step verification. */
export async function setPolicy({ db, now }: TwoStepDeps, principal: Principal, raw: unknown) {
  if (!principal.admin) throw new AppError('FORBIDDEN', 'Only admins may do this')
  const input = z.object({ requireForStaff: z.boolean() }).safeParse(raw ?? {})
  if (!input.success) throw new AppError('BAD_USER_INPUT', 'requireForStaff must be true or false', { requireForStaff: ['Must be true or false'] })
  const value = input.data.requireForStaff
  await db
    .insert(twoStepPolicy)
    .values({ id: 1, requireForStaff: value, updatedAt: now() })
    .onConflictDoUpdate({ target: twoStepPolicy.id, set: { requireForStaff: value, updatedAt: now() } })
  return { requireForStaff: value }
}
