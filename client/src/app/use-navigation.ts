import { useMemo } from 'react';
import { useAbility } from '../lib/ability-context';
import { useSession } from '../lib/use-session';
import { type NavSection, visibleNavigation } from './navigation';

export function useNavigation(): NavSection[] {
  const { userData, accessToken } = useSession();
  const ability = useAbility();
  return useMemo(() => visibleNavigation(userData, { ability, accessToken }), [userData, ability, accessToken]);
}
