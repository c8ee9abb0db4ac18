import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plans } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { channelAudit } from '../../server/src/modules/channels/channel-audit.tables'
import { channelAccounts } from '../../server/src/modules/channels/channels.tables'
import { raids } from '../../server/src/modules/raids/raids.tables'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { ManualScheduler, waitFor } from '../support/bot-harness'
import { connectFlow, confirmIdOf } from '../support/connect-flow'
import { localPlatformEnv } from '../support/local-platforms'
import { engines } from '../support/databases'
import { createTestApp, type TestApp, gqlCaller } from '../support/test-app'

const BROADCASTER = { id: '1001', login: 'democaster', displayName: 'DemoCaster' }
const TARGET = { id: '4004', login: 'friendlystreamer', displayName: 'FriendlyStreamer', language: 'de' }
const OTHER = { id: '4005', login: 'friendlyartist', displayName: 'FriendlyArtist', language: 'fr' }
const OFFLINE = { id: '4006', login: 'friendlysleeper', displayName: 'FriendlySleeper' }
const MINUTE = 60_000

const STATE = `query($id: ID!) { channel(id: $id) { raid { supported raidActive raidedChannel usedLast24h limitPer24h nextRaidAt pending { otherName state } }
  raids { direction state otherLogin otherName viewers shoutout } } }`
const START = 'mutation($c: ID!, $t: ID!) { startRaid(channelId: $c, targetId: $t) { id state otherName otherLogin } }'
const CANCEL = 'mutation($c: ID!) { cancelRaid(channelId: $c) { state } }'
const SEARCH = 'query($c: ID!, $q: String!) { searchRaidTargets(channelId: $c, query: $q) { id login displayName language category live } }'

