import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { channelAudit } from '../../server/src/modules/channels/channel-audit.tables'
import { channelAccounts } from '../../server/src/modules/channels/channels.tables'
import { createVideosService } from '../../server/src/modules/videos/videos.service'
import { channelClips, channelVideos, mediaSync } from '../../server/src/modules/videos/videos.tables'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { gqlAs, twitchEnv } from '../support/platform-env'
import { createTestApp, type TestApp } from '../support/test-app'

const BROADCASTER = { id: '4001', login: 'vodcaster', displayName: 'VodCaster' }
const OTHER = { id: '4002', login: 'othercaster', displayName: 'OtherCaster' }
const DAY = 86_400_000

const MEDIA = `query($c: ID!, $v: MediaFilter, $k: MediaFilter) { channelMedia(channelId: $c) { supported syncedAt syncError
  videos(filter: $v) { total items { id type title viewCount durationSeconds createdAt url } }
  clips(filter: $k) { total items { id title viewCount durationSeconds createdAt url } } } }`
const REFRESH = 'mutation($c: ID!, $from: DateTime, $to: DateTime) { refreshChannelMedia(channelId: $c, from: $from, to: $to) { requests rows } }'
const CREATE_CLIP = 'mutation($c: ID!) { createClip(channelId: $c) { outcome status message clip { id title } } }'
const DELETE_VIDEO = 'mutation($c: ID!, $v: String!) { deleteVideo(channelId: $c, videoId: $v) }'

