import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, freePort, startE2E, type E2E } from './support/harness'

/**
 * The overlay on air across a server restart (issue 37): the overlay page, open in its own tab,
 * loses its event stream when the server stops and opens it again by itself once the server is
 * back (a pause drawn at random, growing with each failure); a test alert sent after the restart
 * shows on it, and in the alerts page's framed preview (the overlay page, framed by this origin).
 */
describe('the overlay across a server restart, and the editor preview, in Chromium', () => {
  let e2e: E2E
  let page: Page
  let overlay: Page
  const dataDir = mkdtempSync(join(tmpdir(), 'overlay-restart-'))

  beforeAll(async () => {
    // On disk and on a fixed port: the restarted server has the same overlay URL at the same origin.
    e2e = await startE2E({ SANDBOX: 'auto', DATA_DIR: dataDir, PORT: String(await freePort()) })
    page = await clientPage(e2e)
    overlay = await e2e.newPage()
    // A data directory on disk is migrated and seeded from nothing (no in-memory snapshot): slower.
  }, 240_000)
  afterAll(async () => {
    await overlay?.context().close()
    await closeE2E(page, e2e)
    rmSync(dataDir, { recursive: true, force: true })
  })

  const sendTestFollow = async () => {
    await page.getByTestId('alert-follow-test').click()
  }

  it('shows the real overlay in the editor, framed, with the test alerts', async () => {
    await page.goto('/pages/alerts')
    await page.getByTestId('overlay-url').waitFor()
    const frame = page.frameLocator('[data-testid="overlay-preview"]')
    await frame.locator('#alert-box').waitFor({ state: 'attached' })
    await sendTestFollow()
    await frame.locator('#alert-box .alert[data-type="follow"]').filter({ hasText: 'TEST' }).waitFor({ timeout: 20_000 })
  })

  it("shows a chatter's badges as named icons, not as role names", async () => {
    const url = await page.getByTestId('overlay-url').inputValue()
    await page.goto('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await page.getByTestId('sandbox-viewer').fill('BadgeFan')
    await page.getByTestId('sandbox-badge-vip').check()
    await page.getByTestId('sandbox-badge-moderator').check()
    await page.getByTestId('sandbox-message').fill('hello with badges')
    await page.getByTestId('sandbox-send').click()
    await page.locator('[data-testid="chat-message"]').filter({ hasText: 'hello with badges' }).last().waitFor({ timeout: 20_000 })
    // Opened after the line: it comes with the chat backlog of the stream's hello.
    const first = overlay.waitForResponse((r) => r.url().endsWith('/events') && r.status() === 200)
    await overlay.goto(url)
    await first
    const line = overlay.locator('#chat-box li').filter({ hasText: 'hello with badges' })
    await line.waitFor()
    expect(await line.getByRole('img', { name: 'VIP' }).count()).toBe(1)
    expect(await line.getByRole('img', { name: 'Moderator' }).count()).toBe(1)
    expect(await line.getByRole('img', { name: 'Broadcaster' }).count()).toBe(0)
    expect((await line.textContent())?.toLowerCase()).not.toMatch(/vip|moderator/)
  })

  it('reconnects by itself after the server restarts, and shows what is sent after', async () => {
    await page.goto('/pages/alerts')
    await page.getByTestId('overlay-url').waitFor()
    // Every answered stream from now on: the one after the restart is the overlay's own reconnection.
    const streams: number[] = []
    overlay.on('response', (r) => {
      if (r.url().endsWith('/events')) streams.push(r.status())
    })
    await e2e.restart()
    await expect.poll(() => streams.includes(200), { timeout: 60_000, interval: 200 }).toBe(true)
    // The alert box may still show the preview test's alert: wait until it is empty.
    await overlay.locator('#alert-box .alert').waitFor({ state: 'detached', timeout: 20_000 })
    await sendTestFollow()
    await overlay.locator('#alert-box .alert[data-type="follow"]').filter({ hasText: 'TEST' }).waitFor({ timeout: 20_000 })
  })
})
