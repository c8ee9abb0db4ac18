/**
 * The app's Apollo link chain, without the app's session wiring (so tests build it with
 * their own store and refresher): the auth error link, then SSE for subscriptions and the
 * HTTP link for queries and mutations, both over the given authenticated fetch.
 */
import { ApolloLink, HttpLink } from '@apollo/client'
import { isSubscriptionOperation } from '@apollo/client/utilities'
import { type AuthErrorLinkOptions, createAuthErrorLink } from './auth-error-link'
import { createSseLink } from './sse-link'
import type { FetchLike } from './token-refresh'

export interface GraphqlLinkOptions extends AuthErrorLinkOptions {
  uri: string
  fetch: FetchLike
}

export function createGraphqlLink({ uri, fetch, store, refresher }: GraphqlLinkOptions): ApolloLink {
  return ApolloLink.from([
    createAuthErrorLink({ store, refresher }),
    ApolloLink.split(
      (operation) => isSubscriptionOperation(operation.query),
      createSseLink({ uri, fetch }),
      new HttpLink({ uri, fetch, credentials: 'same-origin' }),
    ),
  ])
}
