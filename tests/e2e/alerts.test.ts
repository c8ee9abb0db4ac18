import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'

/**
 * What the overlay page recorded, one entry per change of its alert box: `+type` an alert came,
 * `-type` it went by itself, `replaced` one was pushed out by another; and how many alerts
 * the box held after each change.
 */
declare global {
  interface Window {
    alertLog?: { change: string; held: number; text: string }[]
  }
}

/**
 * Issue 37's done-when in Chromium, on the demo client's sandbox channel: the overlay URL read
 * from the alerts page, open in a second page (no sign-in), shows a follow, a subscription and a
 * 500-bit cheer sent from the test console one after the other, never two at once; its chat box
 * shows a test viewer's line and drops it when a moderator removes it; the bot's own lines
 * follow the page's "hide the bot's lines" switch; a new URL makes the old one answer 404.
 */
describe('alerts and the overlay in Chromium', () => {
  let e2e: E2E
  let page: Page
  let overlay: Page
  let overlayUrl = ''

  const open = async (path: string) => {
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' })
  }
  const chatLine = (text: string) => overlay.locator('#chat-box li').filter({ hasText: text })
  const say = async (viewer: string, text: string) => {
    await page.getByTestId('sandbox-viewer').fill(viewer)
    await page.getByTestId('sandbox-message').fill(text)
    await page.getByTestId('sandbox-send').click()
    await page.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: viewer }).filter({ hasText: text }).last().waitFor()
  }
  const support = async (viewer: string, kind: 'sub' | 'cheer', amount?: number) => {
    await page.getByTestId('sandbox-viewer').fill(viewer)
    await page.getByTestId('sandbox-support-kind').selectOption(kind)
    if (amount) await page.getByTestId('sandbox-support-amount').fill(String(amount))
    await page.getByTestId('sandbox-support').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: viewer }).waitFor()
  }
  const botSaid = (text: string) =>
    page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: text }).last().waitFor({ timeout: 20_000 })
  /** Opens the overlay and waits until its event stream is answered, so nothing sent after is missed. */
  const openOverlay = async (url: string) => {
    const stream = overlay.waitForResponse((r) => r.url().endsWith('/events') && r.status() === 200)
    await overlay.goto(url)
    await stream
  }

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    page = await clientPage(e2e)
    overlay = await e2e.newPage()
    // Every change of the alert box, recorded in the page (not timed): the order and overlap checks read it.
    await overlay.addInitScript(() => {
      window.alertLog = []
      document.addEventListener('DOMContentLoaded', () => {
        const box = document.getElementById('alert-box')
        if (!box) return
        const typeOf = (nodes: NodeList) => [...nodes].map((n) => (n as HTMLElement).dataset?.type).find(Boolean)
        new MutationObserver((records) => {
          for (const r of records) {
            const added = typeOf(r.addedNodes)
            const removed = typeOf(r.removedNodes)
            if (!added && !removed) continue
            const change = added && removed ? 'replaced' : added ? `+${added}` : `-${removed}`
            const held = box.querySelectorAll('.alert')
            window.alertLog!.push({ change, held: held.length, text: held[0]?.textContent ?? '' })
          }
        }).observe(box, { childList: true })
      })
    })
  })
  afterAll(async () => {
    await overlay?.context().close()
    await closeE2E(page, e2e)
  })

  it('shows the overlay URL on the alerts page, and the overlay opens without a sign-in', async () => {
    await open('/pages/alerts')
    const field = page.getByTestId('overlay-url')
    await field.waitFor()
    overlayUrl = await field.inputValue()
    expect(overlayUrl).toMatch(/\/overlay\/[^/]+$/)
    await openOverlay(overlayUrl)
    await overlay.locator('#alert-box').waitFor({ state: 'attached' })
  })

  it('shows a follow, a subscription and a 500-bit cheer from the test console in order, one at a time', async () => {
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor({ timeout: 20_000 })
    await page.getByTestId('sandbox-viewer').fill('AlertFan')
    await page.getByTestId('sandbox-follow').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: 'AlertFan' }).waitFor()
    await support('AlertFan', 'sub')
    await support('AlertFan', 'cheer', 500)

    // The cheer is last in the queue: it shows only once the follow and the subscription are gone.
    await overlay.locator('#alert-box .alert[data-type="cheer"]').filter({ hasText: '500' }).waitFor({ timeout: 60_000 })
    await overlay.locator('#alert-box .alert').waitFor({ state: 'detached', timeout: 60_000 })
    const log = await overlay.evaluate(() => window.alertLog ?? [])
    // In the order sent, each gone (its duration over) before the next came: never two at once, none cut short.
    expect(log.map((l) => l.change)).toEqual(['+follow', '-follow', '+sub', '-sub', '+cheer', '-cheer'])
    expect(log.every((l) => l.held <= 1)).toBe(true)
    expect(log.filter((l) => l.held === 1).every((l) => l.text.includes('AlertFan'))).toBe(true)
  })

  it("leaves out the bot's lines while the switch is on, and shows them once it is off", async () => {
    // The subscription and the cheer were thanked in chat by the bot (their chat alerts are on by default).
    await botSaid('Thank you for subscribing, AlertFan!')
    await botSaid('AlertFan cheered 500 bits!')
    // A viewer's line after the bot's: once it is in the chat box, the bot's lines would have been too.
    await say('ChatFan', 'hello from the chat')
    await chatLine('hello from the chat').waitFor()
    expect(await overlay.locator('#chat-box li[data-from-bot="true"]').count()).toBe(0)

    await open('/pages/alerts')
    const toggle = page.getByTestId('overlay-hide-bot')
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await toggle.click()
    await page.locator('[data-testid="overlay-hide-bot"][aria-checked="false"]').waitFor()
    await page.locator('[data-testid="overlay-hide-bot"]:not([aria-busy])').waitFor()
    await page.reload()
    await page.locator('[data-testid="overlay-hide-bot"][aria-checked="false"]').waitFor()

    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await support('ShowBot', 'sub')
    await botSaid('Thank you for subscribing, ShowBot!')
    await overlay.locator('#chat-box li[data-from-bot="true"]').filter({ hasText: 'Thank you for subscribing, ShowBot!' }).waitFor({ timeout: 20_000 })
  })

  it('drops a chat line from the chat box when a moderator removes it', async () => {
    await say('Pest', 'buy cheap promo now')
    await chatLine('buy cheap promo now').waitFor()
    await open('/pages/Moderation')
    await page.getByTestId('moderation-nuke-phrase').fill('cheap promo')
    await page.getByTestId('moderation-nuke-run').click()
    await page.getByTestId('confirm-accept').click()
    await chatLine('buy cheap promo now').waitFor({ state: 'detached', timeout: 20_000 })
    await chatLine('hello from the chat').waitFor()
  })

  it('makes a new URL after a confirmation; the old one answers 404', async () => {
    await open('/pages/alerts')
    await page.getByTestId('overlay-regenerate').click()
    await page.getByTestId('confirm-accept').click()
    const field = page.getByTestId('overlay-url')
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).not.toBe(overlayUrl)
    const fresh = await field.inputValue()
    expect((await page.request.get(overlayUrl)).status()).toBe(404)
    expect((await page.request.get(`${overlayUrl}/events`)).status()).toBe(404)
    expect((await page.request.get(fresh)).status()).toBe(200)
  })
})
