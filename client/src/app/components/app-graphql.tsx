import { type ReactNode, useEffect, useState } from 'react';
import { SessionSync } from '../../features/session/components/session-sync';
import { WithApollo } from '../../lib/apollo-provider';
import { afterFirstPage } from '../../lib/first-page';

/**
 * The GraphQL side of the app layouts, a chunk of its own with Apollo: the routed pages under
 * the Apollo client, and the session sync. The layout's shell (menu, top bar, footer) renders
 * without it, so its first paint does not wait for Apollo (route-content.tsx). The session sync
 * re-reads the user once the first page has rendered, not competing with it for the network.
 */
export default function AppGraphql({ children }: { children: ReactNode }) {
  const [pageShown, setPageShown] = useState(false);
  useEffect(() => afterFirstPage(() => setPageShown(true)), []);
  return (
    <WithApollo>
      {pageShown ? <SessionSync /> : null}
      {children}
    </WithApollo>
  );
}
