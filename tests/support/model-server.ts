import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ModelMode = 'ok' | 'slow' | '429' | '500'

export interface ModelServer {
  url: string
  /** Every request body received, with its Authorization header. */
  requests: Array<{ auth: string | null; body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> } }>
  /** How the next requests are answered. */
  mode: ModelMode
  /** The answer text (split into several chunks when streaming). */
  answer: string
  /** How long `slow` waits before answering. */
  slowMs: number
  close(): Promise<void>
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })

/**
 * A local OpenAI-compatible chat-completions server (POST /v1/chat/completions): answers
 * `stream: true` with server-sent chunks ending in `data: [DONE]`, otherwise one JSON body;
 * can answer slowly, or with 429 (with Retry-After) or 500 like a real endpoint under load.
 */
export async function startModelServer(opts: { key?: string } = {}): Promise<ModelServer> {
  const state: Omit<ModelServer, 'url' | 'close'> = { requests: [], mode: 'ok', answer: 'Hello from the model!', slowMs: 2000 }
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
        return
      }
      const auth = req.headers.authorization ?? null
      const body = JSON.parse(await read(req)) as ModelServer['requests'][number]['body']
      state.requests.push({ auth, body })
      if (opts.key && auth !== `Bearer ${opts.key}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid api key' } }))
        return
      }
      if (state.mode === '429') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '20' }).end(JSON.stringify({ error: { message: 'rate limited' } }))
        return
      }
      if (state.mode === '500') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'server error' } }))
        return
      }
      if (state.mode === 'slow') {
        await new Promise<void>((r) => {
          const t = setTimeout(() => {
            timers.delete(t)
            r()
          }, state.slowMs)
          timers.add(t)
        })
        if (res.destroyed || req.destroyed) return
      }
      const id = `chatcmpl-${state.requests.length}`
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
        const words = state.answer.split(/(?<= )/)
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`)
        for (const w of words) {
          res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: w } }] })}\n\n`)
        }
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`)
        res.end('data: [DONE]\n\n')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: state.answer }, finish_reason: 'stop' }],
        }),
      )
    })().catch(() => res.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      for (const t of timers) clearTimeout(t)
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }) as ModelServer
}
