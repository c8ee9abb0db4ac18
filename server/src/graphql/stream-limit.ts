import { isAsyncIterable, type Plugin } from 'graphql-yoga'
import { AppError } from '../errors'
import type { GraphQLContext } from './context'

/**
 * At most `max` live subscriptions per caller: the signed-in user over all their tabs and
 * devices, else the address. A stream is admitted like any request (http/admission.ts) but
 * gives its slot back when it starts, so without this bound one caller could hold any number
 * of them (each a socket, a pub/sub listener and its buffers). The next one is refused with
 * TOO_MANY_STREAMS before it subscribes; a place is given back when its stream ends (completed,
 * cancelled by the client, or ended at shutdown). Counted per process.
 */
export function limitStreams(max: number): Plugin<GraphQLContext> {
  const open = new Map<string, number>()
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1
    if (left > 0) open.set(key, left)
    else open.delete(key)
  }
  return {
    onSubscribe({ args, setResultAndStopExecution }) {
      const { principal, clientKey } = args.contextValue
      const key = principal ? `user:${principal.userId}` : `address:${clientKey}`
      const count = open.get(key) ?? 0
      if (count >= max) {
        setResultAndStopExecution({ errors: [new AppError('TOO_MANY_STREAMS', `At most ${max} live subscriptions at once: end one first`).toGraphQL()] })
        return
      }
      open.set(key, count + 1)
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) {
            release(key)
            return
          }
          return { onEnd: () => release(key) }
        },
      }
    },
  }
}
