import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelAccounts } from '../../server/src/modules/channels/channels.tables'
import { GIFT_BATCH_MS } from '../../server/src/modules/alerts/alert-dispatch'
import { MAX_OVERLAYS_PER_CHANNEL, MAX_PREVIEWS_PER_CHANNEL } from '../../server/src/modules/alerts/overlay-hub'
import { waitFor } from '../support/bot-harness'
import { collectEvents as collect } from '../support/sse'
import { engines } from '../support/databases'
import { BROADCASTER, KICK_BROADCASTER, startPlatformApp, type PlatformApp } from '../support/platform-harness'

const OVERLAY = 'query($c: ID!) { channel(id: $c) { overlay { path hideBot } alertScopesMissing alertSettings { type chat overlay template minimum } } }'
const UPDATE = `mutation($c: ID!, $type: AlertType!, $i: AlertSettingsInput!) { updateAlertSettings(channelId: $c, type: $type, input: $i) {
  type chat overlay template minimum durationMs sound imageUrl } }`
const REGENERATE = 'mutation($c: ID!) { regenerateOverlayUrl(channelId: $c) { path } }'
const TEST_ALERT = 'mutation($c: ID!, $type: AlertType!) { sendTestAlert(channelId: $c, type: $type) }'
const ACTIVATE = 'mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }'

