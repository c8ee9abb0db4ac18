import { type ReactNode, useEffect, useState } from 'react';
import { SessionSync } from '../../features/session/components/session-sync';
import { WithApollo } from '../../lib/apollo-provider';
import { NavbarSearchPopup } from './navbar-search';
import { afterFirstPage } from './route-content';

/**
 * The GraphQL side of the app layouts, a chunk of its own with Apollo: the routed pages under
 * the Apollo client, and the session sync. The layout's shell (menu, top bar, footer) renders
 * without it, so its first paint does not wait for Apollo (route-content.tsx). Once the first
 * page has rendered, the session sync re-reads the user and the navbar search's popup (Apollo
 * too) is fetched, so it opens at once; neither competes with the first page for the network.
 */
export default function AppGraphql({ children }: { children: ReactNode }) {
  const [pageShown, setPageShown] = useState(false);
  useEffect(
    () =>
      afterFirstPage(() => {
        setPageShown(true);
        NavbarSearchPopup.preload().catch(() => undefined);
      }),
    [],
  );
  return (
    <WithApollo>
      {pageShown ? <SessionSync /> : null}
      {children}
    </WithApollo>
  );
}
