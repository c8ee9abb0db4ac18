/**
 * The real server (the demo's entry point, `seed/start.ts`, through tsx, or its compiled build) as a child process, for tests and
 * benchmarks that kill it, cut its database or restart it on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'

export type Role = 'admin' | 'reseller' | 'client'
export type Credentials = Record<Role, { email: string; password: string }>

export interface ChildServer {
  url: string
  child: ChildProcess
  /** The demo accounts printed at the first start of a data directory (else those passed in). */
  demo: Credentials
  /** Everything the process wrote (its log lines are on stdout, crashes on stderr). */
  output: () => string
  /** null while it runs; else its exit code or signal. */
  exit: () => { code: number | null; signal: string | null } | null
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * The node arguments that run the server (`main`) or the bot worker (`worker`): the TypeScript
 * sources through tsx, or their compiled build in dist/server. `npm test` builds dist/server
 * from the sources just before the tests and sets TEST_COMPILED_SERVER=1, so every child process
 * starts from the build (seconds sooner than tsx compiling the sources at each start); run on
 * their own, tests use the sources, which are never stale.
 */
export function serverArgs(program: 'main' | 'worker', entry?: 'tsx' | 'compiled'): string[] {
  const compiled = (entry ?? (process.env.TEST_COMPILED_SERVER === '1' ? 'compiled' : 'tsx')) === 'compiled'
  // `main` as `npm start` runs it: DEMO's seeding included (seed/start.ts), through dist/start.js when compiled.
  if (compiled) return ['--enable-source-maps', program === 'main' ? 'dist/start.js' : 'dist/server/worker.js']
  return ['--import', 'tsx', program === 'main' ? 'seed/start.ts' : 'server/src/worker/main.ts']
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** Polls `url` until it answers 2xx or `timeoutMs` passes. */
export async function waitUntilOk(url: string, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!alive()) throw new Error(`process exited while waiting for ${url}`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/**
 * The environment of a deployed server, for the benches: NODE_ENV=production (graphql-js, for
 * one, checks every `instanceof` twice outside production), with secrets made for this run, as
 * production refuses weak ones.
 */
export function deployedEnv(): Record<string, string> {
  return { NODE_ENV: 'production', JWT_ACCESS_SECRET: randomBytes(48).toString('base64url'), CHANNEL_TOKEN_KEY: randomBytes(32).toString('base64') }
}

export async function startChildServer(opts: {
  env: Record<string, string>
  demo?: Credentials
  port?: number
  readyTimeoutMs?: number
  /** The TypeScript sources through tsx, or the compiled dist/start.js (`npm run build:server`); default: see `serverArgs`. */
  entry?: 'tsx' | 'compiled'
  /** Extra options for node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[]
}): Promise<ChildServer> {
  const port = opts.port ?? (await freePort())
  const args = serverArgs('main', opts.entry)
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_ACCESS_SECRET: 'child-server-secret-child-server-secret-0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_ITERATIONS: '1',
      CLIENT_DIST: '/nonexistent',
      WORKER_INLINE: 'on',
      // As in the in-process test app: the tests' loads are small, and a busy machine (not the
      // load) makes the event loop lag; refusals for lag would be noise here.
      MAX_LOOP_LAG_MS: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  let exit: { code: number | null; signal: string | null } | null = null
  let output = ''
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString()
    output += d.toString()
  })
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString()
    output += d.toString()
  })
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal }
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilOk(`${url}/readyz`, opts.readyTimeoutMs ?? 60_000, () => exit === null)
  } catch (e) {
    child.kill('SIGKILL')
    throw new Error(`${(e as Error).message}\n${stderr.slice(-2000)}`, { cause: e })
  }
  for (let i = 0; i < 100 && !opts.demo && !stdout.includes('@demo'); i++) await new Promise((r) => setTimeout(r, 20))
  const demo = opts.demo ?? parseDemoAccounts(stdout)
  return {
    url,
    child,
    demo,
    output: () => output,
    exit: () => exit,
    async stop(signal = 'SIGTERM') {
      if (exit) return
      child.kill(signal)
      const late = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(late)
    },
  }
}

function parseDemoAccounts(stdout: string): Credentials {
  const found: Partial<Credentials> = {}
  for (const m of stdout.matchAll(/^\s+(admin|reseller|client)\s+(\S+@\S+)\s+(\S+)\s*$/gm)) {
    found[m[1] as Role] = { email: m[2]!, password: m[3]! }
  }
  if (!found.admin || !found.client) throw new Error(`no demo accounts in the server's output:\n${stdout.slice(0, 500)}`)
  return found as Credentials
}
