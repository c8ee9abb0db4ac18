import { useMemo, useSyncExternalStore } from 'react';
import { type AppAbility, buildAbility } from './ability';
import { type SessionSnapshot, getSession, subscribeSession } from './session';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useAbility(): AppAbility {
  const { userData } = useSession();
  return useMemo(() => buildAbility(userData?.ability), [userData]);
}
