import { type ReactNode, useEffect, useState } from 'react'
import { SessionSync } from '../../features/session/components/session-sync'
import { WithApollo } from '../../lib/apollo-provider'
import { afterFirstPage } from '../../lib/first-page'

/**
 * The GraphQL side of the app layouts, a chunk of its own with Apollo: the routed pages under
 * the Apollo client, and the session sync. The layout's shell (menu, top bar, footer) renders
 * without it, so its first paint does not wait for Apollo (route-content.tsx). The session sync
 * re-reads the user a moment after the first page has been painted: the session stored at
 * sign-in serves until then, and the request does not compete with the first screen.
 */
/** How long after the first page's paint the session sync starts. */
const SESSION_SYNC_DELAY_MS = 1000

export default function AppGraphql({ children }: { children: ReactNode }) {
  const [pageShown, setPageShown] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const cancel = afterFirstPage(() => {
      timer = setTimeout(() => setPageShown(true), SESSION_SYNC_DELAY_MS)
    })
    return () => {
      cancel()
      clearTimeout(timer)
    }
  }, [])
  return (
    <WithApollo>
      {pageShown ? <SessionSync /> : null}
      {children}
    </WithApollo>
  )
}
