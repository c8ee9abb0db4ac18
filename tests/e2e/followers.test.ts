import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/bot-harness'
import { clientPage, closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { connectChannelIn, signIn } from './support/pages'

const BROADCASTER = { id: '7301', login: 'followcaster', displayName: 'FollowCaster' }
const KICK_BROADCASTER = { id: 8301, name: 'KickFollowCaster' }

/**
 * The follower panel and the follow and Kick dashboards against the real server, whose
 * platform clients and sync scheduler talk to the local Twitch and Kick servers (the
 * schedule is shortened through its configuration so a stream gets sampled within seconds).
 */
describe('followers and dashboards in Chromium', () => {
  let e2e: E2E
  let page: Page

  const twitch = () => e2e.platforms!.twitch
  const kick = () => e2e.platforms!.kick
  const open = async (p: Page, path: string) => {
    await p.goto(path)
    await p.getByRole('heading', { level: 1 }).waitFor()
    await p.getByTestId('loading-overlay').waitFor({ state: 'detached' })
  }
  const activate = async (p: Page, platform: 'twitch' | 'kick') => {
    const card = p.locator(`[data-testid="channel-card"][data-platform="${platform}"]`)
    await card.waitFor()
    await card.getByTestId('panel-switch-active').click()
    await card.locator('[data-testid="bot-status"][data-state="running"]').waitFor({ timeout: 20_000 })
  }

  beforeAll(async () => {
    e2e = await startE2E({ SYNC_TICK_SECONDS: '1', VIEWER_SAMPLE_SECONDS: '2', FOLLOWER_SYNC_SECONDS: '3' }, { platforms: true })
    twitch().addUser(BROADCASTER)
    for (let i = 1; i <= 25; i++) twitch().follow(BROADCASTER.id, { userId: `f${i}`, login: `follower${i}`, name: `Follower${i}` })
    page = await clientPage(e2e)
  })
  afterAll(() => closeE2E(page, e2e))

  it('says how to get data before a channel is connected', async () => {
    for (const path of ['/pages/follower', '/followerfabrik/followdashboard', '/followerfabrik/kickviewerdashboard']) {
      await open(page, path)
      await page.getByTestId('empty-channels').waitFor()
    }
  })

  it('lists the followers from the local Twitch, page by page', async () => {
    twitch().consentAs(BROADCASTER.id)
    await open(page, '/pages/Panel')
    await connectChannelIn(page, 'twitch')
    await page.waitForURL((url) => url.pathname === '/pages/Panel' && !url.search)
    await activate(page, 'twitch')
    await open(page, '/pages/follower')
    await page.getByTestId('follower-row').first().waitFor()
    expect(await page.getByTestId('follower-total').innerText()).toContain('25 followers')
    expect(await page.getByTestId('follower-row').count()).toBe(20)
    expect(await page.getByTestId('follower-row').first().innerText()).toContain('Follower25')
    await page.getByTestId('followers-more').click()
    await waitFor(async () => (await page.getByTestId('follower-row').count()) === 25, 'the second page')
    expect(await page.getByTestId('followers-more').count()).toBe(0)
  })

  it('checks the template, saves the thank-you, and a new follower is thanked in chat', async () => {
    const template = page.getByTestId('thank-you-template')
    await template.fill('x'.repeat(301))
    await page.getByTestId('thank-you-save').click()
    await page.getByText('At most 300 characters.').waitFor()
    await page.getByTestId('thank-you-switch').click()
    await template.fill('Thanks for following, ${user}!')
    await page.getByTestId('thank-you-save').click()
    await page.getByTestId('toast').filter({ hasText: 'Thank-you saved' }).waitFor()
    twitch().follow(BROADCASTER.id, { userId: 'new1', login: 'newfan', name: 'NewFan' })
    await waitFor(() => twitch().sent.some((s) => s.isSent && s.message === 'Thanks for following, NewFan!'), 'the thank-you in chat', 30_000)
  })

  it('shows a stream with its viewer counts and the follower total on the follow dashboard', async () => {
    twitch().goLive(BROADCASTER.id, 'Chess')
    twitch().setViewers(BROADCASTER.id, 33)
    twitch().chat(BROADCASTER.id, { userId: 'v1', login: 'viewer' }, 'hello stream')
    twitch().follow(BROADCASTER.id, { userId: 'live1', login: 'livefan', name: 'LiveFan' })
    // Sampled every 2 s here (every 5 minutes by default).
    await new Promise((r) => setTimeout(r, 6000))
    twitch().goOffline(BROADCASTER.id)
    await new Promise((r) => setTimeout(r, 1500))
    await open(page, '/followerfabrik/followdashboard')
    await page.getByTestId('stream-row').first().waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('stream-average').first().innerText()).toBe('33')
    expect(await page.getByTestId('stream-peak').first().innerText()).toBe('33')
    await waitFor(
      async () => {
        await open(page, '/followerfabrik/followdashboard')
        return (await page.getByTestId('channel-total').first().innerText()) === '27'
      },
      'the total as Twitch reports it',
      20_000,
    )
    await page.getByTestId('growth-chart').waitFor()
    await page.getByTestId('best-hours').waitFor()
    // In every language.
    for (const [lng, text] of [
      ['de', 'Beste Stunden (UTC)'],
      ['fr', 'Meilleures heures (UTC)'],
      ['pt', 'Melhores horas (UTC)'],
      ['en', 'Best hours (UTC)'],
    ] as const) {
      await page.getByTestId('language-switcher').selectOption(lng)
      await page.getByRole('heading', { level: 2, name: text }).waitFor()
    }
  })

  it('shows a Kick stream and its follows on the Kick dashboard', async () => {
    const reseller = await e2e.newPage()
    try {
      await signIn(reseller, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
      await reseller.waitForURL((url) => url.pathname !== '/login')
      kick().addUser(KICK_BROADCASTER)
      kick().consentAs(KICK_BROADCASTER.id)
      await open(reseller, '/kick/panel')
      await connectChannelIn(reseller, 'kick')
      await reseller.waitForURL((url) => url.pathname === '/kick/panel' && !url.search)
      await activate(reseller, 'kick')
      expect(await kick().goLive(KICK_BROADCASTER.id, 'Poker')).toBe(200)
      kick().setViewers(KICK_BROADCASTER.id, 9)
      expect(await kick().follow(KICK_BROADCASTER.id, { id: 8399, name: 'KickFan' })).toBe(200)
      await new Promise((r) => setTimeout(r, 6000))
      expect(await kick().goOffline(KICK_BROADCASTER.id)).toBe(200)
      await open(reseller, '/followerfabrik/kickviewerdashboard')
      await reseller.getByTestId('kick-note').waitFor()
      await reseller.getByTestId('stream-row').first().waitFor({ timeout: 20_000 })
      expect(await reseller.getByTestId('stream-average').first().innerText()).toBe('9')
      expect(await reseller.getByTestId('channel-total').first().innerText()).toBe('1')
      await open(reseller, '/pages/follower')
      await reseller.getByTestId('kick-followers-note').waitFor()
      expect(await reseller.getByTestId('follower-row').first().innerText()).toContain('KickFan')
    } finally {
      await reseller.context().close()
    }
  })
})
