/** An OpenAI-compatible chat-completions endpoint of the deployment (CONVERSATION_MODEL_*). */
export interface ModelConfig {
  /** Base URL, e.g. https://host/v1; the client posts to {url}/chat/completions. */
  url: string
  model: string
  /** Sent as a Bearer token; stays on the server. */
  key: string
  timeoutMs: number
  stream: boolean
}

export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'http' | 'network' | 'empty',
    readonly status?: number,
  ) {
    super(message)
  }
}

interface ChatMessage {
  role: 'system' | 'user'
  content: string
}

type Choice = { message?: { content?: string }; delta?: { content?: string } }

async function readStream(res: Response): Promise<string> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let out = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim()
      buffer = buffer.slice(nl + 1)
      if (!line.startsWith('data:')) continue
      const data = line.slice(5).trim()
      if (data === '[DONE]') {
        await reader.cancel().catch(() => {})
        return out
      }
      try {
        const chunk = JSON.parse(data) as { choices?: Choice[] }
        out += chunk.choices?.[0]?.delta?.content ?? chunk.choices?.[0]?.message?.content ?? ''
      } catch {
        // a malformed chunk is skipped
      }
    }
  }
  return out
}

/**
 * Asks the model for one answer; streaming (SSE, `stream: true`) or not, whichever the
 * deployment chose, and either reply shape is read. Fails with ModelError on a timeout, an
 * HTTP error (429, 5xx …), a network error or an empty answer.
 */
export async function askModel(cfg: ModelConfig, messages: ChatMessage[], maxTokens = 200): Promise<string> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), cfg.timeoutMs)
  try {
    const res = await fetch(`${cfg.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cfg.key ? { authorization: `Bearer ${cfg.key}` } : {}) },
      body: JSON.stringify({ model: cfg.model, messages, stream: cfg.stream, max_tokens: maxTokens }),
      signal: controller.signal,
    })
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw new ModelError(`The model endpoint answered HTTP ${res.status}`, 'http', res.status)
    }
    const type = res.headers.get('content-type') ?? ''
    const text = type.includes('text/event-stream')
      ? await readStream(res)
      : (((await res.json()) as { choices?: Choice[] }).choices?.[0]?.message?.content ?? '')
    const answer = text.replace(/\s+/g, ' ').trim()
    if (!answer) throw new ModelError('The model gave an empty answer', 'empty')
    return answer
  } catch (e) {
    if (e instanceof ModelError) throw e
    if (controller.signal.aborted) throw new ModelError(`The model did not answer within ${cfg.timeoutMs} ms`, 'timeout')
    throw new ModelError(`The model endpoint could not be reached: ${(e as Error).message}`, 'network')
  } finally {
    clearTimeout(timer)
  }
}
