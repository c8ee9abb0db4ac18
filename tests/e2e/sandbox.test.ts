import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage, sandboxChat } from './support/pages'

/**
 * A fresh server with no Twitch or Kick application configured: the demo client's seeded
 * sandbox channel answers a test viewer's !hello in the chatboard, and only the sandbox can
 * be connected.
 */
describe('the sandbox channel in Chromium', () => {
  let e2e: E2E
  let page: Page

  const open = (path: string) => openPage(page, path)
  const { line, say, viewer } = sandboxChat(() => page)
  /** Moves to `path` inside the app (no reload): what a click on a menu entry does. */
  const navigate = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    page = await clientPage(e2e)
  })
  afterAll(() => closeE2E(page, e2e))

  it('offers only the sandbox, and shows the seeded sandbox channel labelled', async () => {
    await open('/pages/Panel')
    await page.getByTestId('connect-sandbox').waitFor()
    expect(await page.getByTestId('connect-twitch').count()).toBe(0)
    expect(await page.getByTestId('connect-kick').count()).toBe(0)
    const card = page.getByTestId('channel-card')
    expect(await card.count()).toBe(1)
    expect(await card.getByTestId('sandbox-badge').textContent()).toBe('Sandbox')
  })

  it('answers a test viewer’s !hello in the chatboard', async () => {
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor({ timeout: 20_000 })
    await page.getByTestId('sandbox-viewer').fill('Newcomer')
    await page.getByTestId('sandbox-badge-subscriber').check()
    await page.getByTestId('sandbox-message').fill('!hello')
    await page.getByTestId('sandbox-send').click()
    await page.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: '!hello' }).waitFor()
    await page
      .locator('[data-testid="chat-message"][data-from-bot="true"]')
      .filter({ hasText: 'Hello Newcomer, welcome to the sandbox!' })
      .waitFor({ timeout: 20_000 })
  })

  it('refuses a bad test viewer name with a clear message', async () => {
    await page.getByTestId('sandbox-viewer').fill('x')
    expect(await page.getByTestId('sandbox-send').isEnabled()).toBe(true)
    await page.getByTestId('sandbox-send').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: '3–25 letters, digits or _' }).waitFor()
  })

  it('a moderator times out a test viewer, whose next line is refused and not shown, as on Twitch (issue 36, item 7c)', async () => {
    await say('Noisy', 'first line from Noisy')
    const first = line('first line from Noisy').first()
    await first.hover()
    await first.getByTestId('moderate-timeout').click()
    await page.getByTestId('timeout-duration').selectOption('300')
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('platform-answer').waitFor()
    await viewer('Noisy')
    await page.getByTestId('sandbox-message').fill('second line from Noisy')
    await page.getByTestId('sandbox-send').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: 'timed out or banned' }).waitFor()
    // Another viewer's line arrives after it: the refused one never reached the chatboard.
    await say('Calm', 'a line from Calm')
    expect(await line('second line from Noisy').count()).toBe(0)
  })

  it('lists a clip made in the test console in the library without a reload, as a sandbox clip with no Twitch link (issue 36, item 7c)', async () => {
    // The library is read once first: its copy is fresh, and before, a new clip waited for "Refresh".
    await open('/pages/VOD')
    await page.getByTestId('clips-empty').waitFor()
    await navigate('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.getByTestId('sandbox-clip-title').fill('Checkmate in three')
    await page.getByTestId('sandbox-clip').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: 'Checkmate in three' }).waitFor()
    await navigate('/pages/VOD')
    const row = page.getByTestId('clip-row').filter({ hasText: 'Checkmate in three' })
    await row.waitFor()
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(await row.getByTestId('sandbox-media-label').innerText()).toBe('Sandbox clip')
    expect(await page.getByTestId('vod-clips').locator('a[href*="twitch.tv"], a[href*="kick.com"]').count()).toBe(0)
    expect(await row.getByTestId('open-link').count()).toBe(0)
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
  })

  it("raids one of the sandbox's own live test channels (issue 36, item 7)", async () => {
    await open('/pages/raid')
    await page.getByTestId('raid-query').fill('sandbox test')
    await page.getByTestId('raid-search-submit').click()
    const target = page.locator('[data-testid="raid-target"][data-login="sandbox_test_channel_1"]')
    await target.waitFor()
    expect(await page.getByTestId('raid-target').count()).toBe(3)
    await target.getByTestId('raid-start').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Raid' }).click()
    // Was "Please check your input": the raid service took decimal (real Twitch) ids only.
    await page.locator('[data-testid="raid-status"][data-raid-active="true"]').waitFor()
    expect(await page.getByTestId('raided-channel').innerText()).toBe('Sandbox test channel 1')
    // Back to the test console, where the next test removes the channel.
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
  })

  it('removes the sandbox channel after a confirmation', async () => {
    await page.getByTestId('sandbox-remove').click()
    await page.getByTestId('sandbox-remove-dialog').waitFor()
    await page.getByTestId('sandbox-remove-confirm').click()
    await page.waitForURL('**/pages/Panel')
    await page.getByTestId('empty-channels').waitFor()
    await page.getByTestId('connect-sandbox').waitFor()
  })
})
