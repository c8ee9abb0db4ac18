import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/src/app'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

/** GraphQL over HTTP answers, the 413 on a kept-alive connection, introspection in production. */
describe.each(engines)('protocol on %s', (engine) => {
  let t: TestApp
  let app: ReturnType<typeof createApp>
  const logged: Array<{ level: number; msg: string }> = []
  let admin: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    // The same services behind an app whose log this test reads.
    const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
    app = createApp({ config: t.config, database: t.database, services: t.services, log })
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return { status: res.status, body: await res.json() }
  }

  it('masks an unexpected resolver error for the client and logs it once, with the request id and operation', async () => {
    const plans = t.services.plans
    const original = plans.localized
    plans.localized = () => Promise.reject(new Error('disk on fire at /var/secret'))
    try {
      const before = logged.length
      const res = await app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-unexpected-1' },
        body: JSON.stringify({ query: 'query PricingPlans { plans { id } }' }),
      })
      const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> }
      expect(res.headers.get('x-request-id')).toBe('req-unexpected-1')
      expect(body.errors).toEqual([
        expect.objectContaining({ message: 'Unexpected error.', extensions: expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR' }) }),
      ])
      expect(JSON.stringify(body)).not.toContain('disk on fire')
      const lines = logged.slice(before).filter((l) => l.msg === 'unexpected GraphQL error') as Array<Record<string, any>>
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({
        requestId: 'req-unexpected-1',
        operation: 'PricingPlans',
        path: 'plans',
        err: { message: 'disk on fire at /var/secret' },
      })
    } finally {
      plans.localized = original
    }
  })

  describe('a variable of the wrong type is the caller’s mistake', () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['a string for an Int', 'query($n:Int){users(first:$n){totalCount}}', { n: 'abc' }],
      ['a float for an Int', 'query($n:Int){users(first:$n){totalCount}}', { n: 1.5 }],
      ['an Int out of range', 'query($n:Int){users(first:$n){totalCount}}', { n: 2 ** 40 }],
      ['null for a required input', 'mutation($i:LoginInput!){login(input:$i){accessToken}}', { i: null }],
      ['a list for an input object', 'mutation($i:LoginInput!){login(input:$i){accessToken}}', { i: [1, 2] }],
      ['an unknown input field', 'mutation($i:LoginInput!){login(input:$i){accessToken}}', { i: { email: 'a@b.c', password: 'x', admin: true } }],
      ['an object for a String', 'mutation($e:String!){requestPasswordReset(email:$e)}', { e: { $ne: null } }],
    ]
    it.each(cases)('%s: BAD_USER_INPUT, 400 under GraphQL over HTTP, 200 for a legacy JSON client, no error log', async (_name, query, variables) => {
      for (const token of [undefined, admin]) {
        const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
        const before = logged.length
        const modern = await post({ query, variables }, { accept: 'application/graphql-response+json', ...auth })
        expect(modern.status).toBe(400)
        expect(modern.body.data).toBeUndefined()
        expect(modern.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['BAD_USER_INPUT'])
        expect(modern.body.errors[0].message).toMatch(/^Variable "\$/)
        const legacy = await post({ query, variables }, { accept: 'application/json', ...auth })
        expect(legacy.status).toBe(200)
        expect(legacy.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
        // Nothing above a warning: anonymous callers cannot fill the error log.
        expect(logged.slice(before).filter((l) => l.level > 40)).toEqual([])
      }
    })

    it('a query that does not validate is GRAPHQL_VALIDATION_FAILED with 400 under GraphQL over HTTP', async () => {
      const res = await post({ query: '{ users(first: "abc") { totalCount } }' }, { accept: 'application/graphql-response+json' })
      expect(res.status).toBe(400)
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    })
  })

  describe('413 on a kept-alive connection', () => {
    let server: ReturnType<typeof serve>
    let port: number
    beforeAll(async () => {
      server = await new Promise((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
      })
      port = (server.address() as AddressInfo).port
    })
    afterAll(async () => {
      ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    })

    /** Writes the raw bytes on one socket and reads until the server closes it (or 5 s pass). */
    const exchange = (chunks: string[]) =>
      new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
        const sock = connect(port, '127.0.0.1')
        let text = ''
        const timer = setTimeout(() => {
          sock.destroy()
          resolve({ text, closedByServer: false })
        }, 5000)
        sock.on('data', (d) => (text += d.toString('latin1')))
        sock.on('end', () => {
          clearTimeout(timer)
          resolve({ text, closedByServer: true })
        })
        sock.on('error', () => {})
        for (const c of chunks) sock.write(c)
      })
    const oversized = (bytes: number) => {
      const body = JSON.stringify({ query: 'x'.repeat(bytes) })
      return `POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    }
    const next = 'GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n'
    const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))

    it('reads and drops a body of a few hundred KiB and answers the next request on the same connection', async () => {
      const { text } = await exchange([oversized(300_000), next])
      expect(statuses(text)).toEqual([413, 200])
      expect(text).toContain('{"status":"ok"}')
    })

    it('says Connection: close for a body too large to read, and closes cleanly after the answer', async () => {
      const { text, closedByServer } = await exchange([oversized(3_000_000).slice(0, 400_000)])
      expect(statuses(text)).toEqual([413])
      expect(text).toMatch(/^connection: close\r$/im)
      expect(closedByServer).toBe(true)
    })
  })
})

describe.each(engines)('introspection with NODE_ENV=production on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine, {
      NODE_ENV: 'production',
      JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
      CHANNEL_TOKEN_KEY: randomBytes(32).toString('base64'),
    })
  })
  afterAll(() => t.close())

  const introspect = '{ __schema { queryType { name } } }'
  it('is answered to an admin', async () => {
    const { accessToken } = await t.loginAs('admin')
    const res = await t.gql(introspect, {}, accessToken)
    expect(res.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } })
    expect((await t.gql('{ __type(name: "User") { name } }', {}, accessToken)).body.data.__type).toEqual({ name: 'User' })
  })

  it.each(['anonymous', 'client', 'reseller'] as const)('is refused to %s', async (who) => {
    const token = who === 'anonymous' ? undefined : (await t.loginAs(who)).accessToken
    for (const query of [introspect, '{ __type(name: "User") { name } }', '{ viewer { id } a: __schema { types { name } } }']) {
      const res = await t.gql(query, {}, token)
      expect(res.body.data).toBeUndefined()
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
      expect(res.body.errors[0].message).toMatch(/introspection/i)
    }
    // __typename is not introspection of the schema.
    expect((await t.gql('{ __typename }', {}, token)).body).toEqual({ data: { __typename: 'Query' } })
  })
})

describe('GraphiQL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { GRAPHIQL: 'on' })
  })
  afterAll(() => t.close())

  const page = () => t.app.request('/graphql', { headers: { accept: 'text/html' } })

  it('loads every script and style from this server, with no inline script', async () => {
    const res = await page()
    expect(res.status).toBe(200)
    const html = await res.text()
    const urls = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(urls.sort()).toEqual(['/graphiql/favicon.ico', '/graphiql/graphiql.css', '/graphiql/graphiql.js'])
    // Every <script> either has a same-origin src or is a JSON data block.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/src="\/graphiql\/|type="application\/json"/)
    expect(html).not.toMatch(/<style\b|\bon[a-z]+=|unpkg|jsdelivr|https?:\/\//i)
    for (const url of [...urls, '/graphiql/editor.worker.js', '/graphiql/json.worker.js', '/graphiql/graphql.worker.js']) {
      const asset = await t.app.request(url)
      expect(asset.status, url).toBe(200)
      expect((await asset.arrayBuffer()).byteLength, url).toBeGreaterThan(100)
    }
    expect((await t.app.request('/graphiql/nope.js')).status).toBe(404)
  })

  it('is served under a CSP with no CDN and no inline script, the same as the app’s', async () => {
    const csp = (await page()).headers.get('content-security-policy')!
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ')
    expect(scriptSrc).toContain("'self'")
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    expect(csp).not.toMatch(/unpkg|jsdelivr|cdn/i)
    expect((await t.app.request('/')).headers.get('content-security-policy')).toBe(csp)
  })
})

describe('GraphiQL turned off', () => {
  it('serves neither the page nor its files', async () => {
    const t = await createTestApp('pglite', { GRAPHIQL: 'off' })
    try {
      const html = await t.app.request('/graphql', { headers: { accept: 'text/html' } })
      expect(await html.text()).not.toContain('graphiql.js')
      expect((await t.app.request('/graphiql/graphiql.js')).status).toBe(404)
    } finally {
      await t.close()
    }
  })
})
