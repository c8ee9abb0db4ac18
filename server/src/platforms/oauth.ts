import { expectOk, platformMessage, type PlatformHttp } from './http'
import { PlatformAuthError, PlatformRequestError, type OAuthTokens, type PlatformName } from './types'

interface TokenBody {
  access_token?: string
  refresh_token?: string
  expires_in?: number
  /** Twitch answers a list, Kick a space-separated string. */
  scope?: string[] | string
}

const NAMES: Record<PlatformName, string> = { twitch: 'Twitch', kick: 'Kick' }

/**
 * One OAuth token grant (authorization code or refresh) at `<authUrl>/token`: a refused
 * grant (400/401) is a PlatformAuthError, any other failure a PlatformRequestError.
 */
export async function tokenGrant(
  http: PlatformHttp,
  platform: PlatformName,
  opts: { url: string; form: Record<string, string>; what: 'token exchange' | 'token refresh'; now: () => number },
): Promise<OAuthTokens> {
  const res = await http.request(opts.url, { method: 'POST', form: opts.form })
  if (res.status === 400 || res.status === 401) {
    throw new PlatformAuthError(platform, platformMessage(res.body, opts.what === 'token exchange' ? 'code refused' : 'refresh refused'))
  }
  const b = (expectOk(platform, res, opts.what).body ?? {}) as TokenBody
  if (!b.access_token) throw new PlatformRequestError(platform, 502, `${NAMES[platform]} answered without an access token`)
  return {
    accessToken: b.access_token,
    refreshToken: b.refresh_token ?? null,
    expiresAt: typeof b.expires_in === 'number' ? new Date(opts.now() + b.expires_in * 1000) : null,
    scopes: Array.isArray(b.scope) ? b.scope : (b.scope ?? '').split(' ').filter(Boolean),
  }
}
