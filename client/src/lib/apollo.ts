/**
 * Apollo Client for /graphql. Every request goes through apiFetch: Bearer header from the
 * stored access token; on a 401 or an UNAUTHENTICATED error exactly one (shared) refresh
 * via POST /jwt/refresh-token, then the request is replayed with the new token. A refused
 * refresh clears the session and goes to /login (lib/api-fetch.ts).
 * Subscriptions go over Server-Sent Events through the same fetch (lib/sse-link.ts).
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { apiFetch } from './api-fetch';
import { isSignedIn, subscribeSession } from './session';
import { createSseLink } from './sse-link';

export const GRAPHQL_URL = '/graphql';

let client: ApolloClient | null = null;

export function getApolloClient(): ApolloClient {
  if (client) return client;
  const created = new ApolloClient({
    link: ApolloLink.split(
      (operation) => isSubscriptionOperation(operation.query),
      createSseLink({ uri: GRAPHQL_URL, fetch: apiFetch }),
      new HttpLink({ uri: GRAPHQL_URL, fetch: apiFetch, credentials: 'same-origin' }),
    ),
    cache: new InMemoryCache(),
  });
  let wasSignedIn = isSignedIn();
  // Signing out (or an expired session) must not leave the previous user's data behind.
  subscribeSession(() => {
    const signedIn = isSignedIn();
    if (wasSignedIn && !signedIn) void created.clearStore();
    wasSignedIn = signedIn;
  });
  client = created;
  return created;
}
