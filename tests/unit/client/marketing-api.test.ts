import { describe, expect, it } from 'vitest'
import { checkClick, recordOpen, safeDestination, unsubscribe } from '../../../client/src/features/marketing/api/marketing-api'

type Call = { url: string; init?: RequestInit }

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init }
    calls.push(call)
    return answer(call)
  }) as typeof fetch
  return { fetcher, calls }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** What fetch(…, { redirect: 'manual' }) gives for a redirect in a browser. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 })
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' })
  return response
}

describe('unsubscribe', () => {
  it('posts the token and tells done, invalid and failed apart', async () => {
    const ok = fakeFetch(() => json(200, { ok: true }))
    expect(await unsubscribe('5.sig', ok.fetcher)).toBe('done')
    expect(ok.calls[0]).toMatchObject({ url: '/apps/marketing/unsubscribe', init: { method: 'POST', body: JSON.stringify({ token: '5.sig' }) } })
    expect(await unsubscribe('x', fakeFetch(() => json(400, { code: 'BAD_USER_INPUT' })).fetcher)).toBe('invalid')
    expect(await unsubscribe('x', fakeFetch(() => json(500, {})).fetcher)).toBe('failed')
    expect(await unsubscribe('x', fakeFetch(() => Promise.reject(new TypeError('offline'))).fetcher)).toBe('failed')
  })
})

describe('click links', () => {
  it('goes on only when the server answered with a redirect', async () => {
    const server = fakeFetch(() => opaqueRedirect())
    const result = await checkClick('spring', 'https://shop.example.com/pricing?plan=pro', 'sig', server.fetcher)
    expect(result).toEqual({ kind: 'allowed', href: 'https://shop.example.com/pricing?plan=pro' })
    expect(server.calls[0]!.url).toBe('/apps/marketing/click?m=spring&url=https%3A%2F%2Fshop.example.com%2Fpricing%3Fplan%3Dpro&s=sig')
    expect(server.calls[0]!.init).toMatchObject({ redirect: 'manual' })
  })

  it('reports a refused host or a bad signature, and never asks for non-web addresses', async () => {
    const host = fakeFetch(() => json(400, { code: 'BAD_USER_INPUT', fields: { url: ['Not an allow-listed host.'] } }))
    expect(await checkClick('m', 'https://evil.example.net/', 's', host.fetcher)).toEqual({ kind: 'refused', reason: 'host' })
    const link = fakeFetch(() => json(400, { code: 'BAD_USER_INPUT', fields: { s: ['Invalid signature.'] } }))
    expect(await checkClick('m', 'https://shop.example.com/', 's', link.fetcher)).toEqual({ kind: 'refused', reason: 'link' })
    const none = fakeFetch(() => opaqueRedirect())
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'https://user:pw@shop.example.com/', 'not a url']) {
      expect(await checkClick('m', url, 's', none.fetcher)).toEqual({ kind: 'refused', reason: 'host' })
    }
    expect(none.calls).toEqual([])
    expect(await checkClick('m', 'https://shop.example.com/', 's', fakeFetch(() => Promise.reject(new TypeError('x'))).fetcher)).toEqual({ kind: 'failed' })
  })

  it('accepts only http(s) destinations without credentials', () => {
    expect(safeDestination('https://shop.example.com/a')?.host).toBe('shop.example.com')
    expect(safeDestination('ftp://shop.example.com/')).toBeNull()
  })
})

describe('open tracking', () => {
  it('asks for the pixel with the mail id and signature', async () => {
    const server = fakeFetch(() => new Response(new Uint8Array([71, 73, 70]), { status: 200, headers: { 'content-type': 'image/gif' } }))
    expect(await recordOpen('spring', 'abc', server.fetcher)).toBe(true)
    expect(server.calls[0]!.url).toBe('/apps/marketing/open?m=spring&s=abc')
  })
})
