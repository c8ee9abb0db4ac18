import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'

const require = createRequire(import.meta.url)

export default defineConfig({
  // Node loads graphql's CommonJS build for the dependencies; make our own code use the same copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server at a time on a 2-core machine.
          fileParallelism: false,
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
