import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { streamSessions, viewerSamples } from '../../server/src/modules/analytics/analytics.tables'
import { followerTotals } from '../../server/src/modules/followers/followers.tables'
import { createSyncScheduler, type SyncScheduler } from '../../server/src/worker/sync-scheduler'
import { waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { BROADCASTER, KICK_BROADCASTER, startPlatformApp, type PlatformApp } from '../support/platform-harness'

const MIN = 60_000
const STATS = `query($from: DateTime!, $to: DateTime!, $c: ID, $p: Platform) { streamStats(from: $from, to: $to, channelId: $c, platform: $p) {
  channelId category averageViewers peakViewers samples chatLines newFollowers endedAt } }`
const DASHBOARD = `query($p: Platform!, $from: DateTime!, $to: DateTime!, $i: GrowthInterval) { followDashboard(platform: $p, from: $from, to: $to, interval: $i) {
  channels { displayName total newInRange } growth { at newFollowers total } bestDays { key newFollowers } bestHours { key newFollowers }
  streams { averageViewers peakViewers chatLines newFollowers } } }`

describe.each(engines)('stream sessions, viewer samples and the sync scheduler on %s', (engine) => {
  let p: PlatformApp
  let sync: SyncScheduler
  let channelId: string
  let kickChannel: string

  const token = async (role: 'client' | 'reseller') => (await p.t.loginAs(role)).accessToken
  const range = () => ({ from: new Date(p.t.clock.t - 2 * 86_400_000).toISOString(), to: new Date(p.t.clock.t + 3_600_000).toISOString() })
  /**
   * Moves the clock in steps, letting due jobs run after each. Only the clock moves: the
   * bots' own timers (keepalive watchdogs) stay put, as the local server's keepalives do.
   */
  const runFor = async (ms: number, step = 5 * MIN) => {
    for (let done = 0; done < ms; done += step) {
      p.t.clock.advance(step / 1000)
      await sync.tick()
    }
  }
  const helix = (path: string) => p.twitch.requests.filter((r) => r.path === path).length
  const openSession = async (id: string) =>
    (
      await p.t.database.db
        .select()
        .from(streamSessions)
        .where(and(eq(streamSessions.channelId, Number(id)), isNull(streamSessions.endedAt)))
    )[0]

  beforeAll(async () => {
    p = await startPlatformApp(engine)
    ;({ channelId } = await p.connect('client', 'twitch'))
    ;({ channelId: kickChannel } = await p.connect('reseller', 'kick'))
    for (const [role, id] of [
      ['client', channelId],
      ['reseller', kickChannel],
    ] as const) {
      await p.ok(await token(role), 'mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id })
      await waitFor(() => p.worker.get(Number(id))?.isConnected, `the ${role} bot`)
    }
    sync = createSyncScheduler({
      scheduler: p.scheduler,
      platforms: p.t.services.platforms,
      log: createLogger('silent'),
      targets: () => p.t.services.analytics.syncTargets(),
      random: () => 0.5,
    })
    sync.register(p.t.services.followers.syncJob)
    sync.register(p.t.services.analytics.viewersJob)
  })
  afterAll(async () => {
    await sync?.stop()
    await p?.close()
  })

  it('reads the follower total hourly, and samples viewers only while live', async () => {
    for (let i = 0; i < 7; i++) p.twitch.follow(BROADCASTER.id, { userId: `old${i}`, login: `old${i}` })
    await p.worker.get(Number(channelId))!.idle()
    await runFor(60 * MIN)
    expect(helix('/channels/followers')).toBe(2) // read once when the channel connected, then the hourly sync
    expect(helix('/streams')).toBe(1) // the bot's own start-up check; the scheduler waits for a live stream
    const dash = await p.ok(await token('client'), DASHBOARD, { p: 'twitch', ...range(), i: 'day' })
    expect(dash.followDashboard.channels).toEqual([{ displayName: 'DemoCaster', total: 7, newInRange: 7 }])
    const growth = dash.followDashboard.growth as Array<{ newFollowers: number; total: number | null }>
    expect(growth.reduce((n, g) => n + g.newFollowers, 0)).toBe(7)
    expect(Math.max(...growth.map((g) => g.total ?? 0))).toBe(7)
  })

  it('records a Twitch stream from stream.online to stream.offline with its viewer samples and chat lines', async () => {
    p.twitch.goLive(BROADCASTER.id, 'Chess')
    await waitFor(() => openSession(channelId), 'the session to open')
    for (const [i, viewers] of [40, 100, 70].entries()) {
      p.twitch.setViewers(BROADCASTER.id, viewers)
      p.twitch.chat(BROADCASTER.id, { userId: `v${i}`, login: `viewer${i}` }, `hello ${i}`)
      if (i === 1) p.twitch.follow(BROADCASTER.id, { userId: 'live1', login: 'livefan' })
      await p.worker.get(Number(channelId))!.idle()
      await runFor(5 * MIN)
    }
    p.twitch.goOffline(BROADCASTER.id)
    await waitFor(async () => !(await openSession(channelId)), 'the session to close')
    const r = range()
    // Each channel's first sample comes at its own offset in the interval (the scheduler spreads them).
    const taken = (await p.t.database.db.select().from(viewerSamples)).map((s) => s.viewers)
    expect(taken.length).toBeGreaterThanOrEqual(2)
    expect([40, 100, 70].slice(-taken.length)).toEqual(taken)
    const average = Math.round(taken.reduce((a, b) => a + b, 0) / taken.length)
    const stats = await p.ok(await token('client'), STATS, { ...r, c: channelId })
    expect(stats.streamStats).toHaveLength(1)
    expect(stats.streamStats[0]).toMatchObject({
      category: 'Chess',
      averageViewers: average,
      peakViewers: 100,
      samples: taken.length,
      chatLines: 3,
      newFollowers: 1,
    })
    expect(stats.streamStats[0].endedAt).not.toBeNull()
    const dash = (await p.ok(await token('client'), DASHBOARD, { p: 'twitch', ...r, i: 'week' })).followDashboard
    expect(dash.streams).toEqual([{ averageViewers: average, peakViewers: 100, chatLines: 3, newFollowers: 1 }])
    expect(dash.bestDays.reduce((n: number, d: { newFollowers: number }) => n + d.newFollowers, 0)).toBe(8)
    expect(dash.bestHours.reduce((n: number, d: { newFollowers: number }) => n + d.newFollowers, 0)).toBe(8)
    // Offline: no more samples.
    const samples = (await p.t.database.db.select().from(viewerSamples)).length
    await runFor(15 * MIN)
    expect((await p.t.database.db.select().from(viewerSamples)).length).toBe(samples)
  })

  it("records a Kick stream from its webhooks and Kick's livestream viewer counts", async () => {
    expect(await p.kick.goLive(KICK_BROADCASTER.id, 'Poker')).toBe(200)
    await waitFor(() => openSession(kickChannel), 'the Kick session')
    p.kick.setViewers(KICK_BROADCASTER.id, 12)
    await p.kick.follow(KICK_BROADCASTER.id, { id: 4242, name: 'KickFan' })
    await runFor(10 * MIN)
    expect(await p.kick.goOffline(KICK_BROADCASTER.id)).toBe(200)
    await waitFor(async () => !(await openSession(kickChannel)), 'the Kick session to close')
    const dash = (await p.ok(await token('reseller'), DASHBOARD, { p: 'kick', ...range() })).followDashboard
    expect(dash.channels).toEqual([{ displayName: 'KickCaster', total: 1, newInRange: 1 }])
    expect(dash.streams).toEqual([{ averageViewers: 12, peakViewers: 12, chatLines: 0, newFollowers: 1 }])
    // The reseller sees nothing of the client's Twitch channel.
    expect((await p.ok(await token('reseller'), DASHBOARD, { p: 'twitch', ...range() })).followDashboard.channels).toEqual([])
  })

  it("never fetches for a channel whose owner's licence has expired", async () => {
    const [client] = await p.t.database.db.select().from(users).where(eq(users.email, 'client@demo.local'))
    const [licence] = await p.t.database.db
      .select()
      .from(licences)
      .where(and(eq(licences.userId, client!.id), eq(licences.status, 'active')))
    p.twitch.goLive(BROADCASTER.id, 'Chess')
    await waitFor(() => openSession(channelId), 'the session to open')
    await p.t.database.db.update(licences).set({ licensebeginning: '2020-01-01', totalDays: 30 }).where(eq(licences.id, licence!.id))
    const before = { followers: helix('/channels/followers'), streams: helix('/streams') }
    await runFor(2 * 60 * MIN)
    expect({ followers: helix('/channels/followers'), streams: helix('/streams') }).toEqual(before)
    // Renewed: fetched again.
    await p.t.database.db
      .update(licences)
      .set({ licensebeginning: licence!.licensebeginning, totalDays: licence!.totalDays })
      .where(eq(licences.id, licence!.id))
    await runFor(10 * MIN)
    expect(helix('/streams')).toBeGreaterThan(before.streams)
  })

  it('backs off on 429 and waits for the reset the platform gave', async () => {
    await runFor(5 * MIN)
    p.twitch.exhaustRateLimit(10 * 60)
    const answered429 = p.twitch.state.responses429
    const requests = p.twitch.requests.length
    await runFor(5 * MIN)
    const limited = sync.stats.rateLimited
    expect(limited).toBeGreaterThanOrEqual(1)
    expect(p.twitch.state.responses429).toBe(answered429 + limited)
    expect(sync.pausedUntil.twitch).toBeGreaterThan(p.t.clock.t - 5 * MIN)
    // Within the reset nothing is sent (the back-off, then the bucket's reset, hold it).
    await runFor(4 * MIN, MIN)
    expect(p.twitch.state.responses429).toBe(answered429 + limited)
    expect(p.twitch.requests.length).toBe(requests + limited)
    expect(sync.stats.deferred).toBeGreaterThan(0)
    // After the reset, sampling resumes.
    await runFor(5 * MIN)
    expect(p.twitch.requests.length).toBeGreaterThan(requests + limited)
    expect(p.twitch.state.responses429).toBe(answered429 + limited)
  })

  it('refuses dates out of range and foreign channels with a code', async () => {
    const client = await token('client')
    const now = p.t.clock.t
    for (const [from, to] of [
      [now, now - MIN],
      [Date.UTC(2005, 0, 1), Date.UTC(2005, 1, 1)],
      [now - 500 * 86_400_000, now],
      [now, now + 30 * 86_400_000],
    ]) {
      const res = await p.t.gql(STATS, { from: new Date(from!).toISOString(), to: new Date(to!).toISOString() }, client)
      expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      const dash = await p.t.gql(DASHBOARD, { p: 'twitch', from: new Date(from!).toISOString(), to: new Date(to!).toISOString() }, client)
      expect(dash.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    }
    expect((await p.t.gql(STATS, { ...range(), from: 'yesterday' }, client)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    const foreign = await p.t.gql(STATS, { ...range(), c: kickChannel }, client)
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND')
  })

  it("counts a live stream's chat lines while it runs, not only once it ended (issue 36, item 18)", async () => {
    p.twitch.goLive(BROADCASTER.id, 'Art')
    await waitFor(() => openSession(channelId), 'the session to open')
    for (const i of [0, 1]) p.twitch.chat(BROADCASTER.id, { userId: `l${i}`, login: `liveviewer${i}` }, `live line ${i}`)
    await p.worker.get(Number(channelId))!.idle()
    // No viewer sample runs here (the clock stands still): before, the lines waited in memory for the stream's end.
    await waitFor(async () => (await openSession(channelId))?.chatLines === 2, "the live stream's chat lines")
    const live = (await p.ok(await token('client'), STATS, { ...range(), c: channelId })).streamStats.find((s: { endedAt: string | null }) => !s.endedAt)
    expect(live).toMatchObject({ chatLines: 2, endedAt: null })
    p.twitch.goOffline(BROADCASTER.id)
    await waitFor(async () => !(await openSession(channelId)), 'the session to close')
  })

  it('shows the follower total the follower panel shows, and a growth point for every day of the range (issue 36, item 18)', async () => {
    const client = await token('client')
    // No reading stored yet (a channel between its connection and the hourly sync): the dashboard said "–", the panel a number.
    await p.t.database.db.delete(followerTotals).where(eq(followerTotals.channelId, Number(channelId)))
    const panel = (await p.ok(client, 'query($c: ID!) { followers(channelId: $c, first: 5) { total } }', { c: channelId })).followers.total
    expect(panel).toBeGreaterThan(0)
    const to = p.t.clock.t
    const days30 = { from: new Date(to - 30 * 86_400_000).toISOString(), to: new Date(to).toISOString() }
    const dash = (await p.ok(client, DASHBOARD, { p: 'twitch', ...days30, i: 'day' })).followDashboard
    expect(dash.channels[0].total).toBe(panel)
    // Every follow of this channel came on one day: the chart had one bar; now each of the 30 days has its point, zeros included.
    const days = (dash.growth as Array<{ at: string; newFollowers: number }>).map((g) => g.at.slice(0, 10))
    expect(days).toHaveLength(31) // the range's first (partial) day and the 30 after it
    expect(days[0]).toBe(days30.from.slice(0, 10))
    expect(days.at(-1)).toBe(days30.to.slice(0, 10))
    expect(new Set(days).size).toBe(days.length)
    expect(dash.growth.filter((g: { newFollowers: number }) => g.newFollowers === 0).length).toBeGreaterThanOrEqual(29)
    expect(dash.growth.reduce((n: number, g: { newFollowers: number }) => n + g.newFollowers, 0)).toBe(dash.channels[0].newInRange)
  })
})
