/**
 * The marketing mail endpoints (server/src/modules/marketing). These pages are opened from
 * mail clients, signed out, so they use plain fetch: no token, no refresh.
 */
export type UnsubscribeResult = 'done' | 'invalid' | 'failed'

export async function unsubscribe(token: string, fetcher: typeof fetch = fetch): Promise<UnsubscribeResult> {
  try {
    const response = await fetcher('/apps/marketing/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    })
    if (response.ok) return 'done'
    return response.status === 400 ? 'invalid' : 'failed'
  } catch {
    return 'failed'
  }
}

/** Records a mail open (the server answers the pixel whether or not the link was signed). */
export async function recordOpen(mailId: string, signature: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const query = new URLSearchParams({ m: mailId, s: signature })
    const response = await fetcher(`/apps/marketing/open?${query.toString()}`, { cache: 'no-store' })
    return response.ok
  } catch {
    return false
  }
}

export type ClickResult = { kind: 'allowed'; href: string } | { kind: 'refused'; reason: 'host' | 'link' } | { kind: 'failed' }

/** An http(s) address without credentials, or null. */
export function safeDestination(raw: string): URL | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return url
  } catch {
    return null
  }
}

/**
 * Asks the server to check and record a click. The server answers a redirect only for a
 * signed link to an allow-listed host; the redirect is not followed here (it may be
 * cross-site), its mere existence is the server's yes. Anything else is refused: the page
 * never sends the browser to a destination the server did not accept.
 */
export async function checkClick(mailId: string, url: string, signature: string, fetcher: typeof fetch = fetch): Promise<ClickResult> {
  const destination = safeDestination(url)
  if (!destination) return { kind: 'refused', reason: 'host' }
  let response: Response
  try {
    const query = new URLSearchParams({ m: mailId, url, s: signature })
    response = await fetcher(`/apps/marketing/click?${query.toString()}`, { redirect: 'manual', cache: 'no-store' })
  } catch {
    return { kind: 'failed' }
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    return { kind: 'allowed', href: destination.toString() }
  }
  if (response.status === 400) {
    const body: unknown = await response.json().catch(() => null)
    const fields = typeof body === 'object' && body !== null ? (body as { fields?: Record<string, unknown> }).fields : undefined
    return { kind: 'refused', reason: fields && 'url' in fields ? 'host' : 'link' }
  }
  return { kind: 'failed' }
}
