import type { Server as HttpServer } from 'node:http'
import { serve } from '@hono/node-server'
import type { Config } from '../config'

type Settings = Pick<Config, 'PORT' | 'HOST' | 'KEEP_ALIVE_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_ADDRESS'>

/**
 * The node HTTP server in front of `fetch`, listening, with the limits that act before a
 * request exists (admission, http/admission.ts, sees only complete requests):
 * - a request's headers must arrive within HEADERS_TIMEOUT_MS (then 408 and the connection
 *   is closed), checked every second; node's own check runs every 30 s after a 60 s timeout,
 *   so a slow-header connection was held ~100 s;
 * - at most MAX_CONNECTIONS_PER_ADDRESS open connections from one address: the next is
 *   closed as it is accepted, so one client cannot hold thousands of sockets.
 * Idle keep-alive connections stay open KEEP_ALIVE_TIMEOUT_MS (longer than the usual proxy's
 * 60 s): under load Node accepts one new connection per event-loop iteration, so a burst of
 * reconnecting clients waits in the accept queue, while a kept connection is read at once.
 * (Since Node 18 the header timer of a kept connection starts with its next request, not
 * while it idles: the two timeouts are independent.)
 */
export async function listen(fetch: Parameters<typeof serve>[0]['fetch'], config: Settings): Promise<HttpServer> {
  const server = await new Promise<HttpServer>((resolve) => {
    const s = serve(
      {
        fetch,
        port: config.PORT,
        hostname: config.HOST,
        serverOptions: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS) },
      },
      () => resolve(s as HttpServer),
    )
  })
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS
  capConnectionsPerAddress(server, config.MAX_CONNECTIONS_PER_ADDRESS)
  return server
}

function capConnectionsPerAddress(server: HttpServer, max: number) {
  if (max <= 0) return
  const open = new Map<string, number>()
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
