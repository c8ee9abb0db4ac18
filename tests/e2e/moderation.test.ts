import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage, sandboxChat } from './support/pages'

/**
 * Auto-moderation on the demo client's sandbox channel (issue 30's done-when): a viewer's link
 * is deleted with a warning and shows as removed in the chatboard, the second gets a timeout,
 * a regular's link stays, a moderator's !permit lets one through, a banned term in full-width
 * letters is caught, a nuke removes three earlier messages and the log undoes a timeout.
 */
describe('auto-moderation in Chromium', () => {
  let e2e: E2E
  let page: Page

  const open = (path: string) => openPage(page, path)
  const { line, say, botSays } = sandboxChat(() => page)
  const removed = (text: string) => line(text).getByTestId('chat-removed').waitFor({ timeout: 20_000 })

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    page = await clientPage(e2e)
  })
  afterAll(async () => {
    await closeE2E(page, e2e)
  })

  it('switches auto-moderation on with a banned term and adds a regular', async () => {
    await open('/pages/Moderation')
    await page.getByTestId('moderation-settings').waitFor()
    await page.getByTestId('moderation-enabled').click()
    await page.getByTestId('moderation-filter-terms-terms').fill('free')
    await page.getByTestId('moderation-save').click()
    await page.getByTestId('moderation-saved').waitFor()
    await page.getByTestId('moderation-regular-login').fill('TrustedFan')
    await page.getByTestId('moderation-regular-login').press('Enter')
    await page.getByTestId('moderation-regular').filter({ hasText: 'trustedfan' }).waitFor()
  })

  it('removes links with a warning, then a timeout; a regular and a permitted viewer keep theirs; catches full-width terms', async () => {
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await say('Spammer', 'visit evil-example.com now')
    await removed('visit evil-example.com now')
    await botSays('@Spammer, no links without permission (warning)')
    await say('Spammer', 'again evil-example.com')
    await removed('again evil-example.com')
    await say('TrustedFan', 'my clip clips.example.com/abc')
    await say('Moddy', '!permit guest', true)
    await botSays('@guest may post one link in the next 60 seconds.')
    await say('Guest', 'allowed example.org')
    await say('Other', 'get ｆｒｅｅ stuff')
    await removed('get ｆｒｅｅ stuff')
    expect(await line('my clip clips.example.com/abc').getByTestId('chat-removed').count()).toBe(0)
    expect(await line('allowed example.org').getByTestId('chat-removed').count()).toBe(0)
  })

  it('nukes three earlier messages from the page after a confirmation', async () => {
    for (const v of ['Wave1', 'Wave2', 'Wave3']) await say(v, `${v} cheap promo`)
    await open('/pages/Moderation')
    await page.getByTestId('moderation-nuke-phrase').fill('cheap promo')
    await page.getByTestId('moderation-nuke-run').click()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('moderation-nuke').getByText('Removed 3 message(s) from 3 viewer(s).').waitFor()
  })

  it('lists the actions in the log and undoes a timeout', async () => {
    await page.getByTestId('moderation-log-row').nth(5).waitFor()
    const undo = page.getByTestId('moderation-undo')
    const before = await undo.count()
    expect(before).toBeGreaterThanOrEqual(4) // the second link's timeout and the nuke's three
    await undo.first().click()
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="moderation-undo"]').length === n - 1, before)
  })
})
