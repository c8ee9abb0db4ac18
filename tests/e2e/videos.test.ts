import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { connectChannelIn, openPage } from './support/pages'

const BROADCASTER = { id: '9001', login: 'vodcaster', displayName: 'VodCaster' }
const DAY = 86_400_000

/**
 * The VOD library and the video dashboard against the real server, whose Twitch client talks
 * to the local Twitch server: videos and clips added there appear in the browser with the
 * view counts the platform reports; clips are created and videos deleted there.
 */
describe('the VOD library and the video dashboard in Chromium', () => {
  let e2e: E2E
  let page: Page
  const twitch = () => e2e.platforms!.twitch
  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first()
  const open = (path: string) => openPage(page, path)
  const waitForRows = async (kind: 'video' | 'clip', n: number) => {
    await page.waitForFunction(([testId, count]) => document.querySelectorAll(`[data-testid="${testId}"]`).length === count, [`${kind}-row`, n] as const)
  }

  beforeAll(async () => {
    e2e = await startE2E({}, { platforms: true })
    twitch().addUser(BROADCASTER)
    const now = Date.now()
    for (let i = 0; i < 12; i++) {
      twitch().addVideo(BROADCASTER.id, {
        id: String(500 + i),
        title: `Broadcast ${i}`,
        type: i % 4 === 0 ? 'highlight' : 'archive',
        view_count: 100 + ((i * 37) % 50) * 10,
        durationSeconds: 1800 + i * 60,
        created_at: new Date(now - (i * 7 + 1) * DAY).toISOString(),
      })
    }
    for (let i = 0; i < 5; i++) {
      twitch().addClip(BROADCASTER.id, {
        id: `Clip${i}`,
        title: `Moment ${i}`,
        view_count: 1000 * (i + 1),
        creator_name: 'viewer_one',
        created_at: new Date(now - (i + 1) * DAY).toISOString(),
      })
    }
    page = await clientPage(e2e)
  })
  afterAll(() => closeE2E(page, e2e))

  it('says how to get data before a channel is connected', async () => {
    await open('/pages/VOD')
    await page.getByTestId('empty-channels').waitFor()
    await open('/followerfabrik/videodashboard')
    await page.getByTestId('empty-channels').waitFor()
    expect(await page.getByTestId('not-built').count()).toBe(0)
  })

  it('lists the videos and clips from the platform, with its view counts', async () => {
    await open('/pages/Panel')
    twitch().consentAs(BROADCASTER.id)
    await connectChannelIn(page, 'twitch')
    await page.waitForURL((url) => url.pathname === '/pages/Panel' && !url.search)
    await page.getByTestId('channel-card').waitFor()

    await open('/pages/VOD')
    await waitForRows('video', 12)
    await waitForRows('clip', 5)
    const first = page.locator('[data-testid="video-row"][data-id="500"]')
    expect(await first.getByTestId('views').innerText()).toBe('100')
    expect(await first.getByRole('link', { name: 'Broadcast 0', exact: true }).getAttribute('href')).toBe('https://www.twitch.tv/videos/500')
    expect(await page.locator('[data-testid="clip-row"][data-id="Clip4"]').getByTestId('views').innerText()).toBe('5,000')
    await page.getByTestId('vod-synced').waitFor()
  })

  it('filters by type and dates, and sorts by views', async () => {
    await page.getByTestId('video-type').selectOption('highlight')
    await waitForRows('video', 3)
    await page.getByTestId('video-type').selectOption('')
    await waitForRows('video', 12)
    await page.getByTestId('video-sort').selectOption('views')
    const maxViews = Math.max(
      ...twitch()
        .videos(BROADCASTER.id)
        .map((v) => v.view_count),
    )
    await page.waitForFunction((v) => document.querySelector('[data-testid="video-row"] [data-testid="views"]')?.textContent === v, String(maxViews))
    await page.getByTestId('clip-sort').selectOption('views')
    await page.waitForFunction(() => document.querySelector('[data-testid="clip-row"]')?.getAttribute('data-id') === 'Clip4')

    // Only the last 20 days: videos 0, 1, 2 (1, 8 and 15 days old).
    const from = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10)
    await page.getByTestId('range-from').fill(from)
    await waitForRows('video', 3)
    // A range that ends before it starts is refused in the form.
    await page.getByTestId('range-to').fill('2015-01-01')
    await page.getByText('Choose a range of at most 366 days.').or(page.getByText('The end date is before the start date.')).first().waitFor()
    await page.getByTestId('range-to').fill(new Date().toISOString().slice(0, 10))
    await waitForRows('video', 3)
    await page.getByTestId('range-from').fill(new Date(Date.now() - 120 * DAY).toISOString().slice(0, 10))
    await waitForRows('video', 12)
  })

  it('creates a clip while live, and shows the platform refusing it', async () => {
    await page.getByTestId('create-clip').click()
    await page.getByTestId('clip-result').filter({ hasText: 'The stream is not live.' }).waitFor()

    twitch().goLive(BROADCASTER.id, 'Retro')
    twitch().restrictClips(BROADCASTER.id)
    await page.getByTestId('create-clip').click()
    await page.getByTestId('clip-result').filter({ hasText: 'Clipping is restricted on this channel.' }).waitFor()

    twitch().restrictClips(BROADCASTER.id, false)
    await page.getByTestId('create-clip').click()
    await page.getByTestId('clip-result').filter({ hasText: 'Clip created' }).waitFor({ timeout: 20_000 })
    await waitForRows('clip', 6)
    expect(twitch().clips(BROADCASTER.id)).toHaveLength(6)
  })

  it('deletes a video after a confirmation', async () => {
    const row = page.locator('[data-testid="video-row"][data-id="503"]')
    await row.getByTestId('video-delete').click()
    const dialog = page.getByTestId('video-delete-dialog')
    await dialog.getByText('"Broadcast 3"').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(
      twitch()
        .videos(BROADCASTER.id)
        .some((v) => v.id === '503'),
    ).toBe(true)

    await row.getByTestId('video-delete').click()
    await page.getByTestId('confirm-accept').click()
    await toast('"Broadcast 3" was deleted').waitFor()
    await waitForRows('video', 11)
    expect(
      twitch()
        .videos(BROADCASTER.id)
        .some((v) => v.id === '503'),
    ).toBe(false)
  })

  it('shows the videos and clips on the video dashboard', async () => {
    await open('/followerfabrik/videodashboard')
    await page.getByTestId('dashboard-totals').waitFor()
    expect(await page.getByTestId('total-videos').locator('dd').innerText()).toBe('11')
    expect(await page.getByTestId('total-clips').locator('dd').innerText()).toBe('6')
    await page.getByTestId('chart-counts').locator('svg').first().waitFor()
    await page.getByTestId('chart-views').locator('svg').first().waitFor()
    expect(await page.getByTestId('top-clip-row').count()).toBe(6)
    expect(await page.getByTestId('top-clip-row').first().getAttribute('data-id')).toBe('Clip4')
    expect(await page.getByTestId('dashboard-channel').innerText()).toContain('VodCaster')
  })

  it.each([
    ['de', 'Von Twitch aktualisieren', 'Videoaufrufe'],
    ['fr', 'Actualiser depuis Twitch', 'Vues des vidéos'],
    ['pt', 'Atualizar a partir da Twitch', 'Visualizações de vídeos'],
  ])('speaks %s', async (language, refresh, videoViews) => {
    await page.evaluate((l) => localStorage.setItem('language', l), language)
    await open('/pages/VOD')
    await page.getByTestId('vod-refresh').filter({ hasText: refresh }).waitFor()
    await open('/followerfabrik/videodashboard')
    await page.getByTestId('total-videoViews').filter({ hasText: videoViews }).waitFor()
    await page.evaluate(() => localStorage.setItem('language', 'en'))
  })
})
