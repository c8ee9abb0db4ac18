import type { UserRow } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import { challenge, verifyChallenge } from './challenge'
import { isEnabled, requireForStaff } from './codes'
import { begin, confirm, disable, regenerateRecoveryCodes, setPolicy, status } from './set-up'
import { twoStepDeps, type TwoStepServiceDeps } from './two-step-deps'

export { isStaff, RECOVERY_CODE_COUNT, TOTP_PERIOD, twoStepMessages, type TwoStepChallenge } from './two-step-deps'

/**
 * Two-step verification (TOTP, RFC 6238, with recovery codes): set-up.ts (status, begin, confirm,
 * new recovery codes, disable, the admins' policy), challenge.ts (the sign-in's second step) and
 * codes.ts (the rate-limited code check they share).
 */
export function createTwoStepService(serviceDeps: TwoStepServiceDeps) {
  const deps = twoStepDeps(serviceDeps)
  return {
    isEnabled: (userId: number) => isEnabled(deps, userId),
    requireForStaff: () => requireForStaff(deps),
    status: (principal: Principal) => status(deps, principal),
    begin: (principal: Principal, raw: unknown, clientKey: string) => begin(deps, principal, raw, clientKey),
    confirm: (principal: Principal, raw: unknown, clientKey: string) => confirm(deps, principal, raw, clientKey),
    regenerateRecoveryCodes: (principal: Principal, raw: unknown, clientKey: string) => regenerateRecoveryCodes(deps, principal, raw, clientKey),
    disable: (principal: Principal, raw: unknown, clientKey: string) => disable(deps, principal, raw, clientKey),
    setPolicy: (principal: Principal, raw: unknown) => setPolicy(deps, principal, raw),
    challenge: (user: UserRow) => challenge(deps, user),
    verifyChallenge: (raw: unknown, clientKey: string) => verifyChallenge(deps, raw, clientKey),
  }
}

export type TwoStepService = ReturnType<typeof createTwoStepService>
