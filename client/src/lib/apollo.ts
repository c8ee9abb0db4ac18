/**
 * Apollo Client for /graphql. Every request goes through apiFetch: Bearer header from the
 * stored access token; on a 401 or an UNAUTHENTICATED error exactly one (shared) refresh
 * via POST /jwt/refresh-token, then the request is replayed with the new token. A refused
 * refresh clears the session and goes to /login (lib/api-fetch.ts). UNAUTHENTICATED errors
 * the fetch cannot see (SSE events, incremental results, rewritten status codes) go through
 * the error link on the same refresher (lib/auth-error-link.ts).
 * Subscriptions go over Server-Sent Events through the same fetch (lib/sse-link.ts).
 * The first screen's query, sent before this code loaded, is answered from that request
 * (lib/first-query.ts).
 */
import { ApolloClient, InMemoryCache } from '@apollo/client'
import { apiFetch, tokenRefresher } from './api-fetch'
import { withFirstQuery } from './first-query'
import { getAccessToken, getRefreshToken, isSignedIn, subscribeSession } from './session'
import { createGraphqlLink } from './graphql-link'

export const GRAPHQL_URL = '/graphql'

let client: ApolloClient | null = null

export function getApolloClient(): ApolloClient {
  if (client) return client
  const created = new ApolloClient({
    link: createGraphqlLink({
      uri: GRAPHQL_URL,
      // The first screen's query may already have been answered (lib/first-query.ts).
      fetch: withFirstQuery(apiFetch),
      store: { getAccessToken, getRefreshToken },
      refresher: tokenRefresher,
    }),
    cache: new InMemoryCache(),
  })
  let wasSignedIn = isSignedIn()
  // Signing out (or an expired session) must not leave the previous user's data behind.
  subscribeSession(() => {
    const signedIn = isSignedIn()
    if (wasSignedIn && !signedIn) void created.clearStore()
    wasSignedIn = signedIn
  })
  client = created
  return created
}

/** Empties the Apollo cache (signing out), if a client was made. */
export async function clearApolloStore(): Promise<void> {
  await client?.clearStore()
}
