import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'

/**
 * The webhooks page's main path in Chromium, on the demo client's sandbox channel: add an
 * endpoint pointing at a local receiver, read its secret, send a test event that the receiver
 * verifies with `standardwebhooks`, see it delivered in the log, redeliver it (same id), replace
 * its secret after confirming (the old one no longer verifies), and delete the endpoint after confirming.
 */
describe('webhooks page in Chromium', () => {
  let e2e: E2E
  let page: Page
  let server: Server
  let url = ''
  const got: { headers: IncomingHttpHeaders; body: string }[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
        res.writeHead(200).end('ok from receiver')
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    e2e = await startE2E({ SANDBOX: 'auto', WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on', WEBHOOKS_TICK_MS: '200' })
    page = await clientPage(e2e)
  })
  afterAll(async () => {
    await closeE2E(page, e2e)
    await new Promise<void>((r) => server?.close(() => r()))
  })

  it('adds an endpoint, sends a verified test event, redelivers it and deletes the endpoint', async () => {
    await page.goto('/pages/webhooks')
    await page.getByTestId('webhooks-empty').waitFor()
    await page.getByTestId('webhook-add').click()
    await page.getByTestId('webhook-url').fill('ftp://nope')
    await page.getByTestId('webhook-save').click()
    await page.getByText('Only http and https URLs are allowed.').waitFor()
    await page.getByTestId('webhook-url').fill(url)
    await page
      .getByTestId('webhook-events')
      .getByRole('checkbox', { name: /raid\.incoming/ })
      .check()
    await page.getByTestId('webhook-save').click()

    const card = page.getByTestId('webhook-endpoint')
    await card.waitFor()
    await expect.poll(() => card.getByRole('heading').textContent()).toBe(url)
    await card.getByTestId('webhook-secret-toggle').click()
    const secret = (await card.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)

    await card.getByTestId('webhook-test').click()
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(1)
    const first = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as { type: string }
    expect(first.type).toBe('webhook.test')

    const row = card.getByTestId('webhook-log-row').first()
    await expect
      .poll(
        async () => {
          await card.getByTestId('webhook-log-refresh').click()
          return row.getAttribute('data-status')
        },
        { timeout: 15_000 },
      )
      .toBe('delivered')
    await row.getByText('Excerpt').click()
    await row.getByText('ok from receiver').waitFor()

    await row.getByTestId('webhook-redeliver').click()
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(2)
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id'])

    // A new secret, after confirming: the next event is signed with it, and the old one no longer verifies it.
    await card.getByTestId('webhook-rotate').click()
    await page.getByTestId('webhook-rotate-confirm').click()
    await expect.poll(() => card.getByTestId('webhook-secret').textContent()).not.toBe(secret)
    const rotated = (await card.getByTestId('webhook-secret').textContent()) ?? ''
    expect(rotated).toMatch(/^whsec_/)
    await card.getByTestId('webhook-test').click()
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(3)
    expect((new Webhook(rotated).verify(got[2]!.body, got[2]!.headers as Record<string, string>) as { type: string }).type).toBe('webhook.test')
    expect(() => new Webhook(secret).verify(got[2]!.body, got[2]!.headers as Record<string, string>)).toThrow()

    await card.getByTestId('webhook-delete').click()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('webhooks-empty').waitFor()
  })
})
