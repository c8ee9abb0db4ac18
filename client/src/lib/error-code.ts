/**
 * Reads any failure (Apollo error, HTTP status, network failure): its error code, which
 * the UI translates as `errors.<CODE>`, the server's own message and the per-field
 * messages of a refused input. Duck-typed so it does not pull Apollo into pages that
 * only use REST.
 */

/** The server's codes (server/src/errors.ts) and NETWORK (the server was not reached). */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'INVALID_TOKEN',
  'INVALID_CREDENTIALS',
  'PASSWORD_REQUIRED',
  'UNDO_LINK_INVALID',
  'INVITATION_INVALID',
  'WEAK_PASSWORD',
  'RATE_LIMITED',
  'TOO_MANY_STREAMS',
  'NOT_FOUND',
  'CONFLICT',
  'PLAN_LIMIT',
  'SANDBOX_ONLY',
  'SANDBOX_VIEWER_RESTRICTED',
  'PLATFORM_ERROR',
  'LICENCE_INVALID',
  'LICENCE_USED',
  'LICENCE_REVOKED',
  'LICENCE_TAKEN',
  'LICENCE_SUPERSEDED',
  'TWO_STEP_REQUIRED',
  'TWO_STEP_SETUP_REQUIRED',
  'CART_EMPTY',
  'PRODUCT_UNAVAILABLE',
  'INVOICE_PAID',
  'RAID_COOLDOWN',
  'RAID_PENDING',
  'RAID_RATE_LIMITED',
  'SHOUTOUT_LIMITED',
  'REGEX_UNSAFE',
  'MODEL_NOT_CONFIGURED',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'OVERLOADED',
  'NETWORK',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES)

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value)
}

export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 429) return 'RATE_LIMITED'
  if (status === 400 || status === 422) return 'BAD_USER_INPUT'
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  return 'INTERNAL_SERVER_ERROR'
}

interface GraphQLErrorLike {
  message?: unknown
  extensions?: { code?: unknown; fields?: unknown }
}

function graphQLErrors(error: unknown): GraphQLErrorLike[] {
  if (typeof error !== 'object' || error === null) return []
  const list = (error as { errors?: unknown }).errors
  if (!Array.isArray(list)) return []
  return list.filter((item: unknown): item is GraphQLErrorLike => typeof item === 'object' && item !== null)
}

export function errorCodeOf(error: unknown): ErrorCode {
  if (typeof error !== 'object' || error === null) return 'INTERNAL_SERVER_ERROR'
  const codes = graphQLErrors(error).flatMap(({ extensions }) => (typeof extensions?.code === 'string' ? [extensions.code] : []))
  const known = codes.find(isErrorCode)
  if (known) return known
  if (codes.length > 0) return 'INTERNAL_SERVER_ERROR'
  const status = (error as { statusCode?: unknown }).statusCode
  if (typeof status === 'number') return errorCodeForStatus(status)
  if (error instanceof TypeError || (error as { name?: unknown }).name === 'TypeError') return 'NETWORK'
  return 'INTERNAL_SERVER_ERROR'
}

/** The server's first message, when it sent one (English; e.g. the platform's answer or a retry hint). */
export function serverMessageOf(error: unknown): string | null {
  for (const { message } of graphQLErrors(error)) if (typeof message === 'string' && message) return message
  return null
}

/** Field → messages of a refused input (extensions.fields of BAD_USER_INPUT and the like). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const { extensions } of graphQLErrors(error)) {
    const fields = extensions?.fields
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) continue
    for (const [field, messages] of Object.entries(fields)) {
      if (Array.isArray(messages)) out[field] = [...(out[field] ?? []), ...messages.filter((text): text is string => typeof text === 'string')]
    }
  }
  return out
}

/** Codes whose server message adds something the translated text cannot know (which platform, how long to wait, which limit). */
export function showsServerDetail(code: ErrorCode): boolean {
  return code === 'PLATFORM_ERROR' || code === 'RATE_LIMITED' || code === 'PLAN_LIMIT'
}

/**
 * Whether a failure needs a message of its own above a form: anything but a refused input,
 * or a refused input with a field the form does not show (its messages would be lost).
 */
export function needsGeneralMessage(error: unknown, shownFields: Iterable<string>): boolean {
  const fields = Object.keys(fieldErrorsOf(error))
  if (errorCodeOf(error) !== 'BAD_USER_INPUT' || fields.length === 0) return true
  const shown = new Set(shownFields)
  return fields.some((field) => !shown.has(field))
}
