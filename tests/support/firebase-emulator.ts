import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** firebase-tools' CLI, from devDependencies (no npx: nothing is looked up or downloaded). */
const CLI = resolve('node_modules/firebase-tools/lib/bin/firebase.js')

/** Whether firebase-tools is installed (it is in devDependencies, so CI runs the emulator tests). */
export const firebaseToolsPresent = existsSync(CLI)
export const FIREBASE_TOOLS_MISSING = 'firebase-tools is not installed (npm install): the Firebase Auth emulator tests are skipped'

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string
  projectId: string
  /** The emulator's REST API (the same as Google's identitytoolkit, under the emulator). */
  signUp(email: string, password: string): Promise<{ idToken: string; localId: string }>
  signIn(email: string, password: string): Promise<{ idToken: string; localId: string }>
  /** Deletes every account of the project. */
  clear(): Promise<void>
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => done(port))
    })
  })
}

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline, UI off) on free ports for a
 * `demo-` project, and waits until it is ready. One per test file; `stop()` ends it.
 */
export async function startAuthEmulator(projectId = `demo-assistant-${process.pid}-${Math.floor(Math.random() * 1e6)}`): Promise<AuthEmulator> {
  if (!firebaseToolsPresent) throw new Error(FIREBASE_TOOLS_MISSING)
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()]
  const dir = mkdtempSync(join(tmpdir(), 'firebase-emulator-'))
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  )
  const child: ChildProcess = spawn(process.execPath, [CLI, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    // CI: firebase-tools then skips its message-of-the-day fetch, which waits for the network this machine lacks.
    env: { ...process.env, HOME: process.env.HOME ?? dir, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Auth emulator did not start in 90 s:\n${output}`)), 90_000)
    const check = () => {
      if (output.includes('All emulators ready')) {
        clearTimeout(timer)
        done()
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Auth emulator exited (${code}):\n${output}`))
    })
  })
  const host = `127.0.0.1:${auth}`
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/${path}?key=fake-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const data = (await res.json()) as { idToken: string; localId: string; error?: { message: string } }
    if (!res.ok) throw new Error(`emulator ${path}: ${data.error?.message ?? res.status}`)
    return data
  }
  return {
    host,
    projectId,
    // The emulator's sign-up token can read as revoked: its auth_time is the request's start
    // (whole seconds) and the account's validSince is taken after the password is hashed, so a
    // second boundary between the two (likelier on a loaded machine) makes firebase-admin's
    // revocation check refuse the token (firebase-tools issue 3677). A sign-in right after
    // gives a token whose auth_time is not before validSince; the account is the one created.
    async signUp(email, password) {
      const created = await call('accounts:signUp', { email, password, returnSecureToken: true })
      const signedIn = await call('accounts:signInWithPassword', { email, password, returnSecureToken: true })
      return { ...created, idToken: signedIn.idToken }
    },
    signIn: (email, password) => call('accounts:signInWithPassword', { email, password, returnSecureToken: true }),
    async clear() {
      await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done))
        process.kill(-child.pid!, 'SIGINT')
        const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
