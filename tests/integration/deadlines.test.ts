import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asServiceUnavailable } from '../../server/src/db/resilience'
import { requestDeadline } from '../../server/src/http/deadline'
import { channels } from '../../server/src/modules/channels/channels.tables'
import type { AppEnv } from '../../server/src/http/guarded'
import { readSse } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

/** Holds the database until released: PostgreSQL, an exclusive lock on users from another session; PGlite, its one connection in a transaction. */
async function holdDatabase(t: TestApp): Promise<() => Promise<void>> {
  if (t.database.kind === 'postgres') {
    const c = new pg.Client({ connectionString: t.config.DATABASE_URL })
    await c.connect()
    await c.query('begin')
    await c.query('lock table users in access exclusive mode')
    return async () => {
      await c.query('rollback')
      await c.end()
    }
  }
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  let holding!: () => void
  const held = new Promise<void>((r) => (holding = r))
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`)
    holding()
    await gate
  })
  await held
  return async () => {
    release()
    await done
  }
}

/** Checks out `size` pooled connections (the test app's pool size) in open transactions until released. */
async function holdPool(t: TestApp, size: number): Promise<() => Promise<void>> {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  let started = 0
  const all = Array.from({ length: size }, () =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      started++
      await gate
    }),
  )
  while (started < size) await new Promise((r) => setTimeout(r, 10))
  return async () => {
    release()
    await Promise.all(all)
  }
}

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = []
  const log = pino({ level: 'warn' }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) })
  return { log, lines }
}

describe.each(engines)('deadlines on %s', (engine) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(engine, { DB_QUERY_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '2000', READYZ_TIMEOUT_MS: '300' })
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it('answers a REST read stuck on the database with a coded 503, and normally once it is free', async () => {
    const release = await holdDatabase(t)
    try {
      const res = await t.json('GET', '/apps/user/users', undefined, { authorization: `Bearer ${admin}` })
      expect(res.status).toBe(503)
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE')
    } finally {
      await release()
    }
    expect((await t.json('GET', '/apps/user/users', undefined, { authorization: `Bearer ${admin}` })).status).toBe(200)
  })

  it('keeps the code in extensions.code on GraphQL', async () => {
    const release = await holdDatabase(t)
    try {
      const res = await t.gql('{ users(first: 1) { totalCount } }', {}, admin)
      expect(res.status).toBe(503)
      expect(res.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE')
      expect(res.body.errors[0].message).not.toMatch(/select|users/i)
    } finally {
      await release()
    }
    const ok = await t.gql('{ users(first: 1) { totalCount } }', {}, admin)
    expect(ok.body.errors).toBeUndefined()
  })

  it('turns /readyz unready while the database does not answer', async () => {
    expect((await t.json('GET', '/readyz')).status).toBe(200)
    // PostgreSQL answers `select 1` despite a table lock: there, every pooled connection is held.
    const release = engine === 'postgres' ? await holdPool(t, 4) : await holdDatabase(t)
    try {
      const res = await t.json('GET', '/readyz')
      expect(res.status).toBe(503)
      expect(res.body.status).toBe('unavailable')
    } finally {
      await release()
    }
    expect((await t.json('GET', '/readyz')).status).toBe(200)
  })

  it('gives up a transaction that cannot start in time; its work never runs', async () => {
    const release = await holdDatabase(t)
    let ran = false
    let failure: unknown
    try {
      await t.database.db
        .transaction(async (tx) => {
          ran = true
          await tx.execute(sql`update users set company = 'late' where id = 1`)
        })
        .catch((e: unknown) => (failure = e))
    } finally {
      await release()
    }
    expect(asServiceUnavailable(failure)?.code).toBe('SERVICE_UNAVAILABLE')
    await t.database.db.execute(sql`select 1`) // the queue has drained
    if (engine === 'pglite') expect(ran).toBe(false)
    const rows = await t.database.db.execute(sql`select count(*)::int as n from users where company = 'late'`)
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0)
  })

  it.runIf(engine === 'postgres')('cancels a statement that runs past the deadline (statement_timeout)', async () => {
    const failure = await t.database.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e)
    expect(asServiceUnavailable(failure)?.code).toBe('SERVICE_UNAVAILABLE')
    expect((await t.json('GET', '/readyz')).status).toBe(200)
  })

  it('does not cut a chatMessages subscription (SSE) at the request deadline', async () => {
    const client = await t.loginAs('client')
    const [channel] = await t.database.db
      .insert(channels)
      .values({ userId: Number(client.userData.id), platform: 'twitch', platformUserId: `d-${engine}`, login: 'deadline', displayName: 'Deadline' })
      .returning()
    const res = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${client.accessToken}` },
      body: JSON.stringify({ query: `subscription { chatMessages(channelId: "${channel!.id}") { text } }` }),
    })
    expect(res.status).toBe(200)
    // Past this app's REQUEST_TIMEOUT_MS (2000), the stream still delivers.
    const publish = () =>
      t.services.pubsub.publish('chatMessage', String(channel!.id), {
        id: '1',
        channelId: String(channel!.id),
        platformMessageId: 'm1',
        userId: 'u1',
        userLogin: 'viewer',
        userName: 'Viewer',
        text: 'after the deadline',
        roles: [],
        fromBot: false,
        at: new Date().toISOString(),
      })
    setTimeout(publish, 2300)
    const line = await readSse(res, (d) => d.data?.chatMessages?.text as string | undefined, 10_000)
    expect(line).toBe('after the deadline')
  })

  it('the request deadline of the app answers 503, with the usual headers, when the database call outlasts it', async () => {
    const slowDb = await createTestApp(engine, { DB_QUERY_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '300' })
    try {
      const token = (await slowDb.loginAs('admin')).accessToken
      const release = await holdDatabase(slowDb)
      let res: Response
      try {
        res = await slowDb.app.request('/apps/user/users', { headers: { authorization: `Bearer ${token}` } })
      } finally {
        await release()
      }
      expect(res.status).toBe(503)
      expect(((await res.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      await slowDb.close()
    }
  })

  it('the request deadline answers 503 and logs the statement it was waiting for', async () => {
    const { log, lines } = capturingLogger()
    const app = new Hono<AppEnv>()
    // Longer than the request deadline below, so the request deadline is what fires.
    app.use('*', requestDeadline({ ms: 150, log }))
    app.get('/slow', async (c) => {
      await t.database.db.execute(sql`select count(*) from users where company = 'waiting-for-this'`).catch(() => {})
      return c.json({ ok: true })
    })
    const release = await holdDatabase(t)
    try {
      const res = await app.request('/slow')
      expect(res.status).toBe(503)
      expect(((await res.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE')
    } finally {
      await release()
    }
    const line = lines.find((l) => l.msg === 'request deadline exceeded')
    expect(line).toMatchObject({ path: '/slow', route: '/slow' })
    expect(JSON.stringify(line?.waitingFor)).toContain('waiting-for-this')
  })
})

describe('request deadline and streaming responses', () => {
  it('does not cut a response that has started streaming (SSE subscriptions)', async () => {
    const { log, lines } = capturingLogger()
    const app = new Hono<AppEnv>()
    app.use('*', requestDeadline({ ms: 100, log }))
    let push!: (s: string) => void
    app.get('/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (s) => controller.enqueue(new TextEncoder().encode(s))
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    })
    const res = await app.request('/stream')
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    // Well past the deadline, the stream still delivers.
    setTimeout(() => push('event: next\ndata: {}\n\n'), 300)
    const { value } = await reader.read()
    expect(new TextDecoder().decode(value)).toContain('event: next')
    await reader.cancel()
    expect(lines).toHaveLength(0)
  })
})
