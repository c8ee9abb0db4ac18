import { createLogger } from '../../server/src/logger'
import { startKickServer, type KickServer } from '../../server/src/platforms/sandbox/kick-server'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { ManualScheduler } from './bot-harness'
import { connectChannel } from './connect-flow'
import { localPlatformEnv } from './local-platforms'
import type { Engine } from './databases'
import { createTestApp, type DEMO_PASSWORDS, type TestApp } from './test-app'

export const BROADCASTER = { id: '1001', login: 'democaster', displayName: 'DemoCaster' }
export const KICK_BROADCASTER = { id: 501, name: 'KickCaster' }

/**
 * The local Twitch and Kick servers on the test app's clock, the app on a fresh database
 * pointed at them (PUBLIC_URL http://app.test, plus `env`), and Kick's signed webhooks
 * delivered to the app in process. The caller closes the servers after the app.
 */
export async function startLocalPlatforms(engine: Engine, env: Record<string, string> = {}): Promise<{ t: TestApp; twitch: TwitchServer; kick: KickServer }> {
  const ref: { t?: TestApp } = {}
  const now = () => (ref.t ? ref.t.clock.t : Date.now())
  const twitch = await startTwitchServer({ now, keepaliveSeconds: 600 })
  const kick = await startKickServer({ now })
  const t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...localPlatformEnv(twitch, kick), ...env })
  ref.t = t
  kick.setWebhookTarget(async ({ headers, body }) => ({ status: (await t.app.request('/apps/webhooks/kick', { method: 'POST', headers, body })).status }))
  return { t, twitch, kick }
}

/**
 * The app on a fresh database with the local Twitch and Kick servers on the test clock, a
 * bot worker on a manual scheduler, and helpers to connect a channel as a demo account.
 */
export async function startPlatformApp(engine: Engine) {
  const { t: app, twitch, kick } = await startLocalPlatforms(engine)
  twitch.addUser(BROADCASTER)
  kick.addUser(KICK_BROADCASTER)
  const scheduler = new ManualScheduler(app.clock)
  const worker: BotWorker = createBotWorker({ services: app.services, config: app.config, log: createLogger('silent'), scheduler, random: () => 0.5 })
  await worker.start()

  const ok = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.gql(query, variables, token)
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
    return res.body.data
  }

  /** Connects the platform's test broadcaster as `role` and answers the channel id. */
  async function connect(role: keyof typeof DEMO_PASSWORDS, platform: 'twitch' | 'kick') {
    const token = (await app.loginAs(role)).accessToken
    if (platform === 'twitch') twitch.consentAs(BROADCASTER.id)
    else kick.consentAs(KICK_BROADCASTER.id)
    const channelId = await connectChannel(app, token, platform === 'twitch' ? twitch : kick, platform)
    return { token, channelId }
  }

  return {
    t: app,
    twitch,
    kick,
    scheduler,
    worker,
    ok,
    connect,
    async close() {
      await worker.stop()
      await app.services.realtime.close()
      await app.close()
      await twitch.close()
      await kick.close()
    },
  }
}

export type PlatformApp = Awaited<ReturnType<typeof startPlatformApp>>