describe.each(engines)('the VOD and clip library on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let token: string
  let channelId: string
  let otherChannelId: string

  const { ok, code } = gqlAs(
    () => t,
    () => token,
  )
  const iso = (ms: number) => new Date(ms).toISOString()
  /** Moves the clock past the cache's freshness (and signs in again: access tokens last 10 minutes). */
  const later = async (seconds: number) => {
    t.clock.advance(seconds)
    token = (await t.loginAs('client')).accessToken
  }
  const requests = (path: string) => twitch.state.requests[path] ?? 0
  const connect = async (as: string, broadcaster: string) => {
    twitch.consentAs(broadcaster)
    return connectChannel(t, as, twitch, 'twitch')
  }

  beforeAll(async () => {
    const now = () => (t ? t.clock.t : Date.now())
    twitch = await startTwitchServer({ now, keepaliveSeconds: 600 })
    twitch.addUser(BROADCASTER)
    twitch.addUser(OTHER)
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...twitchEnv(twitch) })
    token = (await t.loginAs('client')).accessToken
    const start = t.clock.t
    // 250 videos over the last 200 days (three Helix pages), and 2,500 clips over 20 days (past Helix's 1,000 cap).
    for (let i = 0; i < 250; i++) {
      twitch.addVideo(BROADCASTER.id, {
        id: String(100_000 + i),
        title: `Stream ${i}`,
        type: i % 10 === 0 ? 'highlight' : i % 25 === 1 ? 'upload' : 'archive',
        view_count: (i * 37) % 1000,
        durationSeconds: 600 + i * 60,
        created_at: iso(start - (i * 0.8 + 0.5) * DAY),
      })
    }
    for (let i = 0; i < 2500; i++) {
      twitch.addClip(BROADCASTER.id, {
        id: `clip${i}`,
        title: `Clip ${i}`,
        view_count: (i * 7919) % 5000,
        duration: 10 + (i % 50),
        created_at: iso(start - (i / 125 + 0.01) * DAY),
      })
    }
    twitch.addVideo(OTHER.id, { id: '999999', title: 'Not yours' })
    channelId = await connect(token, BROADCASTER.id)
    otherChannelId = await connect((await t.loginAs('reseller')).accessToken, OTHER.id)
  })

  afterAll(async () => {
    await t?.services.realtime.close()
    await t?.close()
    await twitch?.close()
  })

  it('asks for the clip and video scopes when connecting', async () => {
    const data = await ok('query($id: ID!) { channel(id: $id) { account { scopes } } }', { id: channelId })
    expect(data.channel.account.scopes).toEqual(expect.arrayContaining(['clips:edit', 'channel:manage:videos']))
  })

  it('refuses a foreign channel, bad dates and long ranges with a coded error, fetching and changing nothing', async () => {
    const before = { ...twitch.state.requests }
    expect(await code(MEDIA, { c: otherChannelId })).toBe('NOT_FOUND')
    expect(await code(MEDIA, { c: '987654' })).toBe('NOT_FOUND')
    expect(await code(REFRESH, { c: otherChannelId })).toBe('NOT_FOUND')
    expect(await code(CREATE_CLIP, { c: otherChannelId })).toBe('NOT_FOUND')
    expect(await code(DELETE_VIDEO, { c: otherChannelId, v: '999999' })).toBe('NOT_FOUND')
    expect(await code('query { videoDashboard(from: "2000-01-01T00:00:00Z", to: "2000-02-01T00:00:00Z") { totals { clips } } }', {})).toBe('BAD_USER_INPUT')
    const now = t.clock.t
    for (const [from, to] of [
      [iso(now - 10 * DAY), iso(now - 20 * DAY)], // ends before it starts
      [iso(now - 400 * DAY), iso(now)], // over 366 days
      [iso(now), iso(now + 5 * DAY)], // in the future
      ['2009-01-01T00:00:00Z', '2009-02-01T00:00:00Z'], // before Twitch
    ]) {
      expect(await code(REFRESH, { c: channelId, from, to })).toBe('BAD_USER_INPUT')
    }
    expect(await code(DELETE_VIDEO, { c: channelId, v: '../x' })).toBe('BAD_USER_INPUT')
    expect(twitch.state.requests).toEqual(before)
    expect(await t.database.db.select().from(channelVideos)).toEqual([])
    expect(
      await t.database.db
        .select()
        .from(mediaSync)
        .where(eq(mediaSync.channelId, Number(otherChannelId))),
    ).toEqual([])
  })

  it('reads the videos through with cursor paging, and filters and sorts them', async () => {
    const data = await ok(MEDIA, { c: channelId, v: { first: 500 } })
    expect(data.channelMedia.supported).toBe(true)
    expect(data.channelMedia.syncError).toBeNull()
    expect(data.channelMedia.videos.total).toBe(250)
    expect(requests('/videos')).toBe(3)
    const ids = data.channelMedia.videos.items.map((v: { id: string }) => v.id)
    expect(new Set(ids).size).toBe(250)
    expect(data.channelMedia.videos.items[0]).toMatchObject({ id: '100000', type: 'highlight', title: 'Stream 0', viewCount: 0, durationSeconds: 600 })

    const byViews = await ok(MEDIA, { c: channelId, v: { sort: 'views', first: 3 } })
    const views = byViews.channelMedia.videos.items.map((v: { viewCount: number }) => v.viewCount)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    expect(views[0]).toBe(Math.max(...twitch.videos(BROADCASTER.id).map((v) => v.view_count)))
    const longest = await ok(MEDIA, { c: channelId, v: { sort: 'duration', first: 1 } })
    expect(longest.channelMedia.videos.items[0].id).toBe('100249')
    const highlights = await ok(MEDIA, { c: channelId, v: { type: 'highlight', first: 500 } })
    expect(highlights.channelMedia.videos.total).toBe(25)
    const recent = await ok(MEDIA, { c: channelId, v: { from: iso(t.clock.t - 10 * DAY), first: 500 } })
    expect(recent.channelMedia.videos.total).toBe(twitch.videos(BROADCASTER.id).filter((v) => Date.parse(v.created_at) >= t.clock.t - 10 * DAY).length)
    expect(await code(MEDIA, { c: channelId, k: { first: 100000 } })).toBe('BAD_USER_INPUT')
    expect(await code(MEDIA, { c: channelId, k: { from: iso(t.clock.t), to: iso(t.clock.t - DAY) } })).toBe('BAD_USER_INPUT')
    // Served from the cache: no further platform request.
    expect(requests('/videos')).toBe(3)
  })

  it('reads every clip of a long range past the 1,000-result cap by splitting it', async () => {
    // The page's read-through stored them; ten clips gain views at Twitch: only those are written again.
    const changedClips = twitch.clips(BROADCASTER.id).slice(0, 10)
    for (const c of changedClips) c.view_count += 5000
    const before = requests('/clips')
    const res = await ok(REFRESH, { c: channelId, from: iso(t.clock.t - 30 * DAY), to: iso(t.clock.t) })
    expect(res.refreshChannelMedia.rows).toBe(10)
    const [stored] = await t.database.db.select().from(channelClips).where(eq(channelClips.clipId, changedClips[0]!.id))
    expect(stored!.viewCount).toBe(changedClips[0]!.view_count)
    const clipRequests = requests('/clips') - before
    expect(clipRequests).toBe(res.refreshChannelMedia.requests - 3)
    // At least 25 pages of 100 are needed for 2,500 clips.
    expect(clipRequests).toBeGreaterThanOrEqual(25)
    const data = await ok(MEDIA, { c: channelId, k: { sort: 'views', first: 500 } })
    expect(data.channelMedia.clips.total).toBe(2500)
    expect(data.channelMedia.clips.items[0].viewCount).toBe(Math.max(...twitch.clips(BROADCASTER.id).map((c) => c.view_count)))
    const ids = await t.database.db.select({ id: channelClips.clipId }).from(channelClips)
    expect(new Set(ids.map((r) => r.id)).size).toBe(2500)
  })

  it('creates a clip while live, and shows the platform refusing when offline or restricted', async () => {
    const offline = await ok(CREATE_CLIP, { c: channelId })
    expect(offline.createClip).toMatchObject({ outcome: 'refused', status: 404, clip: null })
    expect(offline.createClip.message).toMatch(/must be broadcasting live/)

    twitch.goLive(BROADCASTER.id, 'Chess')
    twitch.restrictClips(BROADCASTER.id)
    const restricted = await ok(CREATE_CLIP, { c: channelId })
    expect(restricted.createClip).toMatchObject({ outcome: 'refused', status: 403 })
    expect(restricted.createClip.message).toMatch(/restricted/)
    twitch.restrictClips(BROADCASTER.id, false)

    const created = await ok(CREATE_CLIP, { c: channelId })
    expect(created.createClip).toMatchObject({ outcome: 'created', clip: { title: 'Chess' } })
    const [row] = await t.database.db.select().from(channelClips).where(eq(channelClips.clipId, created.createClip.clip.id))
    expect(row).toBeDefined()
    // The clip is in the channel log (channel-audit-walk.test.ts leaves videos to this test); a refusal is not.
    const logged = await t.database.db
      .select()
      .from(channelAudit)
      .where(eq(channelAudit.channelId, Number(channelId)))
    expect(logged.map((e) => [e.action, e.after])).toEqual([['clip.create', { clipId: created.createClip.clip.id }]])
  })

  it('gives up on a clip the platform has not made within 15 s (clock injected)', async () => {
    const slept: number[] = []
    const videos = createVideosService({
      db: t.database.db,
      log: createLogger('silent'),
      now: t.clock.now,
      channels: t.services.channels,
      platforms: t.services.platforms,
      sleep: async (ms) => {
        slept.push(ms)
        t.clock.advance(ms / 1000)
      },
    })
    const [client] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    twitch.state.clipsNeverReady = true
    const result = await videos.createClip(client!.id, channelId)
    twitch.state.clipsNeverReady = false
    expect(result).toMatchObject({ outcome: 'timeout', status: 202, clip: null })
    expect(slept.reduce((a, b) => a + b, 0)).toBe(15_000)
    // A clip that takes 3 s to process is found by the poll.
    twitch.state.clipProcessingMs = 3000
    slept.length = 0
    const later = await videos.createClip(client!.id, channelId)
    twitch.state.clipProcessingMs = 0
    expect(later.outcome).toBe('created')
    expect(slept.reduce((a, b) => a + b, 0)).toBe(3000)
  })

  it('deletes an own video only with the channel:manage:videos scope, after which it is gone', async () => {
    const [acc] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.channelId, Number(channelId)))
    await t.database.db
      .update(channelAccounts)
      .set({ scopes: acc!.scopes.filter((s) => s !== 'channel:manage:videos') })
      .where(eq(channelAccounts.channelId, Number(channelId)))
    expect(await code(DELETE_VIDEO, { c: channelId, v: '100001' })).toBe('FORBIDDEN')
    expect(twitch.videos(BROADCASTER.id).some((v) => v.id === '100001')).toBe(true)
    await t.database.db
      .update(channelAccounts)
      .set({ scopes: acc!.scopes })
      .where(eq(channelAccounts.channelId, Number(channelId)))

    expect(await code(DELETE_VIDEO, { c: channelId, v: '999999' })).toBe('NOT_FOUND') // another channel's video
    expect((await ok(DELETE_VIDEO, { c: channelId, v: '100001' })).deleteVideo).toBe(true)
    expect(twitch.videos(BROADCASTER.id).some((v) => v.id === '100001')).toBe(false)
    expect(await t.database.db.select().from(channelVideos).where(eq(channelVideos.videoId, '100001'))).toEqual([])
    const [deleted] = await t.database.db
      .select()
      .from(channelAudit)
      .where(and(eq(channelAudit.channelId, Number(channelId)), eq(channelAudit.action, 'video.delete')))
    expect(deleted?.before).toMatchObject({ videoId: '100001', title: 'Stream 1' })
    expect(twitch.videos(OTHER.id)).toHaveLength(1)
  })

  it('serves the page from the cache while the platform is down, and says the refresh failed', async () => {
    twitch.state.down = true
    try {
      await later(2 * 3600) // the cache is stale: the page tries the platform, which fails
      const data = await ok(MEDIA, { c: channelId, v: { first: 1 }, k: { first: 1 } })
      expect(data.channelMedia.videos.total).toBe(249)
      expect(data.channelMedia.clips.total).toBeGreaterThan(2500)
      expect(data.channelMedia.syncError).toMatch(/503|Service Unavailable/)
      expect(await code(REFRESH, { c: channelId })).toBe('PLATFORM_ERROR')
      expect((await ok(MEDIA, { c: channelId, v: { first: 1 } })).channelMedia.videos.total).toBe(249)
    } finally {
      twitch.state.down = false
    }
    await ok(REFRESH, { c: channelId })
    expect((await ok(MEDIA, { c: channelId })).channelMedia.syncError).toBeNull()
  })

  it('shows videos and clips per week and the most viewed on the video dashboard', async () => {
    const data = await ok(`query { videoDashboard { channels { supported syncedAt channel { id } } totals { videos clips videoViews clipViews }
      weeks { week videos clips clipViews } topClips { id viewCount } topVideos { id viewCount } } }`)
    const d = data.videoDashboard
    expect(d.channels).toEqual([{ supported: true, syncedAt: expect.any(String), channel: { id: channelId } }])
    const inRange = (at: string) => Date.parse(at) >= t.clock.t - 90 * DAY
    expect(d.totals.videos).toBe(twitch.videos(BROADCASTER.id).filter((v) => inRange(v.created_at)).length)
    expect(d.totals.clips).toBe(twitch.clips(BROADCASTER.id).filter((c) => inRange(c.created_at)).length)
    expect(d.weeks.reduce((a: number, w: { clips: number }) => a + w.clips, 0)).toBe(d.totals.clips)
    expect(d.weeks.length).toBeGreaterThanOrEqual(13)
    expect(d.topClips).toHaveLength(10)
    expect(d.topClips[0].viewCount).toBe(Math.max(...twitch.clips(BROADCASTER.id).map((c) => c.view_count)))
  })

  it("does not fetch for a channel whose owner's licence has expired", async () => {
    const [client] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    const live = { videos: requests('/videos'), clips: requests('/clips') }
    expect(await t.services.videos.syncChannel(Number(channelId))).toMatchObject({ rows: expect.any(Number) })
    expect(requests('/videos')).toBeGreaterThan(live.videos)
    await t.database.db.update(licences).set({ licensebeginning: '2020-01-01' }).where(eq(licences.userId, client!.id))
    const before = { videos: requests('/videos'), clips: requests('/clips') }
    expect(await t.services.videos.syncChannel(Number(channelId))).toEqual({ requests: 0, rows: 0 })
    await later(2 * 3600)
    await ok(MEDIA, { c: channelId }) // stale, but not read through either
    expect({ videos: requests('/videos'), clips: requests('/clips') }).toEqual(before)
    expect(await code(REFRESH, { c: channelId })).toBe('FORBIDDEN')
  })
})
