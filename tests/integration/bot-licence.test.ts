/**
 * An ended licence stops a running bot: the licence running out by date (nothing written) is
 * caught by the worker's periodic resync, the bot stops and its status says LICENCE_ENDED (the
 * client translates the code); a new licence starts it again through the licence change alone;
 * an owner without a plan (package None) keeps their bot whatever their old licences say, unless a
 * key they had entered was revoked (revoking the key in use stops the bot); deleting the owner
 * stops it at once. The
 * lease rounds of sharded workers hand out no channel of an owner whose licence ended, and a
 * sharded worker stops such a bot and gives its lease back.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, plans, users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { createLeaseManager } from '../../server/src/worker/leases'
import { ManualScheduler, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const STATUS = 'query($c: ID!) { channel(id: $c) { status { state reason code args } } }'

describe.each(engines)('bots and licences on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker | undefined
  let token: string
  let admin: string
  let clientId: number
  let channelId: number

  const { ok } = gqlCaller(
    () => t,
    () => token,
  )
  const startWorker = async (resyncMs?: number, leased = false) => {
    await worker?.stop()
    worker = createBotWorker({
      services: t.services,
      config: t.config,
      log: createLogger('silent'),
      scheduler: new ManualScheduler(t.clock),
      resyncMs,
      leases: leased ? { db: t.database.db, ttlMs: 600, name: 'licence-test' } : false,
    })
    await worker.start()
    return worker
  }
  const status = async () => (await ok(STATUS, { c: String(channelId) })).channel.status
  /** The owner's active licence began `days` ago (30 days long: past 30 it has ended). */
  const licenceBegan = (days: number) =>
    t.database.db
      .update(licences)
      .set({ licensebeginning: sql`${new Date(t.clock.t).toISOString().slice(0, 10)}::date - ${days}::int` })
      .where(and(eq(licences.userId, clientId), eq(licences.status, 'active')))
  const running = () => worker?.get(channelId)?.isConnected === true

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', COUNT_CACHE_TTL: '0' })
    token = (await t.loginAs('client')).accessToken
    admin = (await t.loginAs('admin')).accessToken
    channelId = Number((await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id)
    clientId = (await t.services.channels.byId(channelId))!.userId
  })

  afterAll(() => stopTestApp(t, worker))

  it('stops the bot at the next resync once the licence has ended by date, and says why', async () => {
    await startWorker(100)
    await waitFor(running, 'the bot running under a licence in force')
    // The bot reports "running" just after it connects: wait for that write, not only for the connection.
    await waitFor(async () => (await status()).state === 'running', 'the status saying running')
    // The last day of a 30-day licence begun 29 days ago is today: the bot still runs.
    await licenceBegan(29)
    // What a resync checks for the channel, checked now (a pause instead may hold no resync at all).
    expect((await t.services.channels.runnable()).map((c) => c.id)).toContain(channelId)
    await worker!.reload(channelId)
    await worker!.settled()
    expect(running()).toBe(true)

    await licenceBegan(30)
    await waitFor(() => !worker!.get(channelId), 'the bot stopped by the resync')
    const s = await waitFor(async () => ((await status()).code === 'LICENCE_ENDED' ? status() : null), 'the status saying why')
    expect(s).toEqual({ state: 'stopped', reason: 'The licence has ended: renew it to run the bot again', code: 'LICENCE_ENDED', args: {} })
    expect((await t.services.channels.runnable()).map((c) => c.id)).not.toContain(channelId)
    // The panel is untouched: the owner's switches are what they chose.
    expect((await t.services.channels.byId(channelId))!.active).toBe(true)
  })

  it('hands out no lease for a channel whose owner has no licence in force', async () => {
    const leases = createLeaseManager({ db: t.database.db, ttlMs: 60_000, name: 'licence-test', ownerLicensed: t.services.channels.ownerLicensed })
    try {
      expect(await leases.acquire(100, [channelId])).toEqual([])
      expect((await leases.share()).channels).toBe(0)
      await licenceBegan(0)
      expect(await leases.acquire(100, [channelId])).toEqual([channelId])
    } finally {
      await leases.leave()
      await licenceBegan(30)
    }
  })

  it('starts the bot again when a new licence is activated (the change reaches the worker, no resync)', async () => {
    await startWorker() // no periodic resync: only the licence change can start it
    await worker!.settled()
    expect(worker!.get(channelId)).toBeUndefined()
    expect(await status()).toMatchObject({ state: 'stopped', code: 'LICENCE_ENDED' })

    const [starter] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Starter'))
    const [key] = (
      await ok('mutation($p: ID!) { generateLicences(input: { planId: $p, totalDays: 30, count: 1 }) { licensekey } }', { p: String(starter!.id) }, admin)
    ).generateLicences
    await ok('mutation($k: String!) { activateLicence(key: $k) { status } }', { k: key.licensekey })
    await waitFor(running, 'the bot running again')
    expect(await waitFor(async () => ((await status()).state === 'running' ? status() : null), 'status running')).toMatchObject({ code: null, reason: null })
  })

  it('stops the bot of a sharded worker (leases) too, and gives the lease back', async () => {
    await licenceBegan(0)
    await startWorker(100, true)
    await waitFor(running, 'the bot running under its lease')
    expect(worker!.leases!.held.has(channelId)).toBe(true)
    await licenceBegan(30)
    await waitFor(() => !worker!.get(channelId) && !worker!.leases!.held.has(channelId), 'the bot stopped and its lease released')
    // The lease round may drop the channel before the bot's stop is reported: the status follows.
    await waitFor(async () => (await status()).code === 'LICENCE_ENDED', 'the status saying LICENCE_ENDED')
    // In force again by date (nothing written): the next lease round takes the channel.
    await licenceBegan(0)
    await waitFor(running, 'the bot running again once the licence is in force')
    await startWorker() // the next test without leases or a resync
    await waitFor(running, 'the bot running on the plain worker')
  })

  it('says LICENCE_ENDED, sharded, for a channel whose licence ended while no worker ran it', async () => {
    await worker?.stop()
    worker = undefined
    // A worker died while the bot ran (its status still says running), and the licence ended since.
    await licenceBegan(30)
    await t.services.channels.reportStatus(channelId, { state: 'running', reason: null })
    await startWorker(100, true)
    expect(worker!.leases!.held.has(channelId)).toBe(false)
    const s = await waitFor(async () => ((await status()).code === 'LICENCE_ENDED' ? status() : null), 'the status saying why')
    expect(s).toMatchObject({ state: 'stopped', code: 'LICENCE_ENDED' })
    // Never over a running bot: in force again, the lease round takes the channel and it runs.
    await licenceBegan(0)
    await waitFor(running, 'the bot running again once the licence is in force')
    expect((await status()).code).toBeNull()
    await startWorker() // the next test without leases or a resync
    await waitFor(running, 'the bot running on the plain worker')
  })

  it('keeps the bot of an owner without a plan (package None) running', async () => {
    // An admin sets the package to None: the licence rule does not apply (as for the bench and fleet users).
    await ok('mutation($id: ID!) { updateUser(id: $id, input: { package: "None" }) { id } }', { id: String(clientId) }, admin)
    await licenceBegan(400)
    const bot = worker!.get(channelId)
    await worker!.reload(channelId)
    expect(worker!.get(channelId)).toBe(bot)
    expect(running()).toBe(true)
    const [u] = await t.database.db.select({ pkg: users.package }).from(users).where(eq(users.id, clientId))
    expect(u!.pkg).toBe('None')
    expect((await t.services.channels.runnable()).map((c) => c.id)).toContain(channelId)

    // Back to a plan with the licence long ended: the package change alone stops the bot.
    await ok('mutation($id: ID!) { updateUser(id: $id, input: { package: "Starter" }) { id } }', { id: String(clientId) }, admin)
    await waitFor(() => !worker!.get(channelId), 'the bot stopped by the package change')
    await waitFor(async () => (await status()).code === 'LICENCE_ENDED', 'LICENCE_ENDED')
  })

  it('stops the bot when the key in use is revoked (no free trial after a revocation), and a new key starts it again', async () => {
    const [starter] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Starter'))
    const newKey = async () =>
      (await ok('mutation($p: ID!) { generateLicences(input: { planId: $p, totalDays: 30, count: 1 }) { id licensekey } }', { p: String(starter!.id) }, admin))
        .generateLicences[0] as { id: string; licensekey: string }
    const key = await newKey()
    await ok('mutation($k: String!) { activateLicence(key: $k) { status } }', { k: key.licensekey })
    await waitFor(running, 'the bot running under the new key')

    await ok('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: key.id }, admin)
    const [u] = await t.database.db.select({ pkg: users.package }).from(users).where(eq(users.id, clientId))
    expect(u!.pkg).toBe('None') // the revocation took the plan away
    await waitFor(() => !worker!.get(channelId), 'the bot stopped by the revocation')
    await waitFor(async () => (await status()).code === 'LICENCE_ENDED', 'LICENCE_ENDED')
    expect((await t.services.channels.runnable()).map((c) => c.id)).not.toContain(channelId)

    const again = await newKey()
    await ok('mutation($k: String!) { activateLicence(key: $k) { status } }', { k: again.licensekey })
    await waitFor(running, 'the bot running under another key')
  })

  it('stops the bot at once when its owner is deleted (their keys revoked, their channels gone; no resync)', async () => {
    await startWorker() // no periodic resync: only the deletion's event can stop it
    await waitFor(running, 'the bot running')
    await ok('mutation($id: ID!) { deleteUser(id: $id) }', { id: String(clientId) }, admin)
    await waitFor(() => !worker!.get(channelId), 'the bot stopped by the deletion')
    expect(await t.services.channels.byId(channelId)).toBeUndefined()
  })
})
