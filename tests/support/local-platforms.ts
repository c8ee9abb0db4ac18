import type { KickServer } from '../../server/src/platforms/sandbox/kick-server'
import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'

/** The configuration that points the app's platform clients at the local Twitch (and Kick) servers. */
export function localPlatformEnv(twitch: TwitchServer, kick?: KickServer): Record<string, string> {
  return {
    TWITCH_CLIENT_ID: twitch.clientId,
    TWITCH_CLIENT_SECRET: twitch.clientSecret,
    TWITCH_API_URL: twitch.apiUrl,
    TWITCH_AUTH_URL: twitch.authUrl,
    TWITCH_EVENTSUB_WS_URL: twitch.eventSubUrl,
    ...(kick ? { KICK_CLIENT_ID: kick.clientId, KICK_CLIENT_SECRET: kick.clientSecret, KICK_API_URL: kick.apiUrl, KICK_AUTH_URL: kick.authUrl } : {}),
  }
}
