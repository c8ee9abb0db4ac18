import { useMemo, useSyncExternalStore } from 'react'
import { type AppAbility, buildAbility } from './ability'
import { type SessionSnapshot, getSession, subscribeSession } from './session'

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** The ability built from the stored session (AppRoot provides it through AbilityProvider, lib/ability-context.ts). */
export function useSessionAbility(): AppAbility {
  const { userData } = useSession()
  return useMemo(() => buildAbility(userData?.ability), [userData])
}
