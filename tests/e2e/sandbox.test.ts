import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage } from './support/pages'

/**
 * A fresh server with no Twitch or Kick application configured: the demo client's seeded
 * sandbox channel answers a test viewer's !hello in the chatboard, and only the sandbox can
 * be connected.
 */
describe('the sandbox channel in Chromium', () => {
  let e2e: E2E
  let page: Page

  const open = (path: string) => openPage(page, path)

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
