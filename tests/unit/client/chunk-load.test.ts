import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, classifyChunkFailure, loadChunk } from '../../../client/src/lib/chunk-load'

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

  it('names network failures', async () => {
    const failure = loadChunk('register-page', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')))
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError)
    await expect(failure).rejects.toMatchObject({ chunk: 'register-page', failureType: 'network' })
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
