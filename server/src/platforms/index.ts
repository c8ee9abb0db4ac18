import type { Config } from '../config'
import type { HttpDeps } from './http'
import { KickClient } from './kick/kick.client'
import { TwitchClient } from './twitch/twitch.client'
import type { PlatformClient, PlatformName } from './types'

export interface Platforms {
  twitch: TwitchClient
  kick: KickClient
  get(name: PlatformName): PlatformClient
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
  return { twitch, kick, get: (name) => (name === 'twitch' ? twitch : kick) }
}
