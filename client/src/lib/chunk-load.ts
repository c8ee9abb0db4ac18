/**
 * Loading code-split chunks with a clear failure (spec section 8: "error names the chunk
 * and failure type; chunks time out after 120 s").
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/** timeout: no answer within the limit; network: the file could not be fetched (offline,
 * removed by a newer deployment); evaluation: it loaded but threw or had no default export. */
export type ChunkFailureType = 'timeout' | 'network' | 'evaluation'

export class ChunkLoadError extends Error {
  readonly chunk: string
  readonly failureType: ChunkFailureType

  constructor(chunk: string, failureType: ChunkFailureType, cause?: unknown) {
    super(`Loading chunk "${chunk}" failed (${failureType})`, { cause })
    this.name = 'ChunkLoadError'
    this.chunk = chunk
    this.failureType = failureType
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError')
}

const NETWORK_MESSAGES = [
  'failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'importing a module script failed', // Safari
  'unable to preload css', // Vite preload helper
  'failed to fetch',
  'networkerror',
  'load failed',
]

export function classifyChunkFailure(error: unknown): Exclude<ChunkFailureType, 'timeout'> {
  const message = error instanceof Error ? error.message.toLowerCase() : String(error).toLowerCase()
  return NETWORK_MESSAGES.some((text) => message.includes(text)) ? 'network' : 'evaluation'
}

/**
 * Waits before each new try of a chunk that could not be fetched: a refused request (a 503 from
 * a server that is briefly behind, a dropped connection) usually succeeds a moment later, and
 * the user should not see an error page for it. An evaluation failure is not tried again.
 */
export const CHUNK_RETRY_DELAYS_MS = [1_000, 3_000]

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function loadChunk<T>(
  chunk: string,
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  retryDelaysMs: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      reject(new ChunkLoadError(chunk, 'timeout'))
    }, timeoutMs)
    const attempt = (retriesDone: number) => {
      importer().then(
        (module) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(module)
        },
        (error: unknown) => {
          if (settled) return
          const failure = isChunkLoadError(error) ? error : new ChunkLoadError(chunk, classifyChunkFailure(error), error)
          const delay = retryDelaysMs[retriesDone]
          if (failure.failureType === 'network' && delay !== undefined) {
            void wait(delay).then(() => {
              if (!settled) attempt(retriesDone + 1)
            })
            return
          }
          settled = true
          clearTimeout(timer)
          reject(failure)
        },
      )
    }
    attempt(0)
  })
}
