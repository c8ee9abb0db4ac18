/**
 * The compose stack for real (docker-compose.yml): build, `up`, the settings file, sign in through the proxy,
 * create a user, bring the app replicas back on new addresses, kill one app replica under a
 * small load, restart PostgreSQL, `down -v`.
 * Needs a Docker engine and compose (`docker compose` or `docker-compose`); tests/run-all.ts
 * runs this project only when `docker info` answers. Image names come from the environment
 * (NODE_IMAGE, POSTGRES_IMAGE, REDIS_IMAGE, NGINX_IMAGE; CI: scripts/docker/build-local-images.sh).
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const compose: string[] = spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', 'compose'] : ['docker-compose']
const project = `ca-compose-${process.pid}`
// One tag for every run: a rebuild of unchanged sources is the same image, and a changed one
// replaces it (a tag per run left a ~480 MB image behind each time).
const APP_IMAGE = 'ca-compose-app:test'
const secrets = {
  JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
  CHANNEL_TOKEN_KEY: randomBytes(32).toString('base64'),
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
}

function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 600_000) {
  const [bin, ...rest] = [...compose, '-p', project, ...args]
  const res = spawnSync(bin!, rest, { env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
  return { status: res.status, out: `${res.stdout ?? ''}${res.stderr ?? ''}` }
}

function must(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): string {
  const res = run(args, env, timeoutMs)
  if (res.status !== 0) throw new Error(`${compose.join(' ')} ${args.join(' ')} failed:\n${res.out.slice(-4000)}`)
  return res.out
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `check` until it answers true; throws with the last error after `ms`. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms
  let last: unknown
  while (Date.now() < end) {
    try {
      if (await check()) return
    } catch (e) {
      last = e
    }
    await sleep(500)
  }
  throw new Error(`${what}: not within ${ms / 1000} s (${String(last)})`)
}

const engine = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0

describe.skipIf(!engine)('docker-compose.yml', () => {
  let env: NodeJS.ProcessEnv
  let base = ''
  let up = false

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })

  const signIn = async (email: string, password: string) => {
    const res = await post('/jwt/login', { email, password })
    expect(res.status).toBe(200)
    return ((await res.json()) as { accessToken: string }).accessToken
  }

  let adminPassword = ''
  let token = ''

  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    // Demo accounts as a user turns them on: in the settings file (compose's environment does not name DEMO).
    mkdirSync('.tmp', { recursive: true })
    const settings = `${process.cwd()}/.tmp/compose-demo.env`
    writeFileSync(settings, 'DEMO=on\nDEMO_IN_PRODUCTION=yes\n')
    env = { ...process.env, ...secrets, HTTP_PORT: String(port), APP_ENV_FILE: settings, APP_IMAGE: APP_IMAGE, PUBLIC_URL: base }
    const building = new Date(Date.now() - 1000).toISOString()
    must(['build'], env, 1_200_000)
    // What earlier builds left untagged (their build stages, about 1.6 GB each, and the images
    // this tag named before); this build's stay as the next one's layer cache.
    spawnSync('docker', ['image', 'prune', '-f', '--filter', 'label=org.opencontainers.image.title=channel-assistant', '--filter', `until=${building}`], {
      stdio: 'ignore',
    })
    up = true
    must(['up', '-d'], env, 600_000)
    await until('the app answering /readyz through the proxy', 180_000, async () => (await fetch(`${base}/readyz`)).ok)
    // Printed once by the replica that seeded the demo accounts.
    await until('the demo accounts in the app logs', 30_000, async () => {
      adminPassword = /admin\s+admin@demo\.local\s+(\S+)/.exec(run(['logs', '--no-color', 'app'], env).out)?.[1] ?? ''
      return adminPassword !== ''
    })
  }, 1_900_000)

  afterAll(() => {
    if (!up) return
    // The stack's logs stay for reading after the run.
    mkdirSync('.tmp', { recursive: true })
    writeFileSync('.tmp/compose-logs.txt', run(['logs', '--no-color', '--tail', '300'], env).out)
    run(['down', '-v', '--remove-orphans', '--timeout', '10'], env, 180_000)
  }, 200_000)

  it('refuses to start without JWT_ACCESS_SECRET (no default secret)', () => {
    const without = { ...env }
    delete without.JWT_ACCESS_SECRET
    const res = run(['config', '-q'], without)
    expect(res.status).not.toBe(0)
    expect(res.out).toContain('JWT_ACCESS_SECRET')
  })

  it("passes APP_ENV_FILE's settings to the app and the worker, its own environment winning", () => {
    const file = `${process.cwd()}/.tmp/compose-app.env`
    writeFileSync(file, 'TWITCH_CLIENT_ID=from-the-env-file\nJWT_ACCESS_SECRET=not-this-one\nDEMO=on\n')
    const res = run(['config'], { ...env, APP_ENV_FILE: file })
    expect(res.status, res.out).toBe(0)
    for (const service of ['app', 'worker']) {
      const block = res.out.split(new RegExp(`^  ${service}:$`, 'm'))[1]!.split(/^ {2}\w+:$/m)[0]!
      expect(block).toContain('TWITCH_CLIENT_ID: from-the-env-file')
      // A setting compose leaves alone comes from the file as written.
      expect(block).toMatch(/DEMO: ['"]?on/)
      expect(block).toContain(`JWT_ACCESS_SECRET: ${secrets.JWT_ACCESS_SECRET}`)
      expect(block).not.toContain('not-this-one')
    }
  })

  it('publishes only the proxy port, on 127.0.0.1', () => {
    const ports = run(['ps'], env).out
    const published = [...ports.matchAll(/(\d+\.\d+\.\d+\.\d+|\[?::\]?):(\d+)->/g)].map((m) => `${m[1]}:${m[2]}`)
    expect(published.length).toBeGreaterThan(0)
    expect(new Set(published)).toEqual(new Set([`127.0.0.1:${new URL(base).port}`]))
  })

  it('signs in through the proxy and creates a user', async () => {
    token = await signIn('admin@demo.local', adminPassword)
    const res = await post(
      '/apps/user/users',
      { user: { username: 'compose_client', email: 'compose.client@example.com', fullName: 'Compose Client', currentPlan: 'pro', totalDays: 30 } },
      token,
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe('compose.client@example.com')
  })

  it('reaches the app replicas when they come back on new addresses, and once it does every request does', async () => {
    const ids = must(['ps', '-q', 'app'], env).trim().split('\n').filter(Boolean)
    expect(ids).toHaveLength(2)
    const inspect = (id: string, format: string) =>
      spawnSync('docker', ['inspect', '-f', format, id], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean)
    const addresses = (id: string) => inspect(id, '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}')
    const before = ids.flatMap(addresses)
    const [network] = inspect(ids[0]!, '{{range $name, $n := .NetworkSettings.Networks}}{{$name}} {{end}}')
    expect(before).toHaveLength(2)
    // The proxy looks "app" up now (the old addresses), in every worker process it has: requests
    // at once, on as many connections. The replicas move soon after, while nginx may still
    // keep that answer (with 5 s and two workers, the reverted config, this test failed).
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) })
        await res.body?.cancel()
      }),
    )
    // From the replicas' start on, requests come through the proxy on several connections;
    // every answer is kept, in order.
    let polling = false
    const back: number[] = []
    const poll = async () => {
      while (polling) {
        let status: number
        try {
          const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) })
          status = res.status
          await res.body?.cancel()
        } catch {
          status = 0
        }
        back.push(status)
        await sleep(20)
      }
    }
    let pollers: Promise<void>[] = []
    const holders: string[] = []
    try {
      must(['stop', '--timeout', '10', 'app'], env, 120_000)
      // Placeholders on the network take the freed addresses, so the replicas come back with others.
      while (!before.every((a) => holders.flatMap(addresses).includes(a)) && holders.length < 8) {
        const started = spawnSync('docker', ['run', '-d', '--rm', '--network', network!, '--entrypoint', 'sleep', env.APP_IMAGE!, '600'], { encoding: 'utf8' })
        expect(started.status, started.stderr).toBe(0)
        holders.push(started.stdout.trim())
      }
      must(['start', 'app'], env, 120_000)
      polling = true
      pollers = Array.from({ length: 4 }, poll)
      const after = ids.flatMap(addresses)
      expect(after).toHaveLength(2)
      expect(after.filter((a) => before.includes(a))).toEqual([])
      await until('the app answering through the proxy again', 180_000, async () => (await fetch(`${base}/readyz`)).ok)
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) {
        const res = await post('/graphql', { query: '{ __typename }' }, token)
        statuses.push(res.status)
        await res.body?.cancel()
      }
      polling = false
      await Promise.all(pollers)
      expect(statuses).toEqual(Array<number>(20).fill(200))
      // From the proxy's first answer after the move on, no request fails (with a worker process
      // still on the old addresses and another on the new ones, 502 and 200 came in turn).
      const first = back.indexOf(200)
      console.log(`new addresses: ${back.length} requests after the start; the first answered: #${first + 1}`)
      expect(first).toBeGreaterThanOrEqual(0)
      expect(back.slice(first).filter((s) => s !== 200)).toEqual([])
    } finally {
      polling = false
      await Promise.all(pollers)
      if (holders.length) spawnSync('docker', ['rm', '-f', ...holders], { stdio: 'ignore' })
    }
  })

  it('loses no request beyond the in-flight ones when an app replica is killed under load', async () => {
    const ids = must(['ps', '-q', 'app'], env).trim().split('\n').filter(Boolean)
    expect(ids).toHaveLength(2)
    const concurrency = 4
    let ok = 0
    let okAfterKill = 0
    let killed = false
    const failures: string[] = []
    let stop = false
    const worker = async () => {
      while (!stop) {
        try {
          const res = await post('/graphql', { query: '{ __typename }' }, token)
          if (res.status === 200) {
            ok++
            if (killed) okAfterKill++
          } else failures.push(`status ${res.status}`)
          await res.body?.cancel()
        } catch (e) {
          failures.push(String(e))
        }
      }
    }
    const load = Array.from({ length: concurrency }, worker)
    await sleep(2000)
    const beforeKill = ok
    spawnSync('docker', ['kill', '--signal', 'KILL', ids[0]!])
    killed = true
    await sleep(4000)
    stop = true
    await Promise.all(load)
    console.log(`load: ${beforeKill} answered before the kill, ${okAfterKill} after; failed: ${failures.length} (${failures.slice(0, 4).join('; ')})`)
    expect(beforeKill).toBeGreaterThan(0)
    expect(okAfterKill).toBeGreaterThan(0)
    // At most the requests in flight on the killed replica (one per load worker).
    expect(failures.length).toBeLessThanOrEqual(concurrency)
  })

  it('recovers after PostgreSQL restarts', async () => {
    must(['restart', 'postgres'], env, 120_000)
    await until(
      'sign-in after the PostgreSQL restart',
      90_000,
      async () => (await post('/jwt/login', { email: 'admin@demo.local', password: adminPassword })).status === 200,
    )
    const fresh = await signIn('admin@demo.local', adminPassword)
    const res = await post(
      '/apps/user/users',
      { user: { username: 'after_restart', email: 'after.restart@example.com', fullName: 'After Restart', currentPlan: 'pro', totalDays: 30 } },
      fresh,
    )
    expect(res.status).toBe(201)
  })
})
