import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { loadConfig } from '../../../server/src/config'
import { createLogger } from '../../../server/src/logger'
import { startServer, type Started } from '../../../server/src/server'
import { startKickServer, type KickServer } from '../../../server/src/platforms/sandbox/kick-server'
import { startTwitchServer, type TwitchServer } from '../../../server/src/platforms/sandbox/twitch-server'
import { demoSeeding } from '../../../seed/demo'
import { pgliteSnapshot } from '../../support/pglite-snapshot'
import { DEMO_PASSWORDS, TEST_DEADLINES } from '../../support/test-app'
import { openBrowsers } from './failure-dump'
import { browserForFile, CHROMIUM } from './browser-server'
import { signIn } from './pages'

export { DEMO_PASSWORDS }

export interface E2EPlatforms {
  twitch: TwitchServer
  kick: KickServer
}

export interface E2EOptions {
  /**
   * Start the local Twitch and Kick servers (server/src/platforms/sandbox) and point the app at them:
   * platform base URLs and client ids, and PUBLIC_URL on a port chosen up front so the
   * OAuth redirect comes back to this server. Kick webhooks are delivered to it.
   */
  platforms?: boolean
}

export interface E2E {
  server: Started
  browser: Browser
  /** With `platforms: true`. */
  platforms?: E2EPlatforms
  /** A fresh browser context (own storage) with one page. */
  newPage(): Promise<Page>
  /**
   * Stops the server and starts it again on the same port and data (`server` is the new one);
   * needs a fixed PORT and a DATA_DIR on disk. Open pages stay in the browser.
   */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * The real server (built client, PGlite in memory, demo accounts with known passwords) on a
 * free port, and Debian's Chromium driven by Playwright.
 */
export async function startE2E(env: Record<string, string> = {}, options: E2EOptions = {}): Promise<E2E> {
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is missing: run `npm run build` first')
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`)
  const platforms = options.platforms ? await startPlatforms() : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_ACCESS_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    LOG_LEVEL: 'silent',
    // Tests share the process (and a busy machine) with the server: no refusals for event-loop lag.
    MAX_LOOP_LAG_MS: '0',
    // Two browser test files (each a server and a Chromium) share the machine.
    ...TEST_DEADLINES,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    CLIENT_DIST: 'dist/client',
    // No demo sandbox channel unless a test asks for it (tests/e2e/sandbox.test.ts).
    SANDBOX: 'off',
    ...(platforms ? platforms.env : {}),
    ...env,
  })
  const server = await startServer(config, createLogger('silent'), {
    demo: demoSeeding,
    demoPasswords: DEMO_PASSWORDS,
    snapshot: config.DATA_DIR === 'memory://' ? await pgliteSnapshot() : undefined,
  })
  platforms?.kick.setWebhookTarget(async ({ headers, body }) => {
    const res = await fetch(`${server.url}/apps/webhooks/kick`, { method: 'POST', headers, body })
    await res.arrayBuffer()
    return { status: res.status }
  })
  // The run's one Chromium (browser-server.ts); closing this handle disconnects and closes this file's contexts.
  const browser = await browserForFile()
  openBrowsers.add(browser)
  const e2e: E2E = {
    server,
    browser,
    async restart() {
      if (config.PORT === 0 || config.DATA_DIR === 'memory://') throw new Error('restart needs a fixed PORT and a DATA_DIR on disk')
      await e2e.server.close()
      e2e.server = await startServer(config, createLogger('silent'), { demo: demoSeeding, demoPasswords: DEMO_PASSWORDS })
    },
    platforms: platforms ? { twitch: platforms.twitch, kick: platforms.kick } : undefined,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url })
      return context.newPage()
    },
    async close() {
      openBrowsers.delete(browser)
      await browser.close()
      await e2e.server.close()
      await platforms?.twitch.close()
      await platforms?.kick.close()
    },
  }
  return e2e
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

async function startPlatforms() {
  const [twitch, kick, port] = await Promise.all([startTwitchServer(), startKickServer(), freePort()])
  const env = {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    TWITCH_CLIENT_ID: twitch.clientId,
    TWITCH_CLIENT_SECRET: twitch.clientSecret,
    TWITCH_API_URL: twitch.apiUrl,
    TWITCH_AUTH_URL: twitch.authUrl,
    TWITCH_EVENTSUB_WS_URL: twitch.eventSubUrl,
    KICK_CLIENT_ID: kick.clientId,
    KICK_CLIENT_SECRET: kick.clientSecret,
    KICK_API_URL: kick.apiUrl,
    KICK_AUTH_URL: kick.authUrl,
  }
  return { twitch, kick, env }
}

/** A fresh browser page signed in as the demo client, on its dashboard. */
export async function clientPage(e2e: E2E): Promise<Page> {
  const page = await e2e.newPage()
  await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
  await page.waitForURL('**/dashboard/')
  return page
}

/** Closes the page's browser context and the server (either may be missing when set-up failed). */
export async function closeE2E(page: Page | undefined, e2e: E2E | undefined): Promise<void> {
  await page?.context().close()
  await e2e?.close()
}
