import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** Bodies up to this size are read and dropped after a 413, so the connection stays usable. */
const DRAIN_BYTES = 1024 * 1024
const DRAIN_MS = 1000

/** Reads `body` to its end if it is at most `maxBytes` and arrives within `ms`; false otherwise (then cancelled). */
async function drain(body: ReadableStream<Uint8Array>, maxBytes: number, ms: number): Promise<boolean> {
  const reader = body.getReader()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))
  try {
    let read = 0
    for (;;) {
      const chunk = await Promise.race([reader.read(), late])
      if (chunk === 'late') return false
      if (chunk.done) return true
      read += chunk.value.byteLength
      if (read > maxBytes) return false
    }
  } catch {
    return false
  } finally {
    clearTimeout(timer)
    reader.cancel().catch(() => {})
  }
}

/**
 * The 413 answer. A client on a kept-alive connection (or a proxy) sends its next request
 * after the body: a small enough body is read and dropped so that request is answered on the
 * same connection; a larger one (or one already half read) gets `Connection: close`, so the
 * client knows to open a new connection instead of losing the request.
 */
async function payloadTooLarge(c: Context) {
  const declared = Number(c.req.header('content-length'))
  const body = c.req.raw.body
  const drained = Number.isFinite(declared) && declared <= DRAIN_BYTES && body !== null && !body.locked && (await drain(body, DRAIN_BYTES, DRAIN_MS))
  if (!drained) c.header('Connection', 'close')
  return c.json({ error: 'Payload too large' }, 413)
}

/**
 * hono's bodyLimit with the 413 above. A request that declares its length (Content-Length and
 * no Transfer-Encoding: what browsers and HTTP clients send) is judged by that header alone:
 * hono's middleware first asks for the body stream, which makes @hono/node-server build a full
 * web Request for every request. Node's HTTP parser never hands on more bytes than declared,
 * so the header is the body's size. A chunked body is counted as it arrives (hono's way).
 */
export const limitBody = (maxSize: number): MiddlewareHandler => {
  const counted = bodyLimit({ maxSize, onError: payloadTooLarge })
  return async (c, next) => {
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next)
    if (!/^\d+$/.test(length)) return c.json({ error: 'Invalid Content-Length', code: 'BAD_REQUEST' }, 400)
    return Number(length) > maxSize ? payloadTooLarge(c) : next()
  }
}
