/**
 * The HTTP load generator of the benches, in a process of its own (never the server's):
 *   node --import tsx tests/bench/http-load.ts '<json LoadSpec>'
 * Drives autocannon over keep-alive connections and prints one JSON line (LoadResult). Every
 * answer must be 200 without a GraphQL `"errors"` key, else it counts as a failure.
 */
import autocannon from 'autocannon'

export interface LoadRequest {
  path: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

export interface LoadSpec {
  url: string
  requests: LoadRequest[]
  amount: number
  connections: number
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  n: number
  failures: number
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec
// The rate is timed here, from the start to the last answer: autocannon notices the end of an
// `amount` run only at its next one-second tick, so its `duration` is rounded up to whole
// seconds (3,000 answers in 2.1 s read as 1,000 a second).
let started = 0
let last = 0
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const run = autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      amount: spec.amount,
      requests: spec.requests,
      verifyBody: (body) => !String(body ?? '').includes('"errors"'),
    },
    (err, res) => (err ? reject(err) : resolve(res)),
  )
  run.on('start', () => (started = performance.now()))
  run.on('response', () => (last = performance.now()))
})
const done = result.requests.total
const failures = result.non2xx + result.errors + result.timeouts + result.mismatches
const out: LoadResult = { rps: done / ((last - started) / 1000), p50: result.latency.p50, p99: result.latency.p99, n: done, failures }
process.stdout.write(`${JSON.stringify(out)}\n`)
