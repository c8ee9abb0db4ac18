/**
 * The app's CASL ability for components (@casl/react 7: AbilityProvider, Can, useAbility).
 * AppRoot provides the signed-in user's ability, built from userData.ability: the effective
 * rules the server sends (server/src/permissions/abilities.ts `rulesFor`), the same list its
 * own checks are built from. Menus, buttons and page sections show or hide through <Can> or
 * useAbility, so a user never sees a control the server would refuse.
 */
import { AbilityProvider, type CanProps, Can as CaslCan, useAbility as useCaslAbility } from '@casl/react'
import type { ReactNode } from 'react'
import type { AppAbility } from './ability'

export { AbilityProvider }

/** `<Can I="create" a="User">…</Can>`: renders its children only when the ability allows it. */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode

/** The provided ability (re-renders when its rules change). */
export function useAbility(): AppAbility {
  return useCaslAbility<AppAbility>()
}
