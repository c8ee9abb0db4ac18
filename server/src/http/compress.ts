import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const gzipAsync = promisify(gzip)
/** JSON (REST, GraphQL) and the app's HTML; never an event stream or a multipart (deferred) answer. */
const COMPRESSIBLE = /^\s*(application\/(json|graphql-response\+json)|text\/html)\s*(;|$)/i

/** Whether Accept-Encoding allows `coding` (listed without q=0, or through a `*` that is not q=0). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false
  let star = false
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const allowed = q === undefined || Number(q.slice(2)) > 0
    if (name === coding) return allowed
    if (name === '*') star = allowed
  }
  return star
}

/**
 * Gzips dynamic answers of at least `threshold` bytes for clients that accept it (zlib on the
 * thread pool, not the event loop); smaller ones go out as they are, so the CPU is spent only
 * where it saves bytes. Built assets are not compressed here: they are served precompressed.
 */
export function compressLarge(threshold = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    // The cheap checks first: asking for `res.body` turns @hono/node-server's light response
    // (a string it writes at once) into a web Response with a stream.
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '') || res.headers.has('content-encoding')) return
    if (!acceptsEncoding(c.req.header('accept-encoding'), 'gzip') || !res.body) return
    c.header('vary', 'Accept-Encoding', { append: true })
    const body = Buffer.from(await res.arrayBuffer())
    if (body.length < threshold) {
      c.res = new Response(body, res)
      return
    }
    c.res = new Response(await gzipAsync(body), res)
    c.res.headers.delete('content-length')
    c.res.headers.set('content-encoding', 'gzip')
  }
}
