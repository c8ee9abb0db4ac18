/**
 * Cost of the scheduled video and clip sync (videos.syncChannel) for many connected Twitch
 * channels against the local Twitch server, on PGlite (and PostgreSQL when TEST_DATABASE_URL
 * is set):
 *   npm run bench:videos [-- --channels 1000 --videos 20 --clips 30 --every 60]
 * Each channel has `videos` videos and `clips` clips made in the last 30 days. Prints the
 * Helix requests and the rows written per sync, the sync time, and — for a sync every
 * `every` minutes — platform requests per channel per hour and database row writes per
 * channel per day, plus the rows stored per channel. Figures only; stops by itself.
 */
import { eq, sql } from 'drizzle-orm'
import { channelAccounts, channels } from '../../server/src/modules/channels/channels.tables'
import { channelClips, channelVideos } from '../../server/src/modules/videos/videos.tables'
import { startTwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { twitchEnv } from '../support/platform-env'
import { createTestApp } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const channelCount = arg('channels', 1000)
const videosEach = arg('videos', 20)
const clipsEach = arg('clips', 30)
const everyMinutes = arg('every', 60)
const DAY = 86_400_000

for (const engine of engines) {
  const twitch = await startTwitchServer({ keepaliveSeconds: 600 })
  // One Helix bucket per token at Twitch; the local server shares one, so it is made wide here.
  twitch.state.rate = { limit: 1e9, remaining: 1e9, resetAt: Math.ceil(Date.now() / 1000) + 3600 }
  const t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...twitchEnv(twitch) })
  t.clock.now = () => new Date()
  const db = t.database.db
  const token = (await t.loginAs('client')).accessToken

  // The first channel through the real OAuth flow; the others share its (encrypted) token.
  twitch.addUser({ id: '100000', login: 'bench0', displayName: 'Bench0' })
  twitch.consentAs('100000')
  await connectChannel(t, token, twitch, 'twitch')
  const [first] = await db.select().from(channels)
  const [account] = await db.select().from(channelAccounts).where(eq(channelAccounts.channelId, first!.id))
  const ids = [first!.id]
  for (let i = 1; i < channelCount; i++) {
    const broadcaster = String(100_000 + i)
    twitch.addUser({ id: broadcaster, login: `bench${i}`, displayName: `Bench${i}` })
    const [row] = await db
      .insert(channels)
      .values({ userId: first!.userId, platform: 'twitch', platformUserId: broadcaster, login: `bench${i}`, displayName: `Bench${i}` })
      .returning({ id: channels.id })
    await db.insert(channelAccounts).values({ ...account!, channelId: row!.id, platformUserId: broadcaster, login: `bench${i}` })
    ids.push(row!.id)
  }
  const now = Date.now()
  for (let i = 0; i < channelCount; i++) {
    const broadcaster = String(100_000 + i)
    for (let v = 0; v < videosEach; v++) {
      twitch.addVideo(broadcaster, { id: String(1e9 + i * 1000 + v), view_count: v * 13, created_at: new Date(now - (v + 0.5) * DAY).toISOString() })
    }
    for (let c = 0; c < clipsEach; c++) {
      twitch.addClip(broadcaster, { id: `b${i}c${c}`, view_count: c * 7, created_at: new Date(now - ((c % 29) + 0.5) * DAY).toISOString() })
    }
  }

  for (const round of ['first sync', 'next sync'] as const) {
    let requests = 0
    let rows = 0
    const failures: string[] = []
    const began = performance.now()
    for (const id of ids) {
      try {
        const r = await t.services.videos.syncChannel(id)
        requests += r.requests
        rows += r.rows
      } catch (e) {
        failures.push((e as Error).message) // the scheduler retries these at its next run
      }
    }
    const ms = performance.now() - began
    const perHour = 60 / everyMinutes
    console.log(
      `[${engine}] ${round}: ${channelCount} channels (${videosEach} videos, ${clipsEach} clips each) in ${(ms / 1000).toFixed(1)} s, ` +
        `${(ms / channelCount).toFixed(1)} ms per channel; ${(requests / channelCount).toFixed(2)} Helix requests and ` +
        `${(rows / channelCount).toFixed(1)} rows written per channel per sync` +
        (failures.length ? `; ${failures.length} syncs failed (${[...new Set(failures)].join(' | ')})` : ''),
    )
    if (round === 'next sync') {
      console.log(
        `[${engine}] schedule every ${everyMinutes} min: ${((requests / channelCount) * perHour).toFixed(2)} platform requests per channel per hour ` +
          `(${((requests * perHour) / 60).toFixed(0)} per minute for all ${channelCount}); ${((rows / channelCount) * perHour * 24).toFixed(0)} video and clip ` +
          `row writes per channel per day when nothing changed at Twitch (new or changed ones only) + ${(perHour * 24).toFixed(0)} media_sync updates`,
      )
    }
  }
  const [{ v } = { v: 0 }] = await db.select({ v: sql<number>`count(*)::int` }).from(channelVideos)
  const [{ c } = { c: 0 }] = await db.select({ c: sql<number>`count(*)::int` }).from(channelClips)
  console.log(
    `[${engine}] stored: ${(v / channelCount).toFixed(1)} video rows and ${(c / channelCount).toFixed(1)} clip rows per channel (new rows per day = the channel's new videos and clips)`,
  )
  await t.services.realtime.close()
  await t.close()
  await twitch.close()
}
