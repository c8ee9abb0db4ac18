/**
 * The OAuth round trip ends on the panel with ?confirm=<id> (the account waits for the
 * user's confirmation) or ?error=<code> (server modules/channels: callback);
 * ?connected=<platform>[&bot=1] is what the panel shows after a confirmation elsewhere.
 */

export const CONNECT_ERROR_CODES = [
  'invalid_state',
  'expired_state',
  'access_denied',
  'platform_error',
  'missing_code',
  'exchange_failed',
  'channel_taken',
  'plan_limit',
  'server_error',
  'browser_mismatch',
] as const
export type ConnectErrorCode = (typeof CONNECT_ERROR_CODES)[number] | 'unknown'

export type PlatformName = 'twitch' | 'kick'

export type ConnectResult =
  | { kind: 'connected'; platform: PlatformName; botAccount: boolean }
  | { kind: 'error'; code: ConnectErrorCode }
  /** The consent finished: the account waits for the user's confirmation (pendingChannelConnection). */
  | { kind: 'confirm'; id: string }
  | null

const isPlatform = (value: string | null): value is PlatformName => value === 'twitch' || value === 'kick'

export function parseConnectResult(params: URLSearchParams): ConnectResult {
  const error = params.get('error')
  if (error !== null) {
    const known = (CONNECT_ERROR_CODES as readonly string[]).includes(error)
    return { kind: 'error', code: known ? (error as ConnectErrorCode) : 'unknown' }
  }
  const confirm = params.get('confirm')
  if (confirm !== null && /^\d{1,19}$/.test(confirm)) return { kind: 'confirm', id: confirm }
  const connected = params.get('connected')
  if (isPlatform(connected)) return { kind: 'connected', platform: connected, botAccount: params.get('bot') === '1' }
  return null
}

/** The search string without the round trip's parameters (the toast shows once). */
export function withoutConnectParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of ['connected', 'error', 'bot', 'confirm']) next.delete(key)
  return next
}
