import type { Plugin } from 'graphql-yoga'

/**
 * Ends every live subscription when `signal` aborts (the server is shutting down): the SSE
 * stream completes cleanly instead of being cut, and the client reconnects to a process that
 * is still running.
 */
export function endSubscriptionsOn(signal: AbortSignal | undefined): Plugin {
  return {
    onSubscribe() {
      return {
        onSubscribeResult({ result, setResult }) {
          if (signal && Symbol.asyncIterator in result) setResult(untilAborted(result, signal))
        },
      }
    },
  }
}

function untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]()
  const done = (): IteratorResult<T> => ({ done: true, value: undefined })
  const aborted = new Promise<IteratorResult<T>>((resolve) => {
    if (signal.aborted) resolve(done())
    else signal.addEventListener('abort', () => resolve(done()), { once: true })
  })
  const close = async (): Promise<IteratorResult<T>> => {
    await it.return?.()
    return done()
  }
  return {
    async next() {
      const r = await Promise.race([it.next(), aborted])
      if (r.done && signal.aborted) return close()
      return r
    },
    return: close,
    [Symbol.asyncIterator]() {
      return this
    },
  }
}
