/**
 * What a personal access token costs a request, against a sign-in's JWT (issue 32), in process
 * on PGlite (and PostgreSQL when TEST_DATABASE_URL is set):
 *   npx tsx tests/bench/token-check.ts [--iterations 20000] [--requests 2000]
 * Prints, for each kind of bearer value: the caller lookups per request (the principal cache,
 * counted by wrapping services.auth.principalFromToken), the check alone with the cache warm
 * (PRINCIPAL_CACHE_MS on) and cold (0: a read each time), and a whole REST request
 * (GET /api/v1/channels/:id/commands, whose token path adds the rate-limit count and the last
 * use). Bounded in count, stops by itself; it asserts nothing on time.
 */
import { UNLIMITED_ABUSE, createTestApp, type TestApp } from '../support/test-app'
import { engines } from '../support/databases'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const iterations = arg('iterations', 20000)
const requests = arg('requests', 2000)
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`

async function bearers(t: TestApp) {
  const jwt = (await t.loginAs('client')).accessToken
  const channel = await t.gql('mutation { connectSandboxChannel { id } }', {}, jwt)
  const made = await t.gql(
    'mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret } }',
    { input: { name: 'bench', scopes: ['channel:read', 'commands:read'] } },
    jwt,
  )
  return { jwt, pat: made.body.data.createAccessToken.secret as string, channelId: channel.body.data.connectSandboxChannel.id as string }
}

async function checkAlone(t: TestApp, bearer: string, n: number) {
  for (let i = 0; i < n / 10; i++) await t.services.auth.principalFromToken(bearer)
  const started = performance.now()
  for (let i = 0; i < n; i++) await t.services.auth.principalFromToken(bearer)
  return (performance.now() - started) / n
}

for (const engine of engines) {
  for (const cacheMs of ['10000', '0']) {
    const t = await createTestApp(engine, { ...UNLIMITED_ABUSE, PRINCIPAL_CACHE_MS: cacheMs })
    try {
      const { jwt, pat, channelId } = await bearers(t)
      const n = cacheMs === '0' ? Math.min(iterations, 2000) : iterations
      const line: string[] = []
      for (const [kind, bearer] of [
        ['JWT', jwt],
        ['token', pat],
      ] as const) {
        const alone = await checkAlone(t, bearer, n)
        // Lookups per request, counted on the one entry point every door uses.
        const auth = t.services.auth
        const original = auth.principalFromToken
        let lookups = 0
        auth.principalFromToken = (v: string) => {
          lookups++
          return original(v)
        }
        const latencies: number[] = []
        const path = `/api/v1/channels/${channelId}/commands`
        for (let i = 0; i < requests; i++) {
          const t0 = performance.now()
          const res = await t.app.request(path, { headers: { authorization: `Bearer ${bearer}` } })
          await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`${kind}: ${res.status}`)
          latencies.push(performance.now() - t0)
        }
        const gql = await t.app.request('/graphql', {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ channels { id } }' }),
        })
        if (gql.status !== 200) throw new Error(`${kind} GraphQL: ${gql.status}`)
        auth.principalFromToken = original
        latencies.sort((a, b) => a - b)
        line.push(
          `${kind}: ${(lookups / (requests + 1)).toFixed(2)} caller lookups/request; check alone ${us(alone)}; REST request p50 ${us(pct(latencies, 50))} p99 ${us(pct(latencies, 99))}`,
        )
      }
      console.log(`${engine}, PRINCIPAL_CACHE_MS=${cacheMs}:\n  ${line.join('\n  ')}`)
    } finally {
      await t.close()
    }
  }
}
