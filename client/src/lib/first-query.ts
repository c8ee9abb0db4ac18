/**
 * The first screen's query, sent by the first-screen module (client/vite-first-screen.ts)
 * before the app's code has loaded. Apollo's fetch goes through withFirstQuery: the same
 * operation with the same query text and variables, asked within MAX_AGE_MS of it, takes that
 * answer instead of a new request, once. Anything else (another query, an answer with errors,
 * a refused token, a failed request) goes to the network as usual, through the refresh logic.
 */
import type { FetchLike } from './token-refresh'

interface FirstQueryBody {
  operationName: string
  variables: Record<string, unknown>
  query: string
}

interface FirstQuery {
  body: FirstQueryBody
  /** Date.now() when it was sent. */
  at: number
  /** The HTTP 200 answer's content type and text; null for any other outcome. */
  answer: Promise<{ type: string; text: string } | null>
}

/** Where the first-screen module leaves it. */
const slot = globalThis as { __firstQuery?: FirstQuery }

/** An answer older than this is not used (the page asks again). */
export const FIRST_QUERY_MAX_AGE_MS = 30_000

function sameRequest(sent: unknown, first: FirstQueryBody): boolean {
  if (typeof sent !== 'object' || sent === null) return false
  const { operationName, query, variables } = sent as Partial<FirstQueryBody>
  return operationName === first.operationName && query === first.query && JSON.stringify(variables ?? {}) === JSON.stringify(first.variables)
}

/** The first query's answer if this request body asks the same, else null; taken once. */
function takeFirstQuery(body: unknown): FirstQuery['answer'] | null {
  const first = slot.__firstQuery
  if (!first || typeof body !== 'string') return null
  let sent: unknown
  try {
    sent = JSON.parse(body)
  } catch {
    return null
  }
  if (!sameRequest(sent, first.body)) return null
  delete slot.__firstQuery
  return Date.now() - first.at <= FIRST_QUERY_MAX_AGE_MS ? first.answer : null
}

/** Whether an answer has data and no errors (an UNAUTHENTICATED one goes through the refresh instead). */
function isClean(text: string): boolean {
  try {
    const result = JSON.parse(text) as { data?: unknown; errors?: unknown }
    return typeof result.data === 'object' && result.data !== null && result.errors === undefined
  } catch {
    return false
  }
}

export function withFirstQuery(fetch: FetchLike): FetchLike {
  return async (input, init) => {
    const answer = await takeFirstQuery(init?.body)
    if (answer && isClean(answer.text)) return new Response(answer.text, { status: 200, headers: { 'content-type': answer.type } })
    return fetch(input, init)
  }
}
