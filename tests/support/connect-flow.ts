import type { TestApp } from './test-app'

/** A local platform server's consent page, followed like a browser whose user clicks "Authorize". */
interface ConsentPage {
  authorize(authorizeUrl: string): Promise<URL>
}

const START = `mutation($p: Platform!, $b: ID) { startChannelConnection(platform: $p, botForChannelId: $b) { authorizeUrl scopes } }`

/**
 * One browser's view of connecting a channel, step by step: `start` calls GraphQL and keeps
 * the binding cookie the response sets (as the browser's cookie jar would), `consent` goes
 * through the platform's consent page, `callback` returns to our callback with (or without)
 * the cookie, and `confirm` / `cancel` answer the confirmation the panel shows.
 */
export function connectFlow(t: TestApp, token: string) {
  let cookie: string | null = null

  async function gql(query: string, variables: Record<string, unknown>) {
    const res = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    })
    return { res, body: (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } }
  }

  return {
    /** The Set-Cookie header of the last start (null before). */
    get setCookie() {
      return cookie
    },
    async start(platform: 'twitch' | 'kick', botForChannelId?: string | null) {
      const { res, body } = await gql(START, { p: platform, b: botForChannelId ?? null })
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      cookie = res.headers.get('set-cookie')
      return body.data.startChannelConnection as { authorizeUrl: string; scopes: string[] }
    },
    /** The cookie pair (name=value) the browser sends back to the callback path. */
    get cookiePair() {
      return cookie ? cookie.split(';')[0]! : ''
    },
    async consent(server: ConsentPage, authorizeUrl: string) {
      return server.authorize(authorizeUrl)
    },
    /** Our callback, as the browser reaches it: with the binding cookie unless `cookie` says otherwise. */
    async callback(back: URL, opts: { cookie?: string | null } = {}) {
      const sent = opts.cookie === undefined ? this.cookiePair : opts.cookie
      const res = await t.app.request(`${back.pathname}${back.search}`, sent ? { headers: { cookie: sent } } : {})
      return { status: res.status, location: res.headers.get('location') ?? '', setCookie: res.headers.get('set-cookie') ?? '' }
    },
    async confirm(id: string) {
      return gql('mutation($id: ID!) { confirmChannelConnection(id: $id) { id platform login } }', { id })
    },
    async cancel(id: string) {
      return gql('mutation($id: ID!) { cancelChannelConnection(id: $id) }', { id })
    },
    async pending(id: string) {
      return gql('query($id: ID!) { pendingChannelConnection(id: $id) { id platform login displayName platformUserId botForChannelId scopes } }', { id })
    },
  }
}

/** The pending connection's id of a callback's redirect (`?confirm=<id>`), or null. */
export const confirmIdOf = (location: string) => new URL(location, 'http://x').searchParams.get('confirm')

/**
 * The whole round trip as the user's browser makes it (start, consent, callback with the
 * binding cookie, confirmation of the account shown): answers the linked channel's id.
 */
export async function connectChannel(
  t: TestApp,
  token: string,
  server: ConsentPage,
  platform: 'twitch' | 'kick',
  botForChannelId?: string | null,
): Promise<string> {
  const flow = connectFlow(t, token)
  const started = await flow.start(platform, botForChannelId)
  const back = await flow.consent(server, started.authorizeUrl)
  const { location } = await flow.callback(back)
  const id = confirmIdOf(location)
  if (!id) throw new Error(`connect failed: ${location}`)
  const confirmed = await flow.confirm(id)
  if (confirmed.body.errors) throw new Error(JSON.stringify(confirmed.body.errors))
  return confirmed.body.data.confirmChannelConnection.id as string
}
