import { AssistantChannelsDocument } from './channels.generated'
import { useQuery } from '@apollo/client/react'

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden'

/**
 * The signed-in user's channels with their bot status. `pollMs` keeps the status fresh
 * (paused while the tab is hidden). Polling, not one subscription per channel: each open
 * subscription holds one of the browser's six HTTP/1.1 connections to the server.
 */
export function useChannels(pollMs = 0) {
  return useQuery(AssistantChannelsDocument, {
    pollInterval: pollMs,
    skipPollAttempt: hidden,
    notifyOnNetworkStatusChange: false,
  })
}
