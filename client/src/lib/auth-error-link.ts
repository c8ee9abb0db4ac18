/**
 * The Apollo side of the token refresh. The app's fetch (auth-fetch.ts) already refreshes
 * on an HTTP 401 and on a plain JSON answer with an UNAUTHENTICATED error. Answers it cannot
 * see reach Apollo with `errors[].extensions.code === 'UNAUTHENTICATED'` and status 200: a
 * subscription event over SSE, an incremental (@defer) or batched result, a proxy that
 * rewrites status codes. This ErrorLink (Apollo Client 4) handles those on top of the same
 * single-flight refresher:
 *
 * - any number of operations failing together share one refresh (the refresher is single
 *   flight, and an operation whose token was already replaced gets the new one without a
 *   new refresh), then each is replayed once;
 * - a replayed operation that fails again ends the session (store cleared, the "session
 *   ended" notice, back to /login — the refresher's onSessionExpired);
 * - a refused refresh has ended the session already; the original error is passed on.
 */
import { ApolloLink } from '@apollo/client'
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors'
import { ErrorLink } from '@apollo/client/link/error'
import { from, of, switchMap, tap, throwError } from 'rxjs'
import type { TokenRefresher, TokenStore } from './token-refresh'

export interface AuthErrorLinkOptions {
  store: Pick<TokenStore, 'getAccessToken' | 'getRefreshToken'>
  refresher: TokenRefresher
}

/** The context key this link sets on an operation. */
interface AuthContext {
  authTokenAtSend?: string | null
}

function hasUnauthenticated(errors: ReadonlyArray<{ extensions?: Record<string, unknown> }> | undefined): boolean {
  return errors?.some((item) => item.extensions?.code === 'UNAUTHENTICATED') ?? false
}

export function isUnauthenticatedError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return hasUnauthenticated(error.errors)
  return ServerError.is(error) && error.statusCode === 401
}

/**
 * Two links, to be placed before the terminating link: the first notes the access token an
 * operation is sent with, the second refreshes and replays once on UNAUTHENTICATED.
 */
export function createAuthErrorLink({ store, refresher }: AuthErrorLinkOptions): ApolloLink {
  const noteToken = new ApolloLink((operation, forward) => {
    const context = operation.getContext() as AuthContext
    if (context.authTokenAtSend === undefined) operation.setContext({ authTokenAtSend: store.getAccessToken() })
    return forward(operation)
  })

  const retry = new ErrorLink(({ error, result, operation, forward }) => {
    if (!isUnauthenticatedError(error)) return
    // No refresh token: signed out (or the refresh was refused), nothing to retry with.
    if (!store.getRefreshToken()) return
    const context = operation.getContext() as AuthContext
    return from(refresher.refresh(context.authTokenAtSend ?? null)).pipe(
      switchMap((token) => {
        if (!token) return result ? of(result) : throwError(() => error)
        operation.setContext({ authTokenAtSend: token })
        // The replay's answers go straight to the caller (ErrorLink does not handle them
        // again): a second UNAUTHENTICATED here ends the session.
        let ended = false
        const endOnce = () => {
          if (ended || !store.getRefreshToken()) return
          ended = true
          refresher.expire()
        }
        return forward(operation).pipe(
          tap({
            next: (replayed) => {
              if (hasUnauthenticated(replayed.errors)) endOnce()
            },
            error: (replayError: unknown) => {
              if (isUnauthenticatedError(replayError)) endOnce()
            },
          }),
        )
      }),
    )
  })

  return ApolloLink.from([noteToken, retry])
}
