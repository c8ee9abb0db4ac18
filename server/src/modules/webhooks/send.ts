import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { resolveTarget } from './address-guard'

/** The most of a receiver's answer that is read and kept (the delivery log's excerpt). */
export const RESPONSE_EXCERPT_BYTES = 4096

export interface SendResult {
  ok: boolean
  /** HTTP status, or null when no answer came. */
  status: number | null
  latencyMs: number
  excerpt: string
}

export interface SendOptions {
  timeoutMs: number
  allowPrivate: boolean
  ms: () => number
}

/**
 * One POST of a signed body. Only http(s); the host is resolved and checked first
 * (address-guard.ts) and the connection goes to that checked address (a pinned lookup), with
 * the URL's host name kept for the Host header and TLS. A redirect is an answer like any
 * other: never followed (a 3xx counts as a failure, so the owner sees it in the log). The
 * whole attempt, answer included, ends after `timeoutMs`; at most RESPONSE_EXCERPT_BYTES of
 * the answer are read.
 */
export async function sendWebhook(rawUrl: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<SendResult> {
  const started = opts.ms()
  const fail = (excerpt: string, status: number | null = null): SendResult => ({ ok: false, status, latencyMs: Math.round(opts.ms() - started), excerpt })
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return fail('the URL is not valid')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('only http and https URLs are allowed')
  const target = await resolveTarget(url, opts.allowPrivate)
  if (!target.ok) return fail(target.reason)
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<SendResult>((resolve) => {
    let settled = false
    const done = (r: SendResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(r)
    }
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'channel-assistant-webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const finish = () => {
          const status = res.statusCode ?? 0
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8')
          res.destroy()
          const redirect = status >= 300 && status < 400
          done({
            ok: status >= 200 && status < 300,
            status,
            latencyMs: Math.round(opts.ms() - started),
            excerpt: redirect ? `redirect to ${res.headers.location ?? '(no location)'} not followed` : excerpt,
          })
        }
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= RESPONSE_EXCERPT_BYTES) finish()
        })
        res.on('end', finish)
        res.on('error', finish)
      },
    )
    const timer = setTimeout(() => {
      req.destroy()
      done(fail(`no answer within ${opts.timeoutMs} ms`))
    }, opts.timeoutMs)
    req.on('error', (e) => done(fail(`connection failed: ${(e as NodeJS.ErrnoException).code ?? e.message}`)))
    req.end(body)
  })
}
