/**
 * What a browser test file pays before its first test body: the server (PGlite loaded from the
 * migrated snapshot, demo seeding), Chromium's launch, a context, and a sign-in through the login
 * form against one through the API with the session put into localStorage (storage state).
 * Prints medians of `--runs N` (default 5). Needs `npm run build` (dist/client).
 *   npx tsx tests/bench/e2e-setup.ts [--runs 5]
 */
import { performance } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { startE2E, clientPage } from '../e2e/support/harness'
import { signedInPage } from '../e2e/support/session'

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const samples: Record<string, number[]> = {}
const time = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
  const t = performance.now()
  const out = await f()
  ;(samples[name] ??= []).push(performance.now() - t)
  return out
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

for (let i = 0; i < runs; i++) {
  const e2e = await time('startE2E (server + chromium.launch)', () => startE2E())
  const browser = await time('chromium.launch alone', () => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] }))
  await browser.close()
  const ui = await time('sign-in through the login form', () => clientPage(e2e))
  await ui.context().close()
  const stored = await time('sign-in through the API + storage state', () => signedInPage(e2e, 'client'))
  await stored.context().close()
  await time('close', () => e2e.close())
}
for (const [name, xs] of Object.entries(samples)) console.log(`${name}: median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`)