describe.each(engines)('raids on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let worker: BotWorker
  let token: string
  let channelId: string

  const { gql, ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const state = async () => (await ok(STATE, { id: channelId })).channel
  const rows = () => t.database.db.select().from(raids)
  const sentTexts = () => twitch.sent.filter((s) => s.isSent).map((s) => s.message)
  /** Moves the shared clock without firing the bot's timers (the keepalive watchdog stays quiet); signs in again. */
  const advance = async (ms: number) => {
    t.clock.t += ms
    token = (await t.loginAs('client')).accessToken
  }
  const setRaidsPerDay = async (n: number) => {
    const [starter] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'))
    await t.database.db.update(plans).set({ limits: { ...starter!.limits, raidsPerDay: n } })
  }

  beforeAll(async () => {
    const now = () => (t ? t.clock.t : Date.now())
    twitch = await startTwitchServer({ now, keepaliveSeconds: 600 })
    for (const u of [BROADCASTER, TARGET, OTHER, OFFLINE]) twitch.addUser(u)
    t = await createTestApp(engine, {
      PUBLIC_URL: 'http://app.test',
      ...localPlatformEnv(twitch),
    })
    worker = createBotWorker({
      services: t.services,
      config: t.config,
      log: createLogger('silent'),
      scheduler: new ManualScheduler(t.clock),
      random: () => 0.5,
    })
    await worker.start()
    token = (await t.loginAs('client')).accessToken
    twitch.consentAs(BROADCASTER.id)
    const started = await ok('mutation { startChannelConnection(platform: twitch) { authorizeUrl scopes } }')
    expect(started.startChannelConnection.scopes).toEqual(expect.arrayContaining(['channel:manage:raids', 'moderator:manage:shoutouts']))
    const flow = connectFlow(t, token)
    const back = await twitch.authorize((await flow.start('twitch')).authorizeUrl)
    channelId = (await flow.confirm(confirmIdOf((await flow.callback(back)).location)!)).body.data.confirmChannelConnection.id
    await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: channelId })
    await waitFor(() => worker.get(Number(channelId))?.isConnected, 'the bot to connect')
    await waitFor(() => twitch.subscriptions().filter((s) => s.type === 'channel.raid').length === 2, 'channel.raid both ways')
    twitch.goLive(TARGET.id, 'Art')
    twitch.goLive(OTHER.id, 'Music')
  })

  afterAll(async () => {
    await worker?.stop()
    await t?.services.realtime.close()
    await t?.close()
    await twitch?.close()
  })

  it('searches live channels, with their language and category', async () => {
    const found = (await ok(SEARCH, { c: channelId, q: 'friendly' })).searchRaidTargets
    expect(found).toEqual([
      { id: TARGET.id, login: TARGET.login, displayName: TARGET.displayName, language: 'de', category: 'Art', live: true },
      { id: OTHER.id, login: OTHER.login, displayName: OTHER.displayName, language: 'fr', category: 'Music', live: true },
    ])
    expect(await state()).toMatchObject({ raid: { supported: true, raidActive: false, raidedChannel: null, usedLast24h: 0, limitPer24h: 1, nextRaidAt: null } })
  })

  it('refuses bad input with a code and changes nothing', async () => {
    const other = (await t.loginAs('reseller')).accessToken
    expect(await code(SEARCH, { c: channelId, q: 'x'.repeat(101) })).toBe('BAD_USER_INPUT')
    expect(await code(SEARCH, { c: channelId, q: '   ' })).toBe('BAD_USER_INPUT')
    expect(await code(SEARCH, { c: '999999', q: 'friendly' })).toBe('NOT_FOUND')
    expect(await code(SEARCH, { c: channelId, q: 'friendly' }, other)).toBe('NOT_FOUND')
    expect(await code(START, { c: channelId, t: BROADCASTER.id })).toBe('BAD_USER_INPUT')
    expect(await code(START, { c: channelId, t: 'not-an-id' })).toBe('BAD_USER_INPUT')
    expect(await code(START, { c: channelId, t: '9'.repeat(500) })).toBe('BAD_USER_INPUT')
    expect(await code(START, { c: '999999', t: TARGET.id })).toBe('NOT_FOUND')
    expect(await code(START, { c: channelId, t: TARGET.id }, other)).toBe('NOT_FOUND')
    expect(await code(CANCEL, { c: channelId }, other)).toBe('NOT_FOUND')
    expect(await code(START, { c: channelId, t: '777777' })).toBe('NOT_FOUND') // Twitch knows no such channel
    expect(await rows()).toEqual([])
    expect(twitch.raids).toEqual([])
  })

  it('starts a raid (pending), answers a raid Twitch already has pending with RAID_PENDING, and cancels', async () => {
    const raid = (await ok(START, { c: channelId, t: TARGET.id })).startRaid
    expect(raid).toMatchObject({ state: 'pending', otherName: TARGET.displayName, otherLogin: TARGET.login })
    expect(twitch.pendingRaid(BROADCASTER.id)).toMatchObject({ toId: TARGET.id })
    expect(await state()).toMatchObject({ raid: { raidActive: true, raidedChannel: TARGET.displayName, pending: { state: 'pending' } } })
    expect(await code(START, { c: channelId, t: OTHER.id })).toBe('RAID_PENDING')

    expect(await ok(CANCEL, { c: channelId })).toEqual({ cancelRaid: { state: 'cancelled' } })
    expect(twitch.pendingRaid(BROADCASTER.id)).toBeUndefined()
    expect(await state()).toMatchObject({ raid: { raidActive: false, raidedChannel: null, usedLast24h: 0 } })
    expect(await code(CANCEL, { c: channelId })).toBe('NOT_FOUND')
    // Both acts are in the channel log (channel-audit-walk.test.ts leaves raids to this test).
    const logged = await t.database.db
      .select()
      .from(channelAudit)
      .where(eq(channelAudit.channelId, Number(channelId)))
      .orderBy(asc(channelAudit.id))
    const raidActs = logged.filter((e) => e.module === 'raids')
    expect(raidActs.map((e) => e.action)).toEqual(['raid.start', 'raid.cancel'])
    expect(raidActs[0]!.after).toMatchObject({ target: TARGET.login })

    // A raid started on Twitch itself (not through the panel): Twitch answers 409 to the next request.
    const [bToken] = twitch.tokenOf(BROADCASTER.id)
    const direct = await fetch(`${twitch.apiUrl}/raids?from_broadcaster_id=${BROADCASTER.id}&to_broadcaster_id=${OTHER.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bToken}`, 'client-id': twitch.clientId },
    })
    expect(direct.status).toBe(200)
    const before = (await rows()).length
    expect(await code(START, { c: channelId, t: TARGET.id })).toBe('RAID_PENDING')
    expect((await rows()).length).toBe(before)
    // Twitch starts it after 90 s: recorded as confirmed though the panel did not start it.
    await advance(90_000)
    expect(twitch.startDueRaids()).toBe(1)
    await waitFor(async () => (await rows()).some((r) => r.otherId === OTHER.id && r.state === 'confirmed'), 'the direct raid recorded')
    await t.database.db.delete(raids)
  })

  it('confirms a raid by channel.raid, then keeps the plan rule of one raid per 24 h', async () => {
    await advance(11 * MINUTE)
    await ok(START, { c: channelId, t: TARGET.id })
    expect(twitch.startPendingRaid(BROADCASTER.id, 42)).toBe(true)
    const confirmed = await waitFor(async () => (await rows()).find((r) => r.state === 'confirmed'), 'the confirmation')
    expect(confirmed).toMatchObject({ direction: 'outgoing', otherId: TARGET.id, viewers: 42 })
    const s = await state()
    expect(s.raid).toMatchObject({ raidActive: false, raidedChannel: TARGET.displayName, usedLast24h: 1, limitPer24h: 1 })
    expect(new Date(s.raid.nextRaidAt).getTime()).toBe(confirmed.requestedAt.getTime() + 24 * 60 * MINUTE)
    // Module off (the default): the bot wrote nothing.
    expect(sentTexts()).toEqual([])

    expect(await code(START, { c: channelId, t: OTHER.id })).toBe('RAID_COOLDOWN')
    expect(twitch.pendingRaid(BROADCASTER.id)).toBeUndefined() // refused before asking Twitch
    await advance(24 * 60 * MINUTE - 1000)
    expect(await code(START, { c: channelId, t: OTHER.id })).toBe('RAID_COOLDOWN')
    await advance(2000)
    expect((await state()).raid).toMatchObject({ usedLast24h: 0, nextRaidAt: null })
    expect((await ok(START, { c: channelId, t: OTHER.id })).startRaid.state).toBe('pending')
    await ok(CANCEL, { c: channelId })
  })

  it("answers Twitch's 10 raid requests per 10 minutes with RAID_RATE_LIMITED", async () => {
    await setRaidsPerDay(100)
    await advance(11 * MINUTE)
    for (let i = 0; i < 10; i++) {
      await ok(START, { c: channelId, t: TARGET.id })
      await ok(CANCEL, { c: channelId })
    }
    const before = (await rows()).length
    expect(await code(START, { c: channelId, t: TARGET.id })).toBe('RAID_RATE_LIMITED')
    expect((await rows()).length).toBe(before)
    await advance(10 * MINUTE)
    expect((await ok(START, { c: channelId, t: TARGET.id })).startRaid.state).toBe('pending')
    await ok(CANCEL, { c: channelId })
    await setRaidsPerDay(1)
    await t.database.db.delete(raids)
  })

  it('announces and gives shoutouts only with the module on, within the shoutout limits', async () => {
    twitch.goLive(BROADCASTER.id, 'Just Chatting')
    await advance(25 * 60 * MINUTE)
    // Module off: an incoming raid is recorded, nothing is written or called.
    twitch.incomingRaid(TARGET.id, BROADCASTER.id, 12)
    await waitFor(async () => (await rows()).some((r) => r.direction === 'incoming'), 'the incoming raid')
    await worker.get(Number(channelId))!.idle()
    expect(sentTexts()).toEqual([])
    expect(twitch.shoutouts).toEqual([])
    await t.database.db.delete(raids)

    await ok('mutation($id: ID!) { setBotModule(channelId: $id, module: raidAnnouncements, enabled: true) { id } }', { id: channelId })
    await waitFor(() => worker.get(Number(channelId))?.settings.raidAnnouncements, 'the worker to see the switch')
    twitch.incomingRaid(TARGET.id, BROADCASTER.id, 12)
    await waitFor(() => sentTexts().some((m) => m.startsWith('Welcome, raiders from FriendlyStreamer')), 'the welcome')
    await waitFor(() => twitch.shoutouts.length === 1, 'the shoutout')
    expect(twitch.shoutouts[0]).toMatchObject({ fromId: BROADCASTER.id, toId: TARGET.id })

    // Within 2 minutes: no second shoutout (not even asked of Twitch).
    await advance(MINUTE)
    twitch.incomingRaid(OTHER.id, BROADCASTER.id, 3)
    await waitFor(async () => (await rows()).find((r) => r.otherId === OTHER.id)?.shoutout, 'the second raid')
    expect((await rows()).find((r) => r.otherId === OTHER.id)?.shoutout).toBe('skipped: one shoutout per 2 minutes')
    // The same channel again within the hour: skipped too.
    await advance(3 * MINUTE)
    twitch.incomingRaid(TARGET.id, BROADCASTER.id, 5)
    await waitFor(async () => (await rows()).filter((r) => r.otherId === TARGET.id).length === 2 && (await rows()).every((r) => r.shoutout), 'the third raid')
    expect((await rows()).filter((r) => r.otherId === TARGET.id).map((r) => r.shoutout)).toContain('skipped: the same channel once per hour')
    expect(twitch.shoutouts).toHaveLength(1)
    // An hour later it is given again.
    await advance(61 * MINUTE)
    twitch.incomingRaid(TARGET.id, BROADCASTER.id, 5)
    await waitFor(() => twitch.shoutouts.length === 2, 'the shoutout an hour later')

    // An outgoing raid that starts is announced in the own chat.
    await ok(START, { c: channelId, t: OTHER.id })
    twitch.startPendingRaid(BROADCASTER.id, 7)
    await waitFor(() => sentTexts().some((m) => m.startsWith('We are raiding FriendlyArtist now!')), 'the announcement')
    const history = (await state()).raids
    expect(history[0]).toMatchObject({ direction: 'outgoing', state: 'confirmed', otherName: 'FriendlyArtist', viewers: 7 })
  })

  it('keeps Twitch shoutout limits in the local server too (429)', async () => {
    const bToken = twitch.tokenOf(BROADCASTER.id).at(-1)
    const so = (to: string) =>
      fetch(`${twitch.apiUrl}/chat/shoutouts?from_broadcaster_id=${BROADCASTER.id}&to_broadcaster_id=${to}&moderator_id=${BROADCASTER.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bToken}`, 'client-id': twitch.clientId },
      })
    await advance(3 * MINUTE)
    expect((await so(OFFLINE.id)).status).toBe(204)
    expect((await so(OTHER.id)).status).toBe(429) // within 2 minutes
    await advance(3 * MINUTE)
    expect((await so(OFFLINE.id)).status).toBe(429) // the same target within the hour
    expect((await so(OTHER.id)).status).toBe(204)
    expect((await so(BROADCASTER.id)).status).toBe(400)
  })

  it('asks a channel connected before raids existed to reconnect, and asks nothing of Twitch', async () => {
    const [acc] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.channelId, Number(channelId)))
    await t.database.db
      .update(channelAccounts)
      .set({ scopes: acc!.scopes.filter((s) => s !== 'channel:manage:raids') })
      .where(eq(channelAccounts.channelId, Number(channelId)))
    await t.database.db.delete(raids)
    await advance(25 * 60 * MINUTE)
    const before = twitch.raids.length
    const res = await gql(START, { c: channelId, t: TARGET.id })
    expect(res.body.errors[0].extensions.code).toBe('PLATFORM_ERROR')
    expect(res.body.errors[0].message).toContain('reconnect')
    expect(twitch.raids.length).toBe(before)
    expect(await rows()).toEqual([])
    await t.database.db
      .update(channelAccounts)
      .set({ scopes: acc!.scopes })
      .where(eq(channelAccounts.channelId, Number(channelId)))
  })

  it('says Kick has no raid API', async () => {
    const kickRow = { ...(await t.services.channels.byId(Number(channelId)))!, platform: 'kick' as const }
    expect(await t.services.raids.stateOf(kickRow)).toMatchObject({ supported: false, raidActive: false, raidedChannel: null })
  })
})
