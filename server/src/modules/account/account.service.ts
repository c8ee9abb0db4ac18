import type { Principal } from '../../permissions/abilities'
import type { AccountDeps } from './account-deps'
import { changeEmail, undoEmailChange } from './change-email'
import { changePassword } from './change-password'
import { get, updateGeneral, updateInfo, updateNotifications, updateSocial } from './settings'

export { notificationKeys, socialKeys, toSettings, type AccountSettings } from './account-deps'

type Target = number | null | undefined

/**
 * The account settings (spec section 3): settings.ts (the four sections), change-password.ts and
 * change-email.ts (with the undo link mailed to the old address), over the deps it is given.
 */
export function createAccountService(deps: AccountDeps) {
  return {
    get: (principal: Principal | null, userId?: number | null) => get(deps, principal, userId),
    updateGeneral: (principal: Principal | null, userId: Target, raw: unknown) => updateGeneral(deps, principal, userId, raw),
    updateInfo: (principal: Principal | null, userId: Target, raw: unknown) => updateInfo(deps, principal, userId, raw),
    updateSocial: (principal: Principal | null, userId: Target, raw: unknown) => updateSocial(deps, principal, userId, raw),
    updateNotifications: (principal: Principal | null, userId: Target, raw: unknown) => updateNotifications(deps, principal, userId, raw),
    changePassword: (principal: Principal | null, currentPassword: string, newPassword: string) =>
      changePassword(deps, principal, currentPassword, newPassword),
    changeEmail: (principal: Principal | null, userId: Target, raw: { email?: unknown; currentPassword?: unknown }) =>
      changeEmail(deps, principal, userId, raw),
    undoEmailChange: (token: unknown) => undoEmailChange(deps, token),
  }
}

export type AccountService = ReturnType<typeof createAccountService>
