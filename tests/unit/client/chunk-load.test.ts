import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_RETRY_DELAYS_MS, ChunkLoadError, classifyChunkFailure, loadChunk } from '../../../client/src/lib/chunk-load'

afterEach(() => {
  vi.useRealTimers()
})

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk('login-page', async () => ({ default: 1 }))).resolves.toEqual({ default: 1 })
  })

  it('times out after 120 s with an error naming the chunk and the failure type', async () => {
    vi.useFakeTimers()
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
    const pending = loadChunk('vertical-layout', () => new Promise<never>(() => undefined))
    const assertion = expect(pending).rejects.toMatchObject({
      name: 'ChunkLoadError',
      chunk: 'vertical-layout',
      failureType: 'timeout',
      message: 'Loading chunk "vertical-layout" failed (timeout)',
    })
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
    let settled = false
    void pending.catch(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await assertion
  })

  it('tries a chunk that could not be fetched again, after 1 s and 3 s, before it reports the failure', async () => {
    vi.useFakeTimers()
    expect(CHUNK_RETRY_DELAYS_MS).toEqual([1_000, 3_000])
    let calls = 0
    const importer = () => {
      calls++
      return calls < 3 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')) : Promise.resolve({ default: 'page' })
    }
    const pending = loadChunk('pricing-page', importer)
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toBe(2)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(calls).toBe(3)
    await expect(pending).resolves.toEqual({ default: 'page' })
  })

  it('does not try a chunk again whose code failed to evaluate', async () => {
    let calls = 0
    const failure = loadChunk('broken-page', () => {
      calls++
      return Promise.reject(new SyntaxError('Unexpected token'))
    })
    await expect(failure).rejects.toMatchObject({ failureType: 'evaluation' })
    expect(calls).toBe(1)
  })

  it('names network failures once the tries are used up', async () => {
    let calls = 0
    const failure = loadChunk(
      'register-page',
      () => {
        calls++
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
      },
      120_000,
      [0, 0],
    )
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError)
    await expect(failure).rejects.toMatchObject({ chunk: 'register-page', failureType: 'network' })
    expect(calls).toBe(3)
  })

  it('names evaluation failures and keeps the cause', async () => {
    const cause = new SyntaxError('Unexpected token')
    const failure = loadChunk('placeholder-page', () => Promise.reject(cause))
    await expect(failure).rejects.toMatchObject({ failureType: 'evaluation', cause })
  })

  it('classifies the browsers’ messages', () => {
    expect(classifyChunkFailure(new TypeError('error loading dynamically imported module'))).toBe('network')
    expect(classifyChunkFailure(new TypeError('Importing a module script failed.'))).toBe('network')
    expect(classifyChunkFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe('network')
    expect(classifyChunkFailure(new ReferenceError('x is not defined'))).toBe('evaluation')
  })
})
