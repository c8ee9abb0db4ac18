import { randomBytes } from 'node:crypto'
import type { HttpDeps } from '../http'
import { TwitchClient } from '../twitch/twitch.client'
import { startTwitchServer, type TwitchServer } from './twitch-server'

export interface SandboxPlatform {
  server: TwitchServer
  twitch: TwitchClient
  eventSubUrl: string
}

/**
 * The sandbox platform: the local Twitch server started in this process on 127.0.0.1 (port 0,
 * on first use), with a Twitch client pointed at it. `onStart` hooks run once after it starts
 * (the sandbox service restores its channels' users and tokens there).
 */
export function createSandboxRuntime(deps: HttpDeps & { now?: () => number } = {}) {
  let starting: Promise<SandboxPlatform> | null = null
  const hooks: Array<(p: SandboxPlatform) => Promise<void>> = []
  const start = async (): Promise<SandboxPlatform> => {
    const server = await startTwitchServer({
      clientId: `sandbox-${randomBytes(6).toString('hex')}`,
      clientSecret: randomBytes(24).toString('hex'),
      now: deps.now,
      keepaliveSeconds: 30,
    })
    const twitch = new TwitchClient(
      { clientId: server.clientId, clientSecret: server.clientSecret, apiUrl: server.apiUrl, authUrl: server.authUrl, eventSubUrl: server.eventSubUrl },
      deps,
    )
    const platform = { server, twitch, eventSubUrl: server.eventSubUrl }
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
