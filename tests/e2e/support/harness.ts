import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { loadConfig } from '../../../server/src/config'
import { createLogger } from '../../../server/src/logger'
import { startServer, type Started } from '../../../server/src/server'
import { DEMO_PASSWORDS } from '../../support/test-app'

export { DEMO_PASSWORDS }

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface E2E {
  server: Started
  browser: Browser
  /** A fresh browser context (own storage) with one page. */
  newPage(): Promise<Page>
  close(): Promise<void>
}

/**
 * The real server (built client, PGlite in memory, demo accounts with known passwords) on a
 * free port, and Debian's Chromium driven by Playwright.
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is missing: run `npm run build` first')
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`)
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_ACCESS_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    CLIENT_DIST: 'dist/client',
    ...env,
  })
  const server = await startServer(config, createLogger('silent'), { demoPasswords: DEMO_PASSWORDS })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url })
      return context.newPage()
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
