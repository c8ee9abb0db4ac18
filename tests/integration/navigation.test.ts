import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * A browser navigation (GET asking for HTML) gets the app on any path the API does not answer,
 * so /apps/… and /jwt/… client pages load; an API client gets a 404 with no body there, and on
 * unknown data paths outside /apps too — never the app's HTML with a 200.
 */
describe('browser navigation and API paths', () => {
  let t: TestApp
  const dist = mkdtempSync(join(tmpdir(), 'nav-dist-'))
  const html = '<!doctype html><title>app shell</title>'
  const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), html)
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

  it.each(['/apps/email/emails', '/jwt/unknown', '/good-table/basic', '/card/card-statistics/revenue', '/some/data'])(
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
})
