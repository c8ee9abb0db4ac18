/**
 * The first screen's query: the first-screen module (client/vite-first-screen.ts) sends the
 * dashboard's query before the app's code loads, and Apollo, through the app's link chain with
 * lib/first-query.ts in its fetch, takes that answer for the very same query instead of asking
 * again. Run in a VM context like a browser would run the module, with a real Apollo client.
 */
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { ApolloClient, InMemoryCache } from '@apollo/client'
import type { Rollup } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { firstScreenModule } from '../../../client/vite-first-screen'
import { AssistantDashboardDocument } from '../../../client/src/features/assistant/graphql/dashboard.generated'
import { ViewerDocument } from '../../../client/src/features/session/graphql/viewer.generated'
import { FIRST_QUERY_MAX_AGE_MS, withFirstQuery } from '../../../client/src/lib/first-query'
import { createGraphqlLink } from '../../../client/src/lib/graphql-link'
import { createTokenRefresher } from '../../../client/src/lib/token-refresh'
import { fakeFetch, json, memoryStore } from './helpers'

const src = join(process.cwd(), 'client/src')
const entry = { type: 'chunk', fileName: 'assets/index.js', facadeModuleId: join(src, 'main.tsx'), imports: [], isEntry: true } as unknown as Rollup.OutputChunk
const code = firstScreenModule({ 'assets/index.js': entry } as Rollup.OutputBundle).code

/** A signed access token's shape (the module reads only the expiry). */
const jwt = (exp: number) => `e30.${Buffer.from(JSON.stringify({ sub: '3', exp })).toString('base64url')}.sig`
const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600

const DASHBOARD = {
  data: {
    channels: [],
    botLimits: { plan: 'Pro', channels: 2, commands: 10, timers: 5, __typename: 'BotLimits' },
    user: { id: '3', currentPlan: 'Pro', duration: 20, durationTotal: 30, licenseKey: 'AB12', licensebeginning: null, __typename: 'User' },
  },
}

/** Runs the module for an address and stored items; returns what it asked the server and what it left for Apollo. */
function runModule(pathname: string, stored: Record<string, string>, answer: () => Promise<Response> = async () => json(200, DASHBOARD)) {
  const sent: { url: string; init: RequestInit }[] = []
  const context: Record<string, unknown> = {
    location: { pathname },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: { createElement: () => ({}), head: { appendChild: () => undefined } },
    atob,
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, init })
      return answer()
    },
  }
  runInNewContext(code, context)
  return { sent, left: context.__firstQuery }
}

const signedIn = (exp = inTenMinutes()) => ({ userData: '{"id":3,"role":"client"}', accessToken: jwt(exp) })

/** A real Apollo client on the app's link chain; `network` answers whatever reaches the network. */
function apollo(network: ReturnType<typeof fakeFetch>) {
  const { store } = memoryStore({ accessToken: 'access-1', refreshToken: 'refresh-1' })
  const refresher = createTokenRefresher({
    fetch: network.fetch,
    store: { ...store, save: () => undefined, clear: () => undefined },
    lock: (_name, job) => job(),
  })
  return new ApolloClient({
    link: createGraphqlLink({ uri: '/graphql', fetch: withFirstQuery(network.fetch), store, refresher }),
    cache: new InMemoryCache(),
  })
}

type DashboardData = typeof DASHBOARD.data

afterEach(() => {
  delete (globalThis as { __firstQuery?: unknown }).__firstQuery
})

describe('first screen query', () => {
  it('is sent for a signed-in visitor of /dashboard/ whose token is live, with the user id and token', async () => {
    const stored = signedIn()
    const { sent, left } = runModule('/dashboard/', stored)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe('/graphql')
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${stored.accessToken}`)
    const body = JSON.parse(String(sent[0]!.init.body)) as { operationName: string; variables: unknown; query: string }
    expect(body.operationName).toBe('AssistantDashboard')
    expect(body.variables).toEqual({ userId: '3' })
    expect(body.query).toContain('__typename')
    expect(left).toBeDefined()
  })

  it('is not sent with an expired token, to a visitor, or for a page without one', () => {
    expect(runModule('/dashboard/', signedIn(Math.floor(Date.now() / 1000) - 1)).sent).toEqual([])
    expect(runModule('/dashboard/', {}).sent).toEqual([])
    expect(runModule('/login', signedIn()).sent).toEqual([])
    expect(runModule('/pages/account-settings', signedIn()).sent).toEqual([])
  })

  it('answers Apollo for the same query and variables, once; anything else goes to the network', async () => {
    const { left } = runModule('/dashboard/', signedIn())
    ;(globalThis as { __firstQuery?: unknown }).__firstQuery = left
    const network = fakeFetch((call) => json(200, (call.body as { operationName: string }).operationName === 'Viewer' ? { data: { viewer: null } } : DASHBOARD))
    const client = apollo(network)

    const first = await client.query({ query: AssistantDashboardDocument, variables: { userId: '3' } })
    expect((first.data as DashboardData | undefined)?.botLimits.plan).toBe('Pro')
    expect(network.calls).toEqual([])

    // Taken once: the same query again (a poll) asks the server.
    await client.query({ query: AssistantDashboardDocument, variables: { userId: '3' }, fetchPolicy: 'network-only' }).catch(() => undefined)
    await client.query({ query: ViewerDocument }).catch(() => undefined)
    expect(network.calls.map((c) => (c.body as { operationName: string }).operationName)).toEqual(['AssistantDashboard', 'Viewer'])
  })

  it('is not used for other variables, when it is too old, or when the answer has errors or failed', async () => {
    const cases: [string, () => void, { userId: string }][] = [
      ['other variables', () => undefined, { userId: '4' }],
      ['too old', () => ((globalThis as { __firstQuery?: { at: number } }).__firstQuery!.at -= FIRST_QUERY_MAX_AGE_MS + 1), { userId: '3' }],
    ]
    for (const [name, change, variables] of cases) {
      ;(globalThis as { __firstQuery?: unknown }).__firstQuery = runModule('/dashboard/', signedIn()).left
      change()
      const network = fakeFetch(() => json(200, DASHBOARD))
      await apollo(network).query({ query: AssistantDashboardDocument, variables })
      expect(network.calls, name).toHaveLength(1)
    }
    const answers: [string, () => Promise<Response>][] = [
      ['errors', async () => json(200, { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] })],
      ['status 401', async () => json(401, { errors: [{ message: 'Not signed in' }] })],
      ['network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ]
    for (const [name, answer] of answers) {
      ;(globalThis as { __firstQuery?: unknown }).__firstQuery = runModule('/dashboard/', signedIn(), answer).left
      const network = fakeFetch(() => json(200, DASHBOARD))
      const result = await apollo(network).query({ query: AssistantDashboardDocument, variables: { userId: '3' } })
      expect(network.calls, name).toHaveLength(1)
      expect((result.data as DashboardData | undefined)?.user.id, name).toBe('3')
    }
  })
})
