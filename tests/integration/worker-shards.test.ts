import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { waitFor } from '../support/bot-harness'
import { FLEET_JWT_SECRET, FLEET_TOKEN_KEY, leaseHolders, seedTwitchChannels, spawnWorker, type FleetChannel, type WorkerProcess } from '../support/bot-fleet'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const CHANNELS = 24
const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip

/**
 * Three `npm run worker` processes share 24 Twitch channels through leases in PostgreSQL; one
 * is killed with SIGKILL while viewers' commands are under way.
 *
 * "In flight at the kill": a command the local Twitch server delivered to the killed worker's
 * session (the channel's lease holder in the snapshot taken just before the kill) and whose
 * reply the server had not received when the test saw the process exit. Such a command is
 * answered at most once (0 or 1). Every other command is answered exactly once. A command is
 * sent only while its channel has a subscribed EventSub session (Twitch delivers nothing to a
 * channel nobody listens to; that gap after a crash is the lease's time to live).
 */
postgres('bot workers sharing channels through leases', () => {
  let twitch: TwitchServer
  let t: TestApp
  let fleet: FleetChannel[]
  const workers: WorkerProcess[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'shards-'))
  const commands: Array<{ viewer: string; channelId: number; round: number }> = []

  const subscribed = (broadcasterId: string) =>
    twitch.subscriptions().filter((s) => s.type === 'channel.chat.message' && s.condition.broadcaster_user_id === broadcasterId)
  const replies = () => {
    const n = new Map<string, number>()
    for (const s of twitch.sent) if (s.isSent && s.message.startsWith('pong ')) n.set(s.message.slice(5), (n.get(s.message.slice(5)) ?? 0) + 1)
    return n
  }
  const live = () => workers.filter((w) => w.alive())
  const nameOf = (holder: string) => holder.split(':')[0]!

  /** Every channel held by one live worker within its fair share, and listened to by exactly one session. */
  async function settled(): Promise<boolean> {
    const holders = await leaseHolders(t.database.db)
    const names = new Set(live().map((w) => w.name))
    const share = Math.ceil(CHANNELS / names.size)
    const per = new Map<string, number>()
    for (const c of fleet) {
      const h = holders.get(c.channelId)
      if (!h || !names.has(nameOf(h.holder))) return false
      per.set(nameOf(h.holder), (per.get(nameOf(h.holder)) ?? 0) + 1)
      if (subscribed(c.broadcasterId).length !== 1) return false
    }
    return [...per.values()].every((n) => n <= share) && per.size === names.size
  }

  function sendRound(round: number) {
    for (const c of fleet) {
      if (subscribed(c.broadcasterId).length === 0) throw new Error(`channel ${c.channelId} has no session for round ${round}`)
      const viewer = `r${round}c${c.channelId}`
      commands.push({ viewer, channelId: c.channelId, round })
      twitch.chat(c.broadcasterId, { userId: `u-${viewer}`, login: viewer }, '!ping')
    }
  }

  const answered = (round: number) => {
    const r = replies()
    return commands.filter((c) => c.round === round).every((c) => r.has(c.viewer))
  }

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    // The Helix bucket is not what this test is about (three workers start and restart bots).
    twitch.state.rate = { limit: 1_000_000, remaining: 1_000_000, resetAt: Math.ceil(Date.now() / 1000) + 3600 }
    t = await createTestApp('postgres', { ...localPlatformEnv(twitch), CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY, JWT_ACCESS_SECRET: FLEET_JWT_SECRET })
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    fleet = await seedTwitchChannels(t.database.db, twitch, owner!.id, CHANNELS)
    const env = {
      ...localPlatformEnv(twitch),
      DATABASE_URL: t.config.DATABASE_URL!,
      DATA_DIR: dataDir,
      WORKER_LEASE_TTL_MS: '4000',
      BOT_RECONNECT_BASE_MS: '100',
      SHUTDOWN_TIMEOUT_MS: '2000',
    }
    for (const name of ['w1', 'w2', 'w3']) workers.push(spawnWorker(name, env))
  }, 120_000)

  afterAll(async () => {
    if (process.env.SHARD_DEBUG) for (const w of workers) console.log(w.name, w.alive(), w.output().slice(-3000))
    for (const w of workers) if (w.alive()) w.child.kill('SIGKILL')
    await Promise.all(workers.map((w) => w.exited))
    await t?.close()
    await twitch?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers every command exactly once (in-flight ones at most once) through a SIGKILL, and every channel ends on one live worker', async () => {
    await waitFor(settled, 'the three workers to share the channels', 90_000)
    for (const round of [1, 2]) {
      sendRound(round)
      await waitFor(() => answered(round), `round ${round} answered`, 20_000)
    }

    // Round 3 goes out, and the worker holding the most channels dies before it has answered all.
    const before = await leaseHolders(t.database.db)
    const counts = new Map<string, number>()
    for (const h of before.values()) counts.set(nameOf(h.holder), (counts.get(nameOf(h.holder)) ?? 0) + 1)
    const victim = workers.find((w) => w.name === [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0])!
    sendRound(3)
    victim.child.kill('SIGKILL')
    expect((await victim.exited).signal).toBe('SIGKILL')
    const atKill = replies()
    const victimChannels = new Set(fleet.filter((c) => nameOf(before.get(c.channelId)!.holder) === victim.name).map((c) => c.channelId))
    expect(victimChannels.size).toBeGreaterThan(0)
    const inFlight = new Set(commands.filter((c) => c.round === 3 && victimChannels.has(c.channelId) && !atKill.has(c.viewer)).map((c) => c.viewer))

    // The two survivors take the dead worker's channels over once its leases expire.
    await waitFor(settled, 'the survivors to take over every channel', 90_000)
    const after = await leaseHolders(t.database.db)
    for (const id of victimChannels) expect(after.get(id)!.epoch).toBeGreaterThan(before.get(id)!.epoch)
    for (const round of [4, 5, 6]) {
      sendRound(round)
      await waitFor(() => answered(round), `round ${round} answered`, 60_000)
    }
    const others = commands.filter((c) => !inFlight.has(c.viewer))
    await waitFor(() => others.every((c) => replies().has(c.viewer)), 'every command not in flight answered', 60_000)
    // Two more lease rounds on each survivor (TTL/3 ≈ 1.3 s) gives a late duplicate its chance to show.
    await new Promise((r) => setTimeout(r, 3000))

    const final = replies()
    const twice = commands.filter((c) => (final.get(c.viewer) ?? 0) > 1).map((c) => c.viewer)
    expect(twice).toEqual([])
    expect(others.filter((c) => final.get(c.viewer) !== 1).map((c) => c.viewer)).toEqual([])
    for (const v of inFlight) expect([0, 1]).toContain(final.get(v) ?? 0)
    console.log(
      `shard test: ${commands.length} commands, ${victimChannels.size} channels moved from ${victim.name}, ${inFlight.size} in flight at the kill (${[...inFlight].filter((v) => final.get(v) === 1).length} of them answered)`,
    )
    expect(commands.length).toBe(CHANNELS * 6)
    expect(await settled()).toBe(true)
    // The survivors are still the ones holding every channel.
    const names = new Set([...(await leaseHolders(t.database.db)).values()].map((h) => nameOf(h.holder)))
    expect([...names].sort()).toEqual(
      live()
        .map((w) => w.name)
        .sort(),
    )
  }, 300_000)
})
