/**
 * The lean path of /graphql (server/src/graphql/http.ts, issue 35): a plain JSON POST runs
 * yoga's operation pipeline without yoga's HTTP layer. Every answer it gives must be the one
 * yoga's HTTP layer gives: each request here goes once as it is (lean) and once with a comment
 * that sends it through `yoga.fetch` (`# subscription`: the lean path leaves anything that may
 * stream to yoga), over real HTTP (node's own header object) and in process (a web Request).
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonContent, plainParams, regularMediaType } from '../../server/src/graphql/http'
import { listen } from '../../server/src/http/listen'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

describe('the lean path’s gate', () => {
  it('picks the JSON media type yoga picks for a single result, and none where yoga would stream or refuse', () => {
    expect(regularMediaType(undefined)).toBe('application/json')
    expect(regularMediaType('*/*')).toBe('application/json')
    expect(regularMediaType('application/graphql-response+json, application/json;q=0.9')).toBe('application/graphql-response+json')
    expect(regularMediaType('application/json, application/graphql-response+json')).toBe('application/json')
    expect(regularMediaType('text/event-stream')).toBeNull()
    expect(regularMediaType('application/json; charset=latin1')).toBeNull()
    expect(regularMediaType('text/html')).toBeNull()
  })

  it('takes only a body yoga reads as JSON: a JSON content type, the first one listed', () => {
    expect(jsonContent('application/json')).toBe(true)
    expect(jsonContent('application/json; charset=utf-8')).toBe(true)
    expect(jsonContent('application/graphql+json')).toBe(true)
    for (const type of [undefined, null, '', 'text/plain', 'text/plain, application/json', 'application/jsonx', 'multipart/form-data']) {
      expect(jsonContent(type), String(type)).toBe(false)
    }
  })

  it('takes only a JSON object with yoga’s four parameters of the right types, and nothing that may stream', () => {
    expect(plainParams('{"query":"{ a }","variables":{"x":1},"operationName":null,"extensions":{}}')).toEqual({
      query: '{ a }',
      variables: { x: 1 },
      operationName: null,
      extensions: {},
    })
    for (const body of [
      'not json',
      '[{"query":"{ a }"}]',
      'null',
      '"{ a }"',
      '{"query":1}',
      '{"query":"{ a }","variables":[1]}',
      '{"query":"{ a }","operationName":1}',
      '{"query":"{ a }","extensions":"x"}',
      '{"query":"{ a }","other":1}',
      '{"query":"{ a }","__proto__":{}}',
      '{"query":"subscription { a }"}',
      '{"query":"{ a @defer }"}',
    ]) {
      expect(plainParams(body), body).toBeNull()
    }
  })
})

describe.each(engines)('GraphQL lean path on %s', (engine) => {
  let t: TestApp
  let server: Server
  let base: string
  let admin: string
  let client: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    server = await listen(t.app.fetch, { ...t.config, PORT: 0, HOST: '127.0.0.1' })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    admin = (await t.loginAs('admin')).accessToken
    client = (await t.loginAs('client')).accessToken
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  type Ask = { body: Record<string, unknown>; token?: string; accept?: string; type?: string }
  const send = async (over: 'http' | 'in-process', { body, token, accept, type }: Ask) => {
    const init = {
      method: 'POST',
      headers: {
        'content-type': type ?? 'application/json',
        ...(accept ? { accept } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }
    const res = over === 'http' ? await fetch(`${base}/graphql`, init) : await t.app.request('/graphql', init)
    return { status: res.status, type: res.headers.get('content-type'), body: JSON.parse(await res.text()) as unknown }
  }
  /** The same request through yoga's HTTP layer: a comment the lean path leaves to yoga. */
  const throughYoga = (ask: Ask): Ask => ({ ...ask, body: { ...ask.body, query: `# subscription\n${String(ask.body.query)}` } })

  const cases: Array<[string, () => Ask]> = [
    ['a page of users', () => ({ body: { query: '{ users(first: 2) { totalCount edges { node { id username } } } }' }, token: admin })],
    [
      'variables and an operation name',
      () => ({ body: { query: 'query Q($n: Int) { users(first: $n) { totalCount } }', variables: { n: 1 }, operationName: 'Q' }, token: admin }),
    ],
    ['signed out', () => ({ body: { query: '{ viewer { id } }' } })],
    [
      'a JSON body sent as text/plain (a cross-site form): refused by the route’s guard either way',
      () => ({ body: { query: '{ viewer { id } }' }, type: 'text/plain' }),
    ],
    ['a refused field (authorization)', () => ({ body: { query: '{ users(first: 2) { totalCount } }' } })],
    ['a client’s scope', () => ({ body: { query: '{ users(first: 5) { totalCount edges { node { username } } } }' }, token: client })],
    ['a bad token (401)', () => ({ body: { query: '{ viewer { id } }' }, token: 'nope' })],
    ['a validation error', () => ({ body: { query: '{ nope }' }, token: admin })],
    ['a syntax error', () => ({ body: { query: '{ viewer { ' }, token: admin })],
    ['a variable that does not coerce', () => ({ body: { query: 'query($n: Int) { users(first: $n) { totalCount } }', variables: { n: 'x' } }, token: admin })],
    ['a service error (BAD_USER_INPUT)', () => ({ body: { query: '{ users(first: 1000) { totalCount } }' }, token: admin })],
    [
      'unstorable text in a variable',
      () => ({ body: { query: 'query($q: String) { users(q: $q) { totalCount } }', variables: { q: 'a\u0000b' } }, token: admin }),
    ],
    ['introspection by a client (production refuses it; test allows it)', () => ({ body: { query: '{ __schema { queryType { name } } }' }, token: client })],
    ['too many aliases (armor)', () => ({ body: { query: `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }` }, token: admin })],
    [
      'Accept: application/graphql-response+json with an error',
      () => ({ body: { query: '{ nope }' }, accept: 'application/graphql-response+json', token: admin }),
    ],
    [
      'Accept: application/graphql-response+json',
      () => ({ body: { query: '{ viewer { id } }' }, accept: 'application/graphql-response+json, application/json;q=0.9', token: admin }),
    ],
  ]

  for (const over of ['http', 'in-process'] as const) {
    it.each(cases)(`answers %s as yoga does (${over})`, async (_label, ask) => {
      const lean = await send(over, ask())
      const yoga = await send(over, throughYoga(ask()))
      // Error locations differ by the comment's line; everything else is the same.
      const unlocated = (r: typeof lean) => JSON.parse(JSON.stringify(r).replace(/"locations":\[[^\]]*\],?/g, '')) as unknown
      expect(unlocated(lean)).toEqual(unlocated(yoga))
    })
  }
})
