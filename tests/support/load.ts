/**
 * A small mixed load against a running server (sign-ins, reads, profile writes, user
 * creations), counting every answer by status and code, and remembering every write the
 * server acknowledged so that a test can check none was lost.
 */
import type { Credentials } from './child-server'

export interface LoadStats {
  sent: number
  ok: number
  /** "503 SERVICE_UNAVAILABLE", "500 INTERNAL_SERVER_ERROR", … → count. */
  failed: Record<string, number>
  /** fetch threw (connection refused or reset): the process was not answering. */
  transportErrors: number
  /** Ids of users whose creation was answered 201. */
  createdIds: number[]
  /** Highest profile write (company `<tag>-<n>` of the client) answered OK, and the highest sent. */
  profile: { tag: string; lastAcked: number; lastSent: number }
  /** Time of the last successful answer (performance.now()). */
  lastOkAt: number
}

export interface Load {
  stats: LoadStats
  stop(): Promise<LoadStats>
}

interface Answer {
  status: number
  body: any
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null }
  } catch {
    return { status: res.status, body: text }
  }
}

/** Signs in, retrying while the server answers 503 (it may be recovering). */
export async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await call(base, 'POST', '/jwt/login', who).catch(() => null)
    if (res?.status === 200) return (res.body as { accessToken: string }).accessToken
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`sign-in as ${who.email} failed`)
}

/** The code of a failed answer: REST `{code}` or GraphQL `errors[0].extensions.code`. */
function codeOf(a: Answer): string | undefined {
  const b = a.body as { code?: string; errors?: Array<{ extensions?: { code?: string } }> } | null
  return b?.code ?? b?.errors?.[0]?.extensions?.code
}

/**
 * Starts `workers` closed loops, each pausing `pauseMs` between requests. Worker 0 alone
 * writes the client's profile (so its writes are ordered); the others sign in, read and
 * create users (as admin) in turn.
 */
export async function startLoad(base: string, demo: Credentials, opts: { workers?: number; pauseMs?: number; tag?: string } = {}): Promise<Load> {
  const admin = await signIn(base, demo.admin)
  const client = await signIn(base, demo.client)
  const tag = opts.tag ?? Math.random().toString(36).slice(2, 8)
  const stats: LoadStats = {
    sent: 0,
    ok: 0,
    failed: {},
    transportErrors: 0,
    createdIds: [],
    profile: { tag, lastAcked: 0, lastSent: 0 },
    lastOkAt: performance.now(),
  }
  let running = true
  let seq = 0

  async function one(kind: number, worker: number): Promise<void> {
    let answer: Answer
    let profileSeq = 0
    stats.sent++
    try {
      if (worker === 0) {
        profileSeq = ++stats.profile.lastSent
        answer = await call(
          base,
          'POST',
          '/graphql',
          { query: 'mutation($c: String) { updateAccountGeneral(input: { company: $c }) { general { company } } }', variables: { c: `${tag}-${profileSeq}` } },
          client,
        )
      } else if (kind === 0) answer = await call(base, 'POST', '/jwt/login', demo.client)
      else if (kind === 1) answer = await call(base, 'GET', '/apps/user/users?perPage=5', undefined, admin)
      else if (kind === 2) answer = await call(base, 'POST', '/graphql', { query: '{ users(first: 5) { totalCount edges { node { id } } } }' }, admin)
      else {
        const name = `load-${tag}-${++seq}`
        answer = await call(
          base,
          'POST',
          '/apps/user/users',
          { user: { username: name, email: `${name}@example.com`, role: 'client', currentPlan: 'Starter' } },
          admin,
        )
        if (answer.status === 201) stats.createdIds.push(Number((answer.body as { user: { id: number } }).user.id))
      }
    } catch {
      stats.transportErrors++
      return
    }
    const graphqlFailed = Array.isArray((answer.body as { errors?: unknown } | null)?.errors)
    if (answer.status < 300 && !graphqlFailed) {
      stats.ok++
      stats.lastOkAt = performance.now()
      if (profileSeq) stats.profile.lastAcked = Math.max(stats.profile.lastAcked, profileSeq)
      return
    }
    const key = `${answer.status} ${codeOf(answer) ?? 'no code'}`
    stats.failed[key] = (stats.failed[key] ?? 0) + 1
  }

  const loops = Array.from({ length: opts.workers ?? 4 }, async (_, worker) => {
    for (let i = worker; running; i++) {
      await one(i % 4, worker)
      await new Promise((r) => setTimeout(r, opts.pauseMs ?? 20))
    }
  })
  return {
    stats,
    async stop() {
      running = false
      await Promise.all(loops)
      return stats
    },
  }
}

