import { publicUrlOf, type Config } from '../config'
import type { HttpDeps } from './http'
import { KickClient } from './kick/kick.client'
import { createSandboxRuntime, type SandboxRuntime } from './sandbox/runtime'
import { TwitchClient } from './twitch/twitch.client'
import type { PlatformClient, PlatformName } from './types'

export interface Platforms {
  twitch: TwitchClient
  kick: KickClient
  get(name: PlatformName): PlatformClient
  /** The in-process sandbox platform; null with SANDBOX=off. */
  sandbox: SandboxRuntime | null
  /** Which applications are configured (a platform without one is not offered). */
  configured: Record<PlatformName, boolean>
  /** The client for a channel: the sandbox's for a sandbox channel, else the configured platform's. */
  of(channel: { platform: PlatformName; sandbox: boolean }): Promise<PlatformClient>
  /** The Twitch client and EventSub URL for a Twitch channel. */
  twitchOf(channel: { sandbox: boolean }): Promise<{ twitch: TwitchClient; eventSubUrl: string }>
}

/** Both platform clients, every base URL and credential from configuration. */
export function createPlatforms(config: Config, deps: HttpDeps = {}): Platforms {
  const twitch = new TwitchClient(
    {
      clientId: config.TWITCH_CLIENT_ID,
      clientSecret: config.TWITCH_CLIENT_SECRET,
      apiUrl: config.TWITCH_API_URL,
      authUrl: config.TWITCH_AUTH_URL,
      eventSubUrl: config.TWITCH_EVENTSUB_WS_URL,
    },
    deps,
  )
  const kick = new KickClient(
    { clientId: config.KICK_CLIENT_ID, clientSecret: config.KICK_CLIENT_SECRET, apiUrl: config.KICK_API_URL, authUrl: config.KICK_AUTH_URL },
    deps,
  )
  const sandbox = config.SANDBOX === 'off' ? null : createSandboxRuntime({ ...deps, publicUrl: publicUrlOf(config) })
  const sandboxPlatform = async () => {
    if (!sandbox) throw new Error('The sandbox is switched off (SANDBOX=off)')
    return sandbox.ready()
  }
  return {
    twitch,
    kick,
    get: (name) => (name === 'twitch' ? twitch : kick),
    sandbox,
    configured: { twitch: config.TWITCH_CLIENT_ID !== '', kick: config.KICK_CLIENT_ID !== '' },
    async of(channel) {
      if (channel.sandbox) return (await sandboxPlatform()).twitch
      return channel.platform === 'twitch' ? twitch : kick
    },
    async twitchOf(channel) {
      if (channel.sandbox) return sandboxPlatform()
      return { twitch, eventSubUrl: config.TWITCH_EVENTSUB_WS_URL }
    },
  }
}
