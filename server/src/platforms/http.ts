import { PlatformAuthError, PlatformRequestError, type PlatformName, type PlatformResult } from './types'

export interface HttpDeps {
  fetch?: typeof fetch
  /** Milliseconds since the epoch; injectable so tests control time. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export interface JsonResponse {
  status: number
  body: unknown
  headers: Headers
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * JSON over HTTP for one platform, respecting its published rate-limit headers: when a
 * response says `Ratelimit-Remaining: 0`, the next request on that bucket waits until
 * `Ratelimit-Reset` (epoch seconds); a 429 waits the same way and is retried (twice at most).
 */
export class PlatformHttp {
  private readonly fetchFn: typeof fetch
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>
  /** bucket key → epoch ms before which no request is sent */
  private readonly blockedUntil = new Map<string, number>()
  /** bucket key → the last Ratelimit-Limit / Ratelimit-Remaining / Ratelimit-Reset seen. */
  private readonly budgets = new Map<string, { limit: number; remaining: number; resetAt: number }>()

  constructor(
    readonly platform: PlatformName,
    deps: HttpDeps = {},
  ) {
    this.fetchFn = deps.fetch ?? fetch
    this.now = deps.now ?? Date.now
    this.sleep = deps.sleep ?? defaultSleep
  }

  async request(
    url: string,
    init: {
      method?: string
      headers?: Record<string, string>
      json?: unknown
      form?: Record<string, string>
      bucket?: string
      /** 429s retried after the reset (default 2); background jobs pass 0 and back off themselves. */
      retries?: number
      /**
       * false: a 429 is the endpoint's own limit (raids: 10 per 10 min; shoutouts), not the
       * points bucket: answered at once, neither retried nor blocking the bucket.
       */
      retry429?: boolean
    },
  ): Promise<JsonResponse> {
    const bucket = init.bucket ?? 'app'
    const retries = init.retries ?? 2
    for (let attempt = 0; ; attempt++) {
      const wait = (this.blockedUntil.get(bucket) ?? 0) - this.now()
      if (wait > 0) await this.sleep(Math.min(wait, 60_000))
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers }
      let body: string | undefined
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(init.json)
      } else if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(init.form).toString()
      }
      let res: Response
      try {
        res = await this.fetchFn(url, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(15_000) })
      } catch (e) {
        throw new PlatformRequestError(this.platform, 0, `${this.platform} is unreachable (${(e as Error).message})`)
      }
      const text = await res.text()
      let parsed: unknown
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        parsed = text
      }
      const remaining = res.headers.get('ratelimit-remaining')
      const reset = Number(res.headers.get('ratelimit-reset'))
      const limit = Number(res.headers.get('ratelimit-limit'))
      if (remaining !== null && Number.isFinite(limit) && limit > 0) {
        this.budgets.set(bucket, { limit, remaining: Number(remaining), resetAt: Number.isFinite(reset) ? reset * 1000 : 0 })
      }
      if (res.status === 429 && init.retry429 === false) {
        if (remaining === '0' && Number.isFinite(reset) && reset > 0) this.blockedUntil.set(bucket, reset * 1000)
        return { status: res.status, body: parsed, headers: res.headers }
      }
      if ((remaining === '0' || res.status === 429) && Number.isFinite(reset) && reset > 0) {
        this.blockedUntil.set(bucket, reset * 1000)
      } else if (res.status === 429) {
        this.blockedUntil.set(bucket, this.now() + 1000 * 2 ** attempt)
      }
      if (res.status === 429 && attempt < retries) continue
      return { status: res.status, body: parsed, headers: res.headers }
    }
  }

  /**
   * What is left of a bucket's budget as the platform last reported it (null: not seen yet),
   * and until when it is blocked (epoch ms; 0 when it is not).
   */
  budget(bucket: string): { limit: number; remaining: number; resetAt: number; blockedUntil: number } | null {
    const b = this.budgets.get(bucket)
    const blockedUntil = this.blockedUntil.get(bucket) ?? 0
    if (!b) return blockedUntil > this.now() ? { limit: 0, remaining: 0, resetAt: blockedUntil, blockedUntil } : null
    // Past its reset the budget is whole again.
    if (b.resetAt && b.resetAt <= this.now()) return { limit: b.limit, remaining: b.limit, resetAt: 0, blockedUntil: 0 }
    return { ...b, blockedUntil: blockedUntil > this.now() ? blockedUntil : 0 }
  }
}

/** The message a platform put in an error body, whatever its shape. */
export function platformMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    for (const k of ['message', 'error_description', 'error']) {
      if (typeof b[k] === 'string' && b[k]) return b[k] as string
    }
  }
  if (typeof body === 'string' && body) return body.slice(0, 300)
  return fallback
}

/** Throws PlatformAuthError on 401 and PlatformRequestError on other non-2xx answers. */
export function expectOk(platform: PlatformName, res: JsonResponse, what: string): JsonResponse {
  if (res.status === 401) throw new PlatformAuthError(platform, platformMessage(res.body, `${what}: token refused`))
  if (res.status < 200 || res.status >= 300) {
    throw new PlatformRequestError(platform, res.status, `${what}: ${platformMessage(res.body, `HTTP ${res.status}`)}`)
  }
  return res
}

/** An action's answer for the user: 401 still throws (the token must be refreshed). */
export function toResult(platform: PlatformName, res: JsonResponse, okMessage: string): PlatformResult {
  if (res.status === 401) throw new PlatformAuthError(platform, platformMessage(res.body, 'token refused'))
  const ok = res.status >= 200 && res.status < 300
  return { ok, status: res.status, message: ok ? okMessage : platformMessage(res.body, `HTTP ${res.status}`) }
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '')