/** Failures that are not a coded 503 SERVICE_UNAVAILABLE (must be none). */
export function unexpectedFailures(stats: LoadStats): Record<string, number> {
  return Object.fromEntries(Object.entries(stats.failed).filter(([k]) => k !== '503 SERVICE_UNAVAILABLE'))
}

/** Which acknowledged writes are missing: created users not found, and the profile behind its last acknowledged write. */
export async function lostWrites(base: string, demo: Credentials, stats: LoadStats): Promise<{ users: number[]; profile: boolean }> {
  const admin = await signIn(base, demo.admin)
  const client = await signIn(base, demo.client)
  const users: number[] = []
  for (const id of stats.createdIds) {
    // A 503 (OVERLOADED, SERVICE_UNAVAILABLE: a server just restarted on a busy machine) says
    // nothing about the data: asked again. Anything else but 200 is a lost write.
    let res = await call(base, 'GET', `/apps/user/users/${id}`, undefined, admin)
    for (let attempt = 0; res.status === 503 && attempt < 40; attempt++) {
      await new Promise((r) => setTimeout(r, 250))
      res = await call(base, 'GET', `/apps/user/users/${id}`, undefined, admin)
    }
    if (res.status !== 200) users.push(id)
  }
  const settings = () => call(base, 'POST', '/graphql', { query: '{ accountSettings { general { company } } }' }, client)
  let me = await settings()
  for (let attempt = 0; me.status === 503 && attempt < 40; attempt++) {
    await new Promise((r) => setTimeout(r, 250))
    me = await settings()
  }
  const company = String((me.body as { data?: { accountSettings?: { general?: { company?: string } } } }).data?.accountSettings?.general?.company ?? '')
  const [storedTag, n] = company.split('-')
  const stored = storedTag === stats.profile.tag ? Number(n) : 0
  return { users, profile: stored < stats.profile.lastAcked }
}

/**
 * Polls a read (the admin's user list) until it answers 200; the milliseconds from `since`
 * (performance.now()) to that answer. Throws after `timeoutMs`.
 */
export async function recoveryMs(base: string, token: string, since: number, alive: () => boolean, timeoutMs = 30_000): Promise<number> {
  const until = performance.now() + timeoutMs
  while (performance.now() < until) {
    if (!alive()) throw new Error('the server process exited')
    const res = await call(base, 'GET', '/apps/user/users?perPage=1', undefined, token).catch(() => null)
    if (res?.status === 200) return performance.now() - since
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`the server did not answer a read normally within ${timeoutMs} ms`)
}

/** The server's admission counts (`/healthz?details`): why requests were refused. */
export interface AdmissionCounts {
  refused: number
  standing: number
  lagging: number
  timedOut: number
}

export async function admissionCounts(base: string): Promise<AdmissionCounts> {
  const res = await fetch(`${base}/healthz?details`)
  return ((await res.json()) as { admission: AdmissionCounts }).admission
}

/** What `after - before` refused, as one line: at once (standing queue, loop lag, queue full) and after waiting. */
export function refusalReasons(before: AdmissionCounts, after: AdmissionCounts): string {
  const d = (k: keyof AdmissionCounts) => after[k] - before[k]
  const full = d('refused') - d('standing') - d('lagging')
  return `refused at once ${d('refused')} (queue full ${full}, standing queue ${d('standing')}, loop lag ${d('lagging')}), waited too long ${d('timedOut')}`
}
