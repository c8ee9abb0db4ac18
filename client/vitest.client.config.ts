import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Client unit tests on their own: npx vitest run --config client/vitest.client.config.ts */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/client/**/*.test.ts'],
    environment: 'node',
  },
})
