import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/src/config'

/** AUTH_PROVIDER and the Firebase settings (docs/features/sign-in-provider.md). */
describe('sign-in provider configuration', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_ACCESS_SECRET: 'q7Vx2mN9pLr4Kd8sWz1Yb6Hc3Tf5Gj0A+e/uXoQiRkMnBvCyDwEaSgZhJtIlPo',
    CHANNEL_TOKEN_KEY: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycDE=',
  }

  it('defaults to local and needs a project id for firebase', () => {
    expect(loadConfig({}).AUTH_PROVIDER).toBe('local')
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase' })).toThrow(ConfigError)
    expect(() => loadConfig({ AUTH_PROVIDER: 'okta' })).toThrow(ConfigError)
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'Not A Project!' })).toThrow(ConfigError)
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: 'http://x' })).toThrow(ConfigError)
    const config = loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
    expect(config).toMatchObject({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
  })

  it('production refuses the emulator (its tokens are unsigned)', () => {
    expect(() =>
      loadConfig({ ...production, AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'my-project', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/)
    expect(loadConfig({ ...production, AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'my-project' }).AUTH_PROVIDER).toBe('firebase')
  })
})
