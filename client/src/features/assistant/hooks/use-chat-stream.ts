import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { AssistantChatHistoryDocument, type AssistantChatMessageFragment, AssistantChatMessagesDocument } from '../graphql/chat.generated'
import { useQuery, useSubscription } from '@apollo/client/react'
import { errorCodeOf } from '../../../lib/error-code'
import { MAX_CHAT_LINES, mergeChatLines, resubscribeDelayMs } from '../lib/chat-log'

export type StreamState = { kind: 'connecting' } | { kind: 'live' } | { kind: 'retrying'; inSeconds: number } | { kind: 'failed'; error: unknown }

const HISTORY_SIZE = 100
/** Failures a new attempt will not fix. */
const FINAL = new Set(['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED', 'BAD_USER_INPUT'])

/**
 * The chat of a channel as the bot receives it: the kept history, then every new line
 * through the chatMessages subscription (SSE). A dropped stream is opened again with
 * backoff, and the history is read again to fill the gap.
 */
export function useChatStream(channelId: string) {
  const history = useQuery(AssistantChatHistoryDocument, { variables: { channelId, first: HISTORY_SIZE }, fetchPolicy: 'network-only' })
  const [live, setLive] = useState<AssistantChatMessageFragment[]>([])
  const [state, setState] = useState<StreamState>({ kind: 'connecting' })
  const attempts = useRef(0)
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const reconnecting = useRef(false)
  const failed = useRef(false)
  const { refetch } = history

  const onSseOpen = useCallback(() => {
    attempts.current = 0
    setState({ kind: 'live' })
    if (reconnecting.current) {
      reconnecting.current = false
      void refetch().catch(() => {})
    }
  }, [refetch])

  const retry = useRef<() => void>(() => {})
  const scheduleRetry = useCallback((error: unknown) => {
    // Apollo may report an error and then the end of the same stream: one retry per drop.
    if (failed.current || retryTimer.current) return
    const code = error === null ? null : errorCodeOf(error)
    if (code !== null && FINAL.has(code)) {
      failed.current = true
      setState({ kind: 'failed', error })
      return
    }
    attempts.current += 1
    const delay = resubscribeDelayMs(attempts.current)
    reconnecting.current = true
    setState({ kind: 'retrying', inSeconds: Math.round(delay / 1000) })
    retryTimer.current = setTimeout(() => {
      retryTimer.current = null
      setState({ kind: 'connecting' })
      retry.current()
    }, delay)
  }, [])

  const subscription = useSubscription(AssistantChatMessagesDocument, {
    variables: { channelId },
    context: { onSseOpen },
    ignoreResults: true,
    onData: ({ data }) => {
      const message = data.data?.chatMessages
      if (message) setLive((current) => mergeChatLines(current, [message]))
    },
    onError: (error) => scheduleRetry(error),
    onComplete: () => scheduleRetry(null),
  })
  const { restart } = subscription

  useEffect(() => {
    retry.current = restart
  }, [restart])

  useEffect(
    () => () => {
      if (retryTimer.current) clearTimeout(retryTimer.current)
    },
    [],
  )

  const messages = useMemo(() => mergeChatLines(history.data?.channel.recentMessages ?? [], live, MAX_CHAT_LINES), [history.data, live])

  /** Connects again at once (the page's retry button). */
  const retryNow = useCallback(() => {
    if (retryTimer.current) clearTimeout(retryTimer.current)
    retryTimer.current = null
    attempts.current = 0
    failed.current = false
    setState({ kind: 'connecting' })
    restart()
    void refetch().catch(() => {})
  }, [restart, refetch])

  return { messages, history, state, retryNow }
}
