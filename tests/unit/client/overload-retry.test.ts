import { describe, expect, it } from 'vitest'
import { retryAfterSeconds, withOverloadRetry } from '../../../client/src/lib/overload-retry'

const refused = (retryAfter?: string) =>
  new Response('{"code":"OVERLOADED"}', { status: 503, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } })

function scripted(responses: Response[]) {
  const bodies: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(input instanceof Request ? await input.text() : String(init?.body ?? ''))
    const next = responses.shift()
    if (!next) throw new Error('no more responses')
    return next
  }
  return { fetch, bodies }
}

describe('withOverloadRetry', () => {
  it('sends a request refused with 503 and Retry-After again after the time asked for, body and all', async () => {
    const waits: number[] = []
    const { fetch, bodies } = scripted([refused('2'), refused('1'), new Response('ok', { status: 200 })])
    const retrying = withOverloadRetry(fetch, { sleep: async (ms) => void waits.push(ms) })
    const response = await retrying(new Request('http://app.test/graphql', { method: 'POST', body: '{"query":"{a}"}' }))
    expect(response.status).toBe(200)
    expect(bodies).toEqual(['{"query":"{a}"}', '{"query":"{a}"}', '{"query":"{a}"}'])
    expect(waits).toHaveLength(2)
    expect(waits[0]).toBeGreaterThanOrEqual(2000)
    expect(waits[0]).toBeLessThanOrEqual(2500)
    expect(waits[1]).toBeGreaterThanOrEqual(1000)
  })

  it('gives up after three retries and passes the last 503 on', async () => {
    const { fetch, bodies } = scripted([refused('1'), refused('1'), refused('1'), refused('1'), new Response('never')])
    const response = await withOverloadRetry(fetch, { sleep: async () => undefined })('http://app.test/x', { method: 'GET' })
    expect(response.status).toBe(503)
    expect(bodies).toHaveLength(4)
  })

  it('passes a 503 without Retry-After, or with a long one, on at once', async () => {
    for (const answer of [refused(), refused('60'), refused('Wed, 21 Oct 2015 07:28:00 GMT')]) {
      const { fetch, bodies } = scripted([answer, new Response('ok')])
      const response = await withOverloadRetry(fetch, { sleep: async () => undefined })('http://app.test/x')
      expect(response.status).toBe(503)
      expect(bodies).toHaveLength(1)
    }
  })

  it('leaves other answers alone', async () => {
    for (const status of [200, 400, 401, 429, 500]) {
      const { fetch, bodies } = scripted([new Response(null, { status, headers: { 'retry-after': '1' } })])
      expect((await withOverloadRetry(fetch, { sleep: async () => undefined })('http://app.test/x')).status).toBe(status)
      expect(bodies).toHaveLength(1)
    }
  })

  it('reads Retry-After in seconds only', () => {
    expect(retryAfterSeconds(refused('3'))).toBe(3)
    expect(retryAfterSeconds(refused(' 0 '))).toBe(0)
    expect(retryAfterSeconds(refused('soon'))).toBeNull()
    expect(retryAfterSeconds(refused())).toBeNull()
  })
})
