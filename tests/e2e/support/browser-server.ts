import { chromium, type Browser, type BrowserServer } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every browser test file of the run connects to (tests/support/global-setup.ts), when the run has browser tests. */
    chromiumEndpoint?: string
  }
}

/**
 * One Chromium for the whole browser run, started by the global set-up: each test file
 * connects to it (a context per page keeps storage and cookies apart) instead of launching
 * its own (about 0.6 s and a few hundred MB per file; tests/bench/e2e-setup.ts).
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: ARGS })
}

/** The run's shared Chromium when the global set-up started one, else one of this process's own (a script such as a bench). */
export async function browserForFile(): Promise<Browser> {
  let endpoint: string | undefined
  try {
    const { inject } = await import('vitest')
    endpoint = inject('chromiumEndpoint')
  } catch {
    endpoint = undefined // not inside a vitest worker
  }
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS })
}
