import { randomBytes } from 'node:crypto'
import type { HttpDeps } from '../http'
import { TwitchClient } from '../twitch/twitch.client'
import { startTwitchServer, type TwitchServer } from './twitch-server'

/**
 * The sandbox's own test channels: live from the start, so a sandbox channel has channels to
 * raid and shout out. Named as what they are (test channels of the sandbox, with no viewers),
 * never presented as an audience; they exist only on the in-process local Twitch.
 */
export const SANDBOX_TEST_CHANNELS = [
  { id: 'sandbox-test-1', login: 'sandbox_test_channel_1', displayName: 'Sandbox test channel 1', category: 'Just Chatting' },
  { id: 'sandbox-test-2', login: 'sandbox_test_channel_2', displayName: 'Sandbox test channel 2', category: 'Software and Game Development' },
  { id: 'sandbox-test-3', login: 'sandbox_test_channel_3', displayName: 'Sandbox test channel 3', category: 'Music' },
] as const

export interface SandboxPlatform {
  server: TwitchServer
  twitch: TwitchClient
  eventSubUrl: string
}

/**
 * The sandbox platform: the local Twitch server started in this process on 127.0.0.1 (port 0,
 * on first use), with a Twitch client pointed at it. Its clips and videos link to the product's
 * own library page (`publicUrl`), never to twitch.tv. `onStart` hooks run once after it starts
 * (the sandbox service restores its channels' users and tokens there).
 */
/** The product's own page a sandbox clip or video links to: the library, never twitch.tv. */
export const sandboxMediaUrl = (publicUrl: string, kind: 'clip' | 'video', id: string) =>
  `${publicUrl.replace(/\/$/, '')}/pages/VOD?${kind}=${encodeURIComponent(id)}`

export function createSandboxRuntime(deps: HttpDeps & { now?: () => number; publicUrl?: string } = {}) {
  let starting: Promise<SandboxPlatform> | null = null
  const hooks: Array<(p: SandboxPlatform) => Promise<void>> = []
  const start = async (): Promise<SandboxPlatform> => {
    const server = await startTwitchServer({
      clientId: `sandbox-${randomBytes(6).toString('hex')}`,
      clientSecret: randomBytes(24).toString('hex'),
      now: deps.now,
      keepaliveSeconds: 30,
      mediaUrl: (kind, id) => sandboxMediaUrl(deps.publicUrl ?? 'http://localhost', kind, id),
    })
    const twitch = new TwitchClient(
      { clientId: server.clientId, clientSecret: server.clientSecret, apiUrl: server.apiUrl, authUrl: server.authUrl, eventSubUrl: server.eventSubUrl },
      deps,
    )
    const platform = { server, twitch, eventSubUrl: server.eventSubUrl }
    for (const c of SANDBOX_TEST_CHANNELS) {
      server.addUser({ id: c.id, login: c.login, displayName: c.displayName })
      server.goLive(c.id, c.category)
    }
    for (const hook of hooks) await hook(platform)
    return platform
  }
  return {
    ready(): Promise<SandboxPlatform> {
      starting ??= start().catch((e: unknown) => {
        starting = null
        throw e
      })
      return starting
    },
    onStart(hook: (p: SandboxPlatform) => Promise<void>) {
      hooks.push(hook)
    },
    async close() {
      const p = starting
      starting = null
      if (p) await (await p.catch(() => null))?.server.close()
    },
  }
}

export type SandboxRuntime = ReturnType<typeof createSandboxRuntime>
