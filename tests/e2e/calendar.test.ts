import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { connectChannelIn, openPage } from './support/pages'

const BROADCASTER = { id: '3001', login: 'calendarcaster', displayName: 'CalendarCaster' }

/**
 * The stream calendar in Chromium against the real server and the local Twitch: an event
 * added in the dialog is still there after a reload; a segment of the connected Twitch
 * channel's stream schedule shows on the calendar; deleting asks first.
 */
describe('stream calendar in Chromium', () => {
  let e2e: E2E
  let page: Page
  const twitch = () => e2e.platforms!.twitch
  const event = (title: string) => page.locator('.fc-event', { hasText: title })

  beforeAll(async () => {
    e2e = await startE2E({}, { platforms: true })
    twitch().addUser(BROADCASTER)
    page = await clientPage(e2e)
    await openPage(page, '/pages/Panel')
    twitch().consentAs(BROADCASTER.id)
    await connectChannelIn(page, 'twitch')
  })
  afterAll(() => closeE2E(page, e2e))

  it('keeps an event added in the dialog after a reload, shows the Twitch schedule, and deletes after a confirmation', async () => {
    // A segment made on Twitch itself, soon (in the month the calendar opens on).
    twitch().addSegment(BROADCASTER.id, { start: new Date(Date.now() + 10 * 60_000), minutes: 60, title: 'Speedrun night' })
    await openPage(page, '/apps/calendar')
    await event('Speedrun night').waitFor()

    await page.getByTestId('event-add').click()
    const dialog = page.getByTestId('event-dialog')
    for (const [label, value] of [
      ['Title', 'Collab planning'],
      ['Location', 'Studio'],
    ])
      await dialog.getByLabel(label!).fill(value!)
    await dialog.getByLabel('Calendar').selectOption('Business')
    await dialog.getByTestId('event-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await event('Collab planning').waitFor()

    await page.reload()
    await event('Collab planning').waitFor()
    await event('Speedrun night').waitFor()
    // The calendar filter hides and shows a calendar.
    await page.getByRole('checkbox', { name: 'Business' }).uncheck()
    await event('Collab planning').waitFor({ state: 'detached' })
    await page.getByRole('checkbox', { name: 'Business' }).check()

    // Keyboard: the event is focusable and Enter opens it.
    await event('Collab planning').focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    expect(await dialog.getByLabel('Location').inputValue()).toBe('Studio')
    await dialog.getByTestId('event-delete').click()
    await page.getByTestId('event-delete-dialog').waitFor()
    await page.getByTestId('event-delete-confirm').click()
    await event('Collab planning').waitFor({ state: 'detached' })
    await page.reload()
    await event('Speedrun night').waitFor()
    expect(await event('Collab planning').count()).toBe(0)
    // In every language: the page's own words and FullCalendar's.
    for (const [lng, heading, today] of [
      ['de', 'Kalender-Abo', 'Heute'],
      ['fr', 'Abonnement au calendrier', "Aujourd'hui"],
      ['pt', 'Subscrição do calendário', 'Hoje'],
      ['en', 'Calendar subscription', 'today'],
    ] as const) {
      await page.getByTestId('language-switcher').selectOption(lng)
      await page.getByRole('heading', { level: 2, name: heading }).waitFor()
      await page.locator('.fc-today-button', { hasText: today }).waitFor()
    }
  })
})
