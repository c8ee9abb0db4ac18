/**
 * Reads (never verifies) the payload of the access token. The client only uses it to
 * show or hide UI and for the route guard; the server checks every request itself.
 */

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null
  const parts = token.split('.')
  const payload = parts[1]
  if (parts.length !== 3 || !payload) return null
  try {
    const value: unknown = JSON.parse(base64UrlDecode(payload))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The identity-provider admin claim that manage routes additionally require. */
export function hasAdminClaim(token: string | null | undefined): boolean {
  return decodeJwtPayload(token)?.admin === true
}
