import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/bot-harness'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { connectChannelIn, openPage } from './support/pages'

const BROADCASTER = { id: '7301', login: 'raidcaster', displayName: 'RaidCaster' }
const TARGET = { id: '7302', login: 'friendlystreamer', displayName: 'FriendlyStreamer', language: 'de' }
const OFFLINE = { id: '7303', login: 'friendlysleeper', displayName: 'FriendlySleeper' }

/**
 * The raid panel against the real server and the local Twitch: connect a channel, search a
 * live channel, start a raid (pending), Twitch starts it (EventSub channel.raid: confirmed),
 * then the plan's one raid per 24 h shows as a cooldown on the panel and the dashboard.
 */
describe('the raid panel in Chromium', () => {
  let e2e: E2E
  let page: Page

  const twitch = () => e2e.platforms!.twitch
  const open = (path: string) => openPage(page, path)

  beforeAll(async () => {
    e2e = await startE2E({}, { platforms: true })
    for (const u of [BROADCASTER, TARGET, OFFLINE]) twitch().addUser(u)
    twitch().goLive(TARGET.id, 'Art')
    page = await clientPage(e2e)
  })
  afterAll(() => closeE2E(page, e2e))

  it('asks to connect a channel first', async () => {
    await open('/pages/raid')
    await page.getByTestId('empty-channels').waitFor()
  })

  it('searches a live channel and starts a raid after confirming: pending, then confirmed by Twitch', async () => {
    await open('/pages/Panel')
    twitch().consentAs(BROADCASTER.id)
    await connectChannelIn(page, 'twitch')
    await page.getByTestId('channel-card').waitFor()
    // Autostart is on: the bot listens on EventSub (channel.raid both ways) while waiting for the stream.
    await waitFor(
      () =>
        twitch()
          .subscriptions()
          .filter((s) => s.type === 'channel.raid').length === 2,
      'channel.raid subscriptions',
      20_000,
    )

    await open('/pages/raid')
    await page.getByTestId('raid-history-empty').waitFor()
    expect(await page.getByTestId('raided-channel').innerText()).toBe('none')
    expect(await page.getByTestId('raid-next').innerText()).toBe('now')
    await page.getByTestId('raid-query').fill('friendly')
    await page.getByTestId('raid-query').press('Enter')
    const row = page.locator('[data-testid="raid-target"][data-login="friendlystreamer"]')
    await row.waitFor()
    // Live only: the offline channel is not offered. Language and category as Twitch reports them.
    expect(await page.getByTestId('raid-target').count()).toBe(1)
    expect(await row.innerText()).toContain('German')
    expect(await row.innerText()).toContain('Art')

    await row.getByTestId('raid-start').click()
    await page.getByText('Raid FriendlyStreamer?').waitFor()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('raid-notice').waitFor()
    await page.locator('[data-testid="raid-status"][data-raid-active="true"]').waitFor()
    expect(await page.getByTestId('raid-active').innerText()).toContain('Pending: FriendlyStreamer')
    await page.locator('[data-testid="raid-row"][data-state="pending"]').waitFor()
    expect(twitch().pendingRaid(BROADCASTER.id)).toMatchObject({ toId: TARGET.id })

    // The broadcaster clicks "Raid Now" on Twitch: channel.raid confirms it on the page.
    expect(twitch().startPendingRaid(BROADCASTER.id, 12)).toBe(true)
    await page.locator('[data-testid="raid-row"][data-state="confirmed"]').waitFor({ timeout: 20_000 })
    await page.locator('[data-testid="raid-status"][data-raid-active="false"]').waitFor()
    expect(await page.getByTestId('raided-channel').innerText()).toBe('FriendlyStreamer')
    expect(await page.getByTestId('raid-usage').innerText()).toBe('1 of 1')
    expect(await page.getByTestId('raid-next').innerText()).not.toBe('now')
    await page.getByTestId('raid-blocked').waitFor()
    expect(await row.getByTestId('raid-start').isDisabled()).toBe(true)
  })

  it('shows the raid cooldown on the dashboard', async () => {
    await open('/dashboard/')
    const cooldown = page.getByTestId('raid-cooldown')
    await cooldown.waitFor()
    expect(await cooldown.innerText()).toContain('Next raid after')
  })

  // The search field's limit and the blank search: client/src/features/raids/components/raid-search.test.tsx.

  it('says on the Kick side that Kick has no raid API, with no raid button', async () => {
    await open('/pages/Panel')
    await page.getByTestId('disconnect-channel').click()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('empty-channels').waitFor()
    const kick = e2e.platforms!.kick
    kick.addUser({ id: 8301, name: 'KickRaider' })
    kick.consentAs(8301)
    await open('/kick/panel')
    await connectChannelIn(page, 'kick')
    await page.locator('[data-testid="channel-card"][data-platform="kick"]').waitFor()
    await open('/pages/raid')
    await page.getByTestId('raid-kick').getByText("Kick's public API documents no raid or host endpoint", { exact: false }).waitFor()
    expect(await page.getByTestId('raid-search').count()).toBe(0)
    expect(await page.getByTestId('raid-start').count()).toBe(0)
    await open('/dashboard/')
    expect(await page.getByTestId('raid-cooldown').innerText()).toBe('Not available on Kick')
  })
})
