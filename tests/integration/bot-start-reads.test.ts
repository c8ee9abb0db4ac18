/**
 * A lease round's starts read their channels at once (issue 35: 10,000 channels took nine
 * statements each): the rows and licences, accounts, commands, timers and rules of every channel
 * the round took come from one read per table, and no start reads its own channel, lists or
 * accounts again; the periodic resync reads its channels the same way. The bots work on what was
 * read (a command stored before the start answers) and a change after the start is read afresh (a
 * command added later answers too).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { stopTestApp, waitFor } from '../support/bot-harness'
import { FLEET_JWT_SECRET, FLEET_TOKEN_KEY, seedTwitchChannels, type FleetChannel } from '../support/bot-fleet'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const CHANNELS = 6

describe.each(engines)("a lease round's starts on %s", (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let worker: BotWorker | undefined
  let fleet: FleetChannel[]
  let ownerId: number
  /** Calls of the services' per-channel reads and of the many-channel ones, counted from here on. */
  const calls = new Map<string, unknown[][]>()

  /** Counts the calls of `service.name` (the worker calls through the services object). */
  function count(service: Record<string, unknown>, label: string, name: string) {
    const original = service[name] as (...args: unknown[]) => unknown
    calls.set(label, [])
    service[name] = (...args: unknown[]) => {
      calls.get(label)!.push(args)
      return original(...args)
    }
  }
  const pong = (viewer: string, word = 'pong') => twitch.sent.some((s) => s.isSent && s.message === `${word} ${viewer}`)

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    // The fleet's transport (one conduit for the worker); with WebSocket sessions each channel's
    // welcome reads its tokens afresh, as it may come long after the start.
    t = await createTestApp(engine, {
      PUBLIC_URL: 'http://app.test',
      ...localPlatformEnv(twitch),
      CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY,
      JWT_ACCESS_SECRET: FLEET_JWT_SECRET,
      TWITCH_EVENTSUB_TRANSPORT: 'conduit',
    })
    t.clock.now = () => new Date()
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    ownerId = owner!.id
    // Each channel gets a `!ping` command (tests/support/bot-fleet.ts).
    fleet = await seedTwitchChannels(t.database.db, twitch, ownerId, CHANNELS, 710_000)
    const { channels, commands, conversation } = t.services as unknown as Record<string, Record<string, unknown>>
    count(channels!, 'forBot', 'forBot')
    count(channels!, 'accounts', 'accounts')
    count(channels!, 'actAs', 'actAs')
    count(commands!, 'enabledCommands', 'enabledCommands')
    count(commands!, 'listTimers', 'listTimers')
    count(conversation!, 'enabledRules', 'enabledRules')
    count(channels!, 'forBots', 'forBots')
    count(commands!, 'enabledCommandsOf', 'enabledCommandsOf')
  })

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  it('reads every channel the round took in one statement per table, and nothing per channel', async () => {
    worker = createBotWorker({
      services: t.services,
      config: t.config,
      log: createLogger('silent'),
      leases: { db: t.database.db, ttlMs: 60_000, name: 'start-reads' },
      resyncMs: 300,
    })
    await worker.start()
    await waitFor(() => fleet.every((c) => worker!.get(c.channelId)?.isConnected), 'every bot running', 30_000)
    await worker.settled()

    const ids = fleet.map((c) => c.channelId).sort((a, b) => a - b)
    const sorted = (call: unknown[]) => [...(call[0] as number[])].sort((a, b) => a - b)
    // The lease round's read (a resync, every 300 ms here, may have followed it: the same six).
    expect(sorted(calls.get('forBots')![0]!)).toEqual(ids)
    expect(calls.get('enabledCommandsOf')!.length).toBe(calls.get('forBots')!.length)
    const perChannel = ['forBot', 'accounts', 'actAs', 'enabledCommands', 'listTimers', 'enabledRules']
    for (const name of perChannel) expect({ [name]: calls.get(name)!.length }).toEqual({ [name]: 0 })

    // The periodic resync reads the running channels in one statement per table too.
    const before = calls.get('forBots')!.length
    await waitFor(() => calls.get('forBots')!.length >= before + 2, 'two more resyncs', 10_000)
    expect(calls.get('forBots')!.map(sorted)).toEqual(calls.get('forBots')!.map(() => ids))
    for (const name of perChannel) expect({ [name]: calls.get(name)!.length }).toEqual({ [name]: 0 })
  })

  it('runs each bot on what was read, and reads a change made after its start afresh', async () => {
    const [first, second] = fleet
    twitch.chat(first!.broadcasterId, { userId: 'sr-1', login: 'earlyviewer' }, '!ping')
    await waitFor(() => pong('earlyviewer'), 'the command stored before the start answered')

    // A command added after the start reaches the bot (the change notification reads it afresh, or a
    // resync reads it with the others).
    await t.services.commands.createCommand(ownerId, second!.channelId, { trigger: '!hi', response: 'hello ${user}', cooldownSeconds: 0 })
    await waitFor(
      async () => {
        twitch.chat(second!.broadcasterId, { userId: 'sr-2', login: 'lateviewer' }, '!hi')
        await worker!.get(second!.channelId)?.idle()
        return pong('lateviewer', 'hello')
      },
      'the command added after the start answered',
      20_000,
    )
  })

  it('does not undo a change notified while a sync was reading ahead', async () => {
    // A worker without leases and without a periodic resync: its first sync reads every channel ahead.
    await worker!.stop()
    const [, , third] = fleet
    const commands = t.services.commands as unknown as Record<string, (ids: number[]) => Promise<unknown>>
    const counting = commands.enabledCommandsOf!
    let changed = false
    // The sync's read of the commands answers from before a command added (and a reload of its
    // channel asked for, as the change feed does) right after it was read.
    commands.enabledCommandsOf = async (ids: number[]) => {
      const before = await counting(ids)
      if (!changed && ids.includes(third!.channelId)) {
        changed = true
        await t.services.commands.createCommand(ownerId, third!.channelId, { trigger: '!late', response: 'late ${user}', cooldownSeconds: 0 })
        void worker!.reload(third!.channelId)
      }
      return before
    }
    try {
      worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent') })
      await worker.start()
      expect(changed).toBe(true)
      await worker.settled()
      await waitFor(() => worker!.get(third!.channelId)?.isConnected, 'the bot running')
      twitch.chat(third!.broadcasterId, { userId: 'sr-3', login: 'lateone' }, '!late')
      await waitFor(() => pong('lateone', 'late'), 'the command added during the read answered', 10_000)
    } finally {
      commands.enabledCommandsOf = counting
    }
  })
})
