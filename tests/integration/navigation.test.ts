import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * A browser navigation (GET asking for HTML) gets the app on any path the API does not answer,
 * so /apps/… and /jwt/… client pages load; an API client gets a 404 with no body there, and on
 * unknown data paths outside /apps too — never the app's HTML with a 200.
 */
describe('browser navigation, API paths and compression', () => {
  let t: TestApp
  const dist = mkdtempSync(join(tmpdir(), 'nav-dist-'))
  const html = `<!doctype html><title>app shell</title>${'<!-- padding -->'.repeat(100)}`
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};`
  const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

  beforeAll(async () => {
    // What `npm run build` writes: index.html and each hashed asset with their brotli and gzip copies.
    writeFileSync(join(dist, 'index.html'), html)
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html))
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(html))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets/app-Ab12Cd34.js'), script)
    writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(script))
    writeFileSync(join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(script))
    t = await createTestApp('pglite', { CLIENT_DIST: dist })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })

  it.each(['/apps/email', '/apps/chat', '/jwt/anything', '/dashboard/', '/faq/data-page-unknown'])('navigating to %s loads the app', async (path) => {
    const res = await get(path, page)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(html)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('a navigation is also recognised by Sec-Fetch-Mode alone', async () => {
    const res = await get('/apps/todo', { 'sec-fetch-mode': 'navigate' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(html)
  })

  it.each(['/apps/unknown/data', '/jwt/unknown', '/good-table/unknown', '/card/elsewhere', '/autosuggest/unknown', '/some/data'])(
    'an API client gets a 404 with no body at %s',
    async (path) => {
      for (const accept of [undefined, 'application/json', '*/*']) {
        const res = await get(path, accept ? { accept } : {})
        expect(res.status).toBe(404)
        expect(await res.text()).toBe('')
      }
    },
  )

  it('a POST to an unknown /apps path is a 404 even when it asks for HTML', async () => {
    const res = await t.app.request('/apps/email', { method: 'POST', headers: page })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('')
  })

  it('real API routes still answer their own JSON to a browser', async () => {
    const res = await get('/pricing/data', page)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
  })

  it('serves built assets precompressed (brotli first, then gzip), cached for a year as immutable', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await br.arrayBuffer()).length).toBeLessThan(script.length / 10)
    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)
    const plain = await get('/assets/app-Ab12Cd34.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('sends a built file the headers a subresource needs, and the page the document policy', async () => {
    const asset = await get('/assets/app-Ab12Cd34.js')
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(asset.headers.get('content-security-policy')).toBeNull()
    expect(asset.headers.get('x-frame-options')).toBeNull()
    const doc = await get('/dashboard/', { accept: 'text/html' })
    expect(doc.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(doc.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(doc.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves the app page precompressed (brotli first), gzips larger JSON answers for clients that accept it, never an event stream', async () => {
    const page = await get('/dashboard/', { accept: 'text/html', 'accept-encoding': 'gzip, br' })
    expect(page.headers.get('content-encoding')).toBe('br')
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(html)
    const gzPage = await get('/dashboard/', { accept: 'text/html', 'accept-encoding': 'gzip' })
    expect(gzPage.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzPage.arrayBuffer())).toString()).toBe(html)
    const json = await get('/pricing/data', { 'accept-encoding': 'gzip' })
    expect(json.headers.get('content-encoding')).toBe('gzip')
    const data = JSON.parse(gunzipSync(Buffer.from(await json.arrayBuffer())).toString())
    expect(Object.keys(data)).toContain('basicPlan')
    const small = await get('/healthz', { 'accept-encoding': 'gzip' })
    expect(small.headers.get('content-encoding')).toBeNull()
    const { accessToken } = await t.loginAs('client')
    const sse = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: 'subscription { botStatus { channelId } }' }),
    })
    expect(sse.headers.get('content-type')).toContain('text/event-stream')
    expect(sse.headers.get('content-encoding') ?? 'none').toBe('none')
    const reader = sse.body!.getReader()
    await reader.read() // the stream has started (cancelling before that trips graphql-yoga)
    await reader.cancel()
  })
})
