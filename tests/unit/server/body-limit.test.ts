import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { limitBody } from '../../../server/src/http/too-large'

/** The body limit judges a declared length by its header and counts a chunked body as it comes. */
describe('limitBody', () => {
  const app = new Hono().post('/x', limitBody(10), async (c) => c.text(`read ${(await c.req.text()).length}`))
  const stream = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const ch of text) controller.enqueue(new TextEncoder().encode(ch))
        controller.close()
      },
    })
  const post = (body: BodyInit, headers: Record<string, string> = {}) => app.request('/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

  it('lets a body within the limit through, declared or chunked', async () => {
    expect(await (await post('0123456789', { 'content-length': '10' })).text()).toBe('read 10')
    expect(await (await post(stream('0123456789'))).text()).toBe('read 10')
  })

  it('refuses a declared length over the limit with 413', async () => {
    const res = await post('0123456789A', { 'content-length': '11' })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Payload too large' })
  })

  it('refuses a chunked body once it passes the limit', async () => {
    const res = await post(stream('0123456789AB'))
    expect(res.status).toBe(413)
  })

  it('refuses a Content-Length that is not a number with a coded 400', async () => {
    const res = await post('abc', { 'content-length': '3x' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Invalid Content-Length', code: 'BAD_REQUEST' })
  })
})
