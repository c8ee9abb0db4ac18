import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/src/config'

describe('BOT_RELOAD_CONCURRENCY', () => {
  it('is 6 unless set, and takes an integer from 1 to 100', () => {
    expect(loadConfig({}).BOT_RELOAD_CONCURRENCY).toBe(6)
    expect(loadConfig({ BOT_RELOAD_CONCURRENCY: '1' }).BOT_RELOAD_CONCURRENCY).toBe(1)
    expect(loadConfig({ BOT_RELOAD_CONCURRENCY: ' 24 ' }).BOT_RELOAD_CONCURRENCY).toBe(24)
    expect(loadConfig({ BOT_RELOAD_CONCURRENCY: '100' }).BOT_RELOAD_CONCURRENCY).toBe(100)
  })

  it.each(['0', '101', '-3', '2.5', 'six', '', '1e9'])('refuses %j with a message naming the variable and its range', (value) => {
    expect(() => loadConfig({ BOT_RELOAD_CONCURRENCY: value })).toThrow(ConfigError)
    expect(() => loadConfig({ BOT_RELOAD_CONCURRENCY: value })).toThrow('BOT_RELOAD_CONCURRENCY: must be an integer from 1 to 100')
  })
})
