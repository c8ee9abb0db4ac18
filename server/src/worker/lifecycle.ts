import { TwitchConduit } from '../platforms/twitch/conduit'
import { reload } from './reload'
import { forgetRetry, type WorkerState } from './worker-state'

/**
 * TWITCH_EVENTSUB_TRANSPORT=conduit: one EventSub conduit for this process, or a WebSocket
 * session per channel if it fails: at once on a permanent shard error (an unknown or foreign
 * TWITCH_CONDUIT_ID), else after TWITCH_CONDUIT_START_TIMEOUT_MS, so the bots (the sandbox's
 * too) never wait for a conduit that does not come.
 */
export async function startConduit(s: WorkerState) {
  const { config, services, runtime, log } = s
  if (config.TWITCH_EVENTSUB_TRANSPORT !== 'conduit' || !services.platforms.configured.twitch) return
  const conduit = new TwitchConduit({
    twitch: services.platforms.twitch,
    url: config.TWITCH_EVENTSUB_WS_URL,
    scheduler: runtime.scheduler,
    random: runtime.random,
    backoff: runtime.backoff,
    log: log.child({ component: 'conduit' }),
    shards: config.TWITCH_CONDUIT_SHARDS,
    conduitId: config.TWITCH_CONDUIT_ID,
    startTimeoutMs: config.TWITCH_CONDUIT_START_TIMEOUT_MS,
  })
  try {
    await conduit.start()
    runtime.conduit = conduit
    log.info({ conduit: conduit.id, shards: config.TWITCH_CONDUIT_SHARDS }, 'Twitch events through an EventSub conduit')
  } catch (e) {
    conduit.stop()
    log.error({ err: (e as Error).message }, 'EventSub conduit not available: a WebSocket session per channel instead')
  }
}

async function listen<T>(s: WorkerState, iter: AsyncIterableIterator<T> & { return(): unknown }, fn: (v: T) => void) {
  s.streams.push(iter)
  try {
    for await (const v of iter) fn(v)
  } catch (e) {
    s.log.warn({ err: (e as Error).message }, 'worker subscription ended')
  }
}

/** Follows `channelChanged` (reloads the channel's bot) and hands verified Kick webhooks to their channel's bot. */
export function followEvents(s: WorkerState) {
  const { pubsub } = s.services
  // A new connection or bot account changes who the bot speaks as: start it afresh. A giveaway
  // opened or closed changes nothing the bot holds (the giveaways service follows the feed itself).
  void listen(s, pubsub.subscribe('channelChanged'), (e) => {
    if (e.what !== 'giveaway') void reload(s, e.channelId, e.what === 'connected' || e.what === 'bot account')
  })
  void listen(s, pubsub.subscribe('platformWebhook'), (e) => {
    s.bots.get(e.channelId)?.onKickWebhook(e.type, e.body, new Date(e.receivedAt))
  })
}

/** Each bot sends the replies it already owes (within its chat limit) until the deadline. */
async function flushBots(s: WorkerState, flushMs: number) {
  const deadline = s.runtime.scheduler.now() + flushMs
  const left = await Promise.all([...s.bots.values()].map((bot) => bot.finish(deadline)))
  const unsent = left.reduce((a, b) => a + b, 0)
  if (unsent > 0) s.log.warn({ unsent }, 'bot worker: chat lines left unsent at shutdown')
}

/**
 * Stops every bot (after the sync scheduler, the resync and the subscriptions). With `flushMs`,
 * a graceful shutdown: no new events are read, and each bot sends the replies it already owes.
 */
export async function stopWorker(s: WorkerState, sync: { stop(): Promise<unknown> } | null, flushMs: number) {
  const { bots, runtime, leases } = s
  s.running = false
  await sync?.stop()
  if (s.resync) clearInterval(s.resync)
  for (const stream of s.streams.splice(0)) await stream.return()
  await Promise.allSettled([...s.pending.values()])
  if (flushMs > 0) await flushBots(s, flushMs)
  for (const bot of bots.values()) bot.stop()
  // A status write still in flight lands before the worker is gone (not over a later worker's).
  await Promise.all([...bots.values()].map((bot) => bot.reported()))
  bots.clear()
  for (const id of [...s.retries.keys()]) forgetRetry(s, id)
  runtime.conduit?.stop()
  runtime.conduit = null
  if (s.leaseTimer) clearInterval(s.leaseTimer)
  s.leaseTimer = null
  await s.ticking
  if (leases) s.services.channels.fenceStatus(null)
  // Released at once, so the other workers take these channels at their next round.
  await leases?.leave().catch((e: unknown) => s.log.warn({ err: (e as Error).message }, 'leases not released; they expire'))
}