describe.each(engines)('alerts and overlays on %s', (engine) => {
  let p: PlatformApp
  let token: string
  let channelId: string
  let kickToken: string
  let kickChannel: string
  const open: Array<{ close(): unknown }> = []

  const openOverlay = async (path: string, query = '') => {
    const res = await p.t.app.request(`${path}/events${query}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const c = collect(res)
    open.push(c)
    await waitFor(() => c.events.some((e) => e.kind === 'hello'), 'the hello event')
    return c
  }
  const sentTwitch = () => p.twitch.sent.filter((s) => s.isSent).map((s) => s.message)

  beforeAll(async () => {
    p = await startPlatformApp(engine)
    ;({ token, channelId } = await p.connect('client', 'twitch'))
    ;({ token: kickToken, channelId: kickChannel } = await p.connect('reseller', 'kick'))
    await p.ok(token, ACTIVATE, { id: channelId })
    await p.ok(kickToken, ACTIVATE, { id: kickChannel })
    await waitFor(() => p.worker.get(Number(channelId))?.isConnected && p.worker.get(Number(channelId))?.settings.active, 'the Twitch bot on')
    await waitFor(() => p.worker.get(Number(kickChannel))?.isConnected && p.worker.get(Number(kickChannel))?.settings.active, 'the Kick bot on')
  })
  afterAll(async () => {
    for (const c of open) await c.close()
    await p?.close()
  })

  it('subscribes to subscriptions, gifts and cheers with the scopes they need (Twitch) and to the support webhooks (Kick)', async () => {
    const types = p.twitch.subscriptions().map((s) => s.type)
    for (const type of ['channel.subscribe', 'channel.subscription.message', 'channel.subscription.gift', 'channel.cheer']) expect(types).toContain(type)
    const kickNames = p.kick.subscriptions.map((s) => s.name)
    for (const name of ['channel.subscription.new', 'channel.subscription.renewal', 'channel.subscription.gifts', 'kicks.gifted'])
      expect(kickNames).toContain(name)
    const d = await p.ok(token, OVERLAY, { c: channelId })
    expect(d.channel.alertScopesMissing).toEqual([])
    expect(d.channel.overlay.path).toMatch(/^\/overlay\/[A-Za-z0-9_-]{43}$/)
  })

  it('shows follow, subscription and a 500-bit cheer on the overlay in order, thanks in chat, and gifts in one line', async () => {
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    const overlay = await openOverlay(channel.overlay.path)
    const before = sentTwitch().length
    p.twitch.follow(BROADCASTER.id, { userId: 'f1', login: 'firstfan', name: 'FirstFan' })
    await waitFor(() => overlay.alerts().length === 1, 'the follow alert')
    p.twitch.support.subscribe(BROADCASTER.id, { userId: 's1', login: 'subber', name: 'Subber' })
    await waitFor(() => overlay.alerts().length === 2, 'the sub alert')
    p.twitch.support.cheer(BROADCASTER.id, { userId: 'c1', login: 'cheerer', name: 'Cheerer' }, { bits: 500, message: 'Cheer500 gg' })
    await waitFor(() => overlay.alerts().length === 3, 'the cheer alert')
    expect(overlay.alerts().map((a) => [a.type, a.text, a.test])).toEqual([
      ['follow', 'FirstFan just followed!', false],
      ['sub', 'Thank you for subscribing, Subber!', false],
      ['cheer', 'Cheerer cheered 500 bits!', false],
    ])
    expect(overlay.alerts()[2]).toMatchObject({ durationMs: 6000, sound: 'coin' })
    await waitFor(() => sentTwitch().length >= before + 2, 'the chat thanks')
    expect(sentTwitch().slice(before)).toEqual(['Thank you for subscribing, Subber!', 'Cheerer cheered 500 bits!'])

    // A gift bomb: two gifts (and the gifted subs Twitch announces one by one) make one chat line.
    const gifted = sentTwitch().length
    p.twitch.support.gift(
      BROADCASTER.id,
      { userId: 'g1', login: 'gifter', name: 'Gifter' },
      {
        count: 3,
        recipients: [1, 2, 3].map((i) => ({ userId: `r${i}`, login: `lucky${i}` })),
      },
    )
    p.twitch.support.gift(BROADCASTER.id, null, { count: 2 })
    await waitFor(() => overlay.alerts().length === 5, 'both gift alerts')
    expect(
      overlay
        .alerts()
        .slice(3)
        .map((a) => a.text),
    ).toEqual(['Gifter gifted 3 subs. Thank you!', 'Anonymous gifted 2 subs. Thank you!'])
    await p.worker.get(Number(channelId))!.idle()
    expect(sentTwitch().length).toBe(gifted)
    await waitFor(() => p.scheduler.armedFor(GIFT_BATCH_MS) || p.scheduler.pending > 0, 'the gift batch armed')
    await p.scheduler.advance(GIFT_BATCH_MS)
    await waitFor(() => sentTwitch().length === gifted + 1, 'the gift line')
    expect(sentTwitch().at(-1)).toBe('Gifter and Anonymous gifted 5 subs. Thank you!')
    expect(overlay.alerts()).toHaveLength(5) // no alert per gifted sub
  })

  it('keeps to the minimum and the switches, validates the settings and changes nothing on bad input', async () => {
    const bad = await p.t.gql(
      UPDATE,
      { c: channelId, type: 'cheer', i: { chat: true, overlay: true, template: 'Hi ${viewer}', minimum: -1, durationMs: 10 } },
      token,
    )
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect(Object.keys(bad.body.errors[0].extensions.fields).sort()).toEqual(['durationMs', 'minimum', 'template'])
    const badImage = await p.t.gql(
      UPDATE,
      { c: channelId, type: 'cheer', i: { chat: true, overlay: true, template: 'x', minimum: 1, durationMs: 5000, imageUrl: 'javascript:alert(1)' } },
      token,
    )
    expect(badImage.body.errors[0].extensions.fields.imageUrl).toBeDefined()
    const foreign = await p.t.gql(
      UPDATE,
      { c: channelId, type: 'cheer', i: { chat: true, overlay: true, template: 'x', minimum: 1, durationMs: 5000 } },
      kickToken,
    )
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND')
    expect((await p.ok(token, OVERLAY, { c: channelId })).channel.alertSettings.find((s: { type: string }) => s.type === 'cheer').minimum).toBe(1)

    const saved = await p.ok(token, UPDATE, {
      c: channelId,
      type: 'cheer',
      i: { chat: false, overlay: true, template: '${count} bits from ${user}', minimum: 100, durationMs: 4000, sound: 'chime' },
    })
    expect(saved.updateAlertSettings).toMatchObject({ chat: false, minimum: 100, durationMs: 4000, sound: 'chime', imageUrl: null })
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    const overlay = await openOverlay(channel.overlay.path)
    const before = sentTwitch().length
    p.twitch.support.cheer(BROADCASTER.id, { userId: 'c2', login: 'small', name: 'Small' }, { bits: 99 })
    p.twitch.support.cheer(BROADCASTER.id, { userId: 'c3', login: 'big', name: 'Big' }, { bits: 100 })
    await waitFor(() => overlay.alerts().length === 1, 'the cheer at the minimum')
    await p.worker.get(Number(channelId))!.idle()
    expect(overlay.alerts()[0]).toMatchObject({ text: '100 bits from Big', durationMs: 4000, sound: 'chime' })
    expect(sentTwitch().length).toBe(before)
  })

  it('sends a test alert to the overlay only, marked as a test', async () => {
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    const overlay = await openOverlay(channel.overlay.path)
    const before = sentTwitch().length
    expect((await p.ok(token, TEST_ALERT, { c: channelId, type: 'resub' })).sendTestAlert).toBe(true)
    await waitFor(() => overlay.alerts().length === 1, 'the test alert')
    expect(overlay.alerts()[0]).toMatchObject({ type: 'resub', test: true, text: 'TestViewer resubscribed: 12 months. Thank you!' })
    expect(sentTwitch().length).toBe(before)
    expect((await p.t.gql(TEST_ALERT, { c: channelId, type: 'resub' }, kickToken)).body.errors[0].extensions.code).toBe('NOT_FOUND')
  })

  it("shows the chat in the chat box, without the bot's lines", async () => {
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    const overlay = await openOverlay(channel.overlay.path)
    p.twitch.chat(BROADCASTER.id, { userId: 'v1', login: 'viewer1', name: 'Viewer1', badges: ['subscriber'] }, 'hello overlay')
    await waitFor(() => overlay.events.some((e) => e.kind === 'chat' && e.text === 'hello overlay'), 'the chat line')
    expect(overlay.events.find((e) => e.kind === 'chat' && e.text === 'hello overlay')).toMatchObject({ userName: 'Viewer1', roles: ['subscriber'] })
    expect(overlay.events.some((e) => e.kind === 'chat' && e.fromBot)).toBe(false)

    // A moderator removes the line (the chatboard's delete, through Twitch): the chat box is told.
    const line = overlay.events.find((e) => e.kind === 'chat' && e.text === 'hello overlay')!
    const del = await p.ok(token, 'mutation($c: ID!, $m: String!) { moderateChat(channelId: $c, input: { action: delete, messageId: $m }) { ok } }', {
      c: channelId,
      m: line.id,
    })
    expect(del.moderateChat.ok).toBe(true)
    await waitFor(() => overlay.events.some((e) => e.kind === 'chatRemoved' && e.messageId === line.id), 'the removal')
  })

  it('bounds the connections per channel; a regenerated URL makes the old one 404 and closes its streams', async () => {
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    for (const c of open.splice(0)) await c.close()
    await waitFor(async () => {
      const res = await p.t.app.request(`${channel.overlay.path}/events`)
      if (res.status !== 200) return false
      await res.body?.cancel()
      return true
    }, 'the earlier streams closed')
    const held: Array<ReturnType<typeof collect>> = []
    for (let i = 0; i < MAX_OVERLAYS_PER_CHANNEL; i++) held.push(await openOverlay(channel.overlay.path))
    const refused = await p.t.app.request(`${channel.overlay.path}/events`)
    expect(refused.status).toBe(429)
    expect((await refused.json()).code).toBe('RATE_LIMITED')
    // The editor's previews are bounded apart: they take no overlay's place, and have a bound of their own.
    for (let i = 0; i < MAX_PREVIEWS_PER_CHANNEL; i++) held.push(await openOverlay(`${channel.overlay.path}`, '?preview=1'))
    const previewRefused = await p.t.app.request(`${channel.overlay.path}/events?preview=1`)
    expect(previewRefused.status).toBe(429)
    expect((await previewRefused.json()).code).toBe('RATE_LIMITED')

    const { regenerateOverlayUrl } = await p.ok(token, REGENERATE, { c: channelId })
    expect(regenerateOverlayUrl.path).not.toBe(channel.overlay.path)
    await waitFor(() => held.every((h) => h.state.ended), 'the old streams closed')
    for (const suffix of ['', '/events']) expect((await p.t.app.request(`${channel.overlay.path}${suffix}`)).status).toBe(404)
    expect((await p.t.app.request('/overlay/not-a-secret/events')).status).toBe(404)
    const fresh = await openOverlay(regenerateOverlayUrl.path)
    expect(fresh.events[0]).toMatchObject({ kind: 'hello', hideBot: true })
  })

  it("lets only this origin frame the overlay page (the editor's preview); every other page stays unframeable", async () => {
    const { channel } = await p.ok(token, OVERLAY, { c: channelId })
    const page = await p.t.app.request(channel.overlay.path)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    for (const other of ['/pages/alerts', '/overlay/not-a-secret/x', '/']) {
      const res = await p.t.app.request(other)
      expect(res.headers.get('content-security-policy'), other).toContain("frame-ancestors 'none'")
    }
  })

  it('alerts Kick subscriptions, renewals, gifted subscriptions and Kicks from verified webhooks', async () => {
    const { channel } = await p.ok(kickToken, OVERLAY, { c: kickChannel })
    const overlay = await openOverlay(channel.overlay.path)
    const sent = () => p.kick.sent.map((s) => s.content)
    const before = sent().length
    expect(await p.kick.subscribe(KICK_BROADCASTER.id, { id: 901, name: 'KickSub' })).toBe(200)
    expect(await p.kick.subscribe(KICK_BROADCASTER.id, { id: 902, name: 'KickResub' }, { renewal: true, duration: 4 })).toBe(200)
    expect(await p.kick.kicks(KICK_BROADCASTER.id, { id: 903, name: 'Kicker' }, { amount: 500, message: 'w' })).toBe(200)
    expect(
      await p.kick.giftSubs(KICK_BROADCASTER.id, { id: 904, name: 'KickGifter' }, [
        { id: 905, name: 'a' },
        { id: 906, name: 'b' },
      ]),
    ).toBe(200)
    await waitFor(() => overlay.alerts().length === 4, 'the Kick alerts')
    expect(overlay.alerts().map((a) => a.text)).toEqual([
      'Thank you for subscribing, KickSub!',
      'KickResub resubscribed: 4 months. Thank you!',
      'Kicker sent 500 Kicks!',
      'KickGifter gifted 2 subs. Thank you!',
    ])
    await p.scheduler.advance(GIFT_BATCH_MS)
    await waitFor(() => sent().length >= before + 4, 'the Kick chat lines')
    expect(sent().slice(before)).toEqual([
      'Thank you for subscribing, KickSub!',
      'KickResub resubscribed: 4 months. Thank you!',
      'Kicker sent 500 Kicks!',
      'KickGifter gifted 2 subs. Thank you!',
    ])
  })

  it('tells an owner connected before alerts which scopes are missing (they reconnect to grant them)', async () => {
    await p.t.database.db
      .update(channelAccounts)
      .set({ scopes: ['user:read:chat', 'user:write:chat', 'channel:bot', 'moderator:read:followers'] })
      .where(eq(channelAccounts.channelId, Number(channelId)))
    const d = await p.ok(token, OVERLAY, { c: channelId })
    expect(d.channel.alertScopesMissing).toEqual(['channel:read:subscriptions', 'bits:read'])
  })
})
