import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const require = createRequire(import.meta.url)

/**
 * The longest test files first, so that with two workers the last file to finish is a short
 * one (a long file started last would run alone at the end: the browser suite's locale walk
 * alone takes minutes). A file's duration is vitest's own from the last run on this machine
 * (its results cache), else the one in tests/durations.json (seconds per file, measured on
 * CI; `npx tsx scripts/test-durations.ts` rewrites it from the reports of `npm test` in
 * .tmp/), else unknown: unknown files (new ones) go first, as vitest's own sequencer does.
 * Projects of one group share the pool, so their files are sorted together (the integration
 * project's long files before the unit files, whatever the projects' names); the order decides
 * only what starts first, never what runs.
 */
const HINTS = new URL('./tests/durations.json', import.meta.url)
const hints: Record<string, number> = existsSync(HINTS) ? (JSON.parse(readFileSync(HINTS, 'utf8')) as Record<string, number>) : {}

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const seconds = (spec: TestSpecification): number | undefined => {
      const path = relative(root, spec.moduleId).split('\\').join('/')
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)
      if (cached && cached.duration > 0) return cached.duration / 1000
      return hints[path]
    }
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (groupOrder !== 0) return groupOrder
      const [sa, sb] = [seconds(a), seconds(b)]
      if (sa === undefined || sb === undefined) return sa === undefined && sb !== undefined ? -1 : sb === undefined && sa !== undefined ? 1 : 0
      return sb - sa
    })
  }
}

/** The integration files run again with every cache off (project `cold-cache`). */
const COLD_CACHE_FILES = [
  'account-settings',
  'admin-stats',
  'conversation',
  'email-change',
  'jwt',
  'licences',
  'marketing',
  'plans',
  'principal-cache',
  'raids',
  'shop',
  'tx-guard',
  'two-step',
  'users',
]

export default defineConfig({
  // Node loads graphql's CommonJS build for the dependencies; make our own code use the same copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // The longest files start first (two workers: no long file left to run alone at the end).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: a unit file's own work is milliseconds and
          // importing what it tests (the server's modules, zod, graphql) most of its cost. Unit
          // tests keep no state between files (fake timers are restored by the files that set them).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Components on happy-dom beside their code (tests/support/component.tsx says what belongs here).
          name: 'component',
          include: ['client/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // Node's own (experimental) localStorage would warn on every file; the page's is happy-dom's.
          execArgv: ['--no-experimental-webstorage'],
          // One module graph per worker (React, Apollo, i18next and styled-components imported once,
          // not once per file); the set-up file unmounts what each test rendered, in every file.
          isolate: false,
          setupFiles: ['tests/support/component-setup.ts'],
          // A test types and clicks through several renders: 2 s on a quiet machine, over 20 s on
          // the shared one under load (settings-section.test.tsx); the timeout only catches a hang.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker: importing the server (schema, modules, drizzle, yoga) was
          // most of a short file's time, once per file. Each file builds its own app and database
          // (tests/support/test-app.ts); what the server keeps at module level is registration
          // (routes, webhook event types, the built schema), the same for every file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The integration tests of the services that read a cache (plans, counts, caller), once more
          // on PGlite with every cache off (TEST_COLD_CACHES=1, tests/support/test-app.ts), so paths that
          // only run when a cache is cold (and may touch the database at a bad moment, e.g. inside a
          // transaction) are exercised on every `npm test`. A project of its own, so that tests/run-all.ts
          // runs it in the same pool as the other integration tests rather than in a vitest run after the
          // browser tests. The rest (protocol, crash, load and walker tests) read no cache of their own.
          name: 'cold-cache',
          include: COLD_CACHE_FILES.map((name) => `tests/integration/${name}.test.ts`),
          environment: 'node',
          env: { TEST_COLD_CACHES: '1', TEST_DATABASE_URL: '' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/e2e/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: each starts its own server (PGlite in memory, a port of its own)
          // and its own Chromium (a profile of its own), and most of a file's time is spent
          // waiting on the browser or the server, so a second worker shortens the run on a 2-core machine.
          maxWorkers: 2,
          // expect.poll waits for a state the page reaches after a request or two; its default
          // second is a quiet machine's, not one shared with another browser file.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          // The compose stack in Docker (tests/run-all.ts runs it only where an engine answers).
          name: 'compose',
          include: ['tests/compose/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 1_900_000,
        },
      },
    ],
  },
})
