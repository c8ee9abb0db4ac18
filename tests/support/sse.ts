/**
 * An event stream (server-sent events) read as it comes: every `data:` event parsed as JSON,
 * in order. For the overlay tests (tests/integration/alerts.test.ts, overlays-redis.test.ts).
 */
export function collectEvents(res: Response) {
  const events: Array<Record<string, any>> = []
  const state = { ended: false }
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))
      if (chunk.done) break
      buffer += decoder.decode(chunk.value, { stream: true })
      let i: number
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, i)
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n')
        buffer = buffer.slice(i + 2)
        if (data) events.push(JSON.parse(data))
      }
    }
    state.ended = true
  })()
  return { events, state, alerts: () => events.filter((e) => e.kind === 'alert'), close: () => reader.cancel().catch(() => {}) }
}
