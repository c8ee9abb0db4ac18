/**
 * Personal access tokens (issue 32) on both engines: made by a signed-in person, used alone as
 * a bearer value on the same GraphQL fields and REST routes, limited by their scopes beside the
 * owner's role rule, by their channel, their expiry, revocation and a per-token rate limit.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokens } from '../../server/src/modules/access-tokens/access-tokens.tables'
import { engines } from '../support/databases'
import { UNLIMITED_ABUSE, createTestApp, type TestApp } from '../support/test-app'

const CREATE = `mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret token { id hint scopes channelId expiresAt } } }`
const COMMANDS = `query { channels { id commands { trigger response } } }`

describe.each(engines)('personal access tokens on %s', (engine) => {
  let t: TestApp
  let client: string
  let admin: string
  let channelId: string
  let foreignChannelId: string

  const make = async (input: Record<string, unknown>, as = client) => {
    const res = await t.gql(CREATE, { input: { name: 'script', ...input } }, as)
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
    return res.body.data.createAccessToken as {
      secret: string
      token: { id: string; hint: string; scopes: string[]; channelId: string | null; expiresAt: string | null }
    }
  }
  const codeOf = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code ?? res.body.code
  const rest = (method: string, path: string, secret: string, body?: unknown) => t.json(method, path, body, { authorization: `Bearer ${secret}` })

  beforeAll(async () => {
    // The principal cache on (as in production): revocation must still fail the very next call.
    t = await createTestApp(engine, { ...UNLIMITED_ABUSE, ACCESS_TOKEN_RATE_LIMIT: '40', PRINCIPAL_CACHE_MS: '5000' })
    client = (await t.loginAs('client')).accessToken
    admin = (await t.loginAs('admin')).accessToken
    const reseller = (await t.loginAs('reseller')).accessToken
    const own = await t.gql('mutation { connectSandboxChannel { id } }', {}, client)
    channelId = own.body.data.connectSandboxChannel.id
    const foreign = await t.gql('mutation { connectSandboxChannel { id } }', {}, reseller)
    foreignChannelId = foreign.body.data.connectSandboxChannel.id
  })
  afterAll(() => t.close())

  it('the done-when path: with only a token, list commands over GraphQL, add one over REST, refused a scope it lacks, revoked fails the next call', async () => {
    const { secret, token } = await make({ scopes: ['channel:read', 'commands:read', 'commands:write'], expiresInDays: 30 })
    expect(secret).toMatch(/^cat_[0-9A-Za-z]{36}$/)
    expect(token.hint).toBe(`${secret.slice(0, 8)}…`)
    // Only the hash is stored.
    const [row] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.id, Number(token.id)))
    expect(row!.hash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(secret)

    const listed = await t.gql(COMMANDS, {}, secret)
    expect(listed.body.errors).toBeUndefined()
    expect(listed.body.data.channels.map((c: { id: string }) => c.id)).toContain(channelId)

    const added = await rest('POST', `/api/v1/channels/${channelId}/commands`, secret, { trigger: '!discord', response: 'discord.gg/x' })
    expect(added.status).toBe(201)
    expect(added.body.command.trigger).toBe('!discord')
    expect(added.body.command.channelId).toBe(channelId)
    const restList = await rest('GET', `/api/v1/channels/${channelId}/commands`, secret)
    expect(restList.status).toBe(200)
    expect(restList.body.commands.map((c: { trigger: string }) => c.trigger)).toContain('!discord')
    const again = await t.gql(COMMANDS, {}, secret)
    const mine = again.body.data.channels.find((c: { id: string }) => c.id === channelId)
    expect(mine.commands.map((c: { trigger: string }) => c.trigger)).toContain('!discord')

    // A scope it lacks: chat:write (GraphQL), a field that declares no scope, and a field closed to tokens.
    const send = await t.gql('mutation($id: ID!) { sendChatMessage(channelId: $id, message: "hi") { ok } }', { id: channelId }, secret)
    expect(codeOf(send)).toBe('FORBIDDEN')
    expect(codeOf(await t.gql('query { myAccessTokens { id } }', {}, secret))).toBe('FORBIDDEN')
    expect(codeOf(await t.gql('mutation($id: ID!) { disconnectChannel(channelId: $id) }', { id: channelId }, secret))).toBe('FORBIDDEN')
    expect((await t.gql('query { channels { id } }', {}, client)).body.data.channels).toContainEqual({ id: channelId })

    expect(await t.gql('mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: token.id }, client)).toMatchObject({
      body: { data: { revokeAccessToken: true } },
    })
    const after = await t.gql(COMMANDS, {}, secret)
    expect(after.status).toBe(401)
    expect(codeOf(after)).toBe('UNAUTHENTICATED')
    expect((await rest('GET', `/api/v1/channels/${channelId}/commands`, secret)).status).toBe(401)
  })

  it('a read-only token is refused writes on both doors; the owner’s rule still holds (another owner’s channel is NOT_FOUND)', async () => {
    const { secret } = await make({ scopes: ['channel:read', 'commands:read'] })
    const post = await rest('POST', `/api/v1/channels/${channelId}/commands`, secret, { trigger: '!nope', response: 'x' })
    expect(post.status).toBe(403)
    expect(post.body.code).toBe('FORBIDDEN')
    const gqlWrite = await t.gql(
      'mutation($id: ID!) { createChatCommand(channelId: $id, input: { trigger: "!nope", response: "x" }) { id } }',
      { id: channelId },
      secret,
    )
    expect(codeOf(gqlWrite)).toBe('FORBIDDEN')
    const foreign = await rest('GET', `/api/v1/channels/${foreignChannelId}/commands`, secret)
    expect(foreign.status).toBe(404)
    // A nested field needs its own scope: channel:read alone does not read the commands.
    const { secret: channelOnly } = await make({ scopes: ['channel:read'] })
    expect(codeOf(await t.gql(COMMANDS, {}, channelOnly))).toBe('FORBIDDEN')
    expect((await t.gql('query { channels { id } }', {}, channelOnly)).body.data.channels.length).toBeGreaterThan(0)
  })

  it('a channel-bound token reaches that channel only', async () => {
    const { secret, token } = await make({ scopes: ['channel:read', 'commands:read', 'commands:write'], channelId })
    expect(token.channelId).toBe(channelId)
    const res = await t.gql('query { channels { id } }', {}, secret)
    expect(res.body.data.channels).toEqual([{ id: channelId }])
    expect((await rest('GET', `/api/v1/channels/${channelId}/commands`, secret)).status).toBe(200)
    // The owner's other channel is out of its reach too (the team-aware check, channels.access, reads the token's channel).
    const other = (await t.gql('mutation { connectSandboxChannel { id } }', {}, client)).body.data.connectSandboxChannel.id as string
    expect((await rest('GET', `/api/v1/channels/${other}/commands`, client)).status).toBe(200)
    expect((await rest('GET', `/api/v1/channels/${other}/commands`, secret)).status).toBe(404)
    const create = 'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!bound", response: "x" }) { id } }'
    expect(codeOf(await t.gql(create, { c: other }, secret))).toBe('NOT_FOUND')
    expect((await t.gql(create, { c: channelId }, secret)).body.errors).toBeUndefined()
    await t.gql('mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: other }, client)
    // Binding to someone else's channel is refused at creation.
    const bad = await t.gql(CREATE, { input: { name: 'x', scopes: ['channel:read'], channelId: foreignChannelId } }, client)
    expect(codeOf(bad)).toBe('NOT_FOUND')
  })

  it('an expired token is refused; bad input is a coded error that writes nothing', async () => {
    const { secret } = await make({ scopes: ['channel:read'], expiresInDays: 30 })
    expect((await t.gql('query { channels { id } }', {}, secret)).body.errors).toBeUndefined()
    const before = await t.database.db.select().from(accessTokens)
    for (const input of [
      { name: '', scopes: ['channel:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything:write'] },
      { name: 'x', scopes: ['channel:read'], expiresInDays: 7 },
      { name: 'x'.repeat(81), scopes: ['channel:read'] },
    ]) {
      expect(codeOf(await t.gql(CREATE, { input }, client)), JSON.stringify(input)).toBe('BAD_USER_INPUT')
    }
    // Admin scopes are an admin's to grant.
    expect(codeOf(await t.gql(CREATE, { input: { name: 'x', scopes: ['users:read'] } }, client))).toBe('FORBIDDEN')
    expect(await t.database.db.select().from(accessTokens)).toHaveLength(before.length)
    // Made-up and mistyped secrets: 401 without a read.
    for (const bogus of ['cat_', 'cat_abc', `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`]) {
      expect((await t.gql('query { channels { id } }', {}, bogus)).status).toBe(401)
    }
    t.clock.advance(31 * 86_400)
    try {
      const res = await t.gql('query { channels { id } }', {}, secret)
      expect(res.status).toBe(401)
      expect(res.body.errors[0].message).toMatch(/expired/)
    } finally {
      t.clock.advance(-31 * 86_400)
    }
  })

  it('records the last use (time and address); admins list and revoke anyone’s tokens, others may not', async () => {
    const { secret, token } = await make({ scopes: ['channel:read'] })
    await t.gql('query { channels { id } }', {}, secret)
    let seen: { lastUsedAt: string | null; lastUsedAddress: string | null } | undefined
    for (let i = 0; i < 50 && !seen?.lastUsedAt; i++) {
      const mine = await t.gql('query { myAccessTokens { id lastUsedAt lastUsedAddress } }', {}, client)
      seen = mine.body.data.myAccessTokens.find((x: { id: string }) => x.id === token.id)
      if (!seen?.lastUsedAt) await new Promise((r) => setTimeout(r, 20))
    }
    expect(seen?.lastUsedAt).toBeTruthy()
    expect(seen?.lastUsedAddress).toBe('local')

    expect(codeOf(await t.gql('query { accessTokens { id } }', {}, client))).toBe('FORBIDDEN')
    const all = await t.gql('query { accessTokens { id userId } }', {}, admin)
    expect(all.body.data.accessTokens.map((x: { id: string }) => x.id)).toContain(token.id)
    const reseller = (await t.loginAs('reseller')).accessToken
    expect(codeOf(await t.gql('mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: token.id }, reseller))).toBe('NOT_FOUND')
    expect((await t.gql('mutation($id: ID!) { revokeAccessToken(id: $id) }', { id: token.id }, admin)).body.data.revokeAccessToken).toBe(true)
    expect((await t.gql('query { channels { id } }', {}, secret)).status).toBe(401)
  })

  it('rate limits each token: RateLimit-* headers, then 429 with Retry-After', async () => {
    const { secret } = await make({ scopes: ['channel:read', 'commands:read'] })
    const call = () => t.app.request(`/api/v1/channels/${channelId}/commands`, { headers: { authorization: `Bearer ${secret}` } })
    const first = await call()
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('40')
    expect(first.headers.get('ratelimit-remaining')).toBe('39')
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    for (let i = 1; i < 40; i++) expect((await call()).status).toBe(200)
    const refused = await call()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    // Per token: another token of the same owner is not held back, nor is the owner's sign-in.
    const { secret: other } = await make({ scopes: ['channel:read'] })
    expect((await t.gql('query { channels { id } }', {}, other)).status).toBe(200)
    expect((await t.gql('query { channels { id } }', {}, client)).status).toBe(200)
  })
})

const redisUrl = process.env.TEST_REDIS_URL

/** Two server processes (two apps) with one Redis: a token's count is theirs together. Runs where TEST_REDIS_URL is set. */
describe.skipIf(!redisUrl)('the token rate limit across processes (Redis)', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const env = { ...UNLIMITED_ABUSE, ACCESS_TOKEN_RATE_LIMIT: '4', REDIS_URL: redisUrl! }
    a = await createTestApp('pglite', env)
    b = await createTestApp('pglite', env)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('counts the calls made through every process against the one limit', async () => {
    const client = (await a.loginAs('client')).accessToken
    const made = await a.gql(CREATE, { input: { name: 'shared', scopes: ['channel:read'] } }, client)
    const secret = made.body.data.createAccessToken.secret as string
    const call = (app: TestApp) =>
      app.app.request('/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ channels { id } }' }),
      })
    expect((await call(a)).status).toBe(200)
    expect((await call(a)).status).toBe(200)
    // The other process counts before it looks the token up (its own database does not know it: 401, still counted).
    expect((await call(b)).headers.get('ratelimit-remaining')).toBe('1')
    expect((await call(b)).headers.get('ratelimit-remaining')).toBe('0')
    const refused = await call(a)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
