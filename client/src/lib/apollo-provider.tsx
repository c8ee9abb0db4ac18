import { ApolloProvider } from '@apollo/client/react'
import type { ReactNode } from 'react'
import { getApolloClient } from './apollo'

/**
 * Provides the Apollo client to a subtree. Only the app layouts and pages that use
 * GraphQL import this, so the public sign-in pages load without Apollo.
 */
export function WithApollo({ children }: { children: ReactNode }) {
  return <ApolloProvider client={getApolloClient()}>{children}</ApolloProvider>
}
