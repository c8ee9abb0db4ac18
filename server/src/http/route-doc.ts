import { z } from 'zod'

/**
 * What a REST route says about itself where it is mounted (the last argument of `guarded`):
 * the OpenAPI document (http/openapi.ts) is built from these, so it describes the schemas the
 * routes use, not a hand-written copy. Path parameters come from the path itself (`:id`).
 */
export interface RouteDoc {
  /** One line: what the call does. */
  summary: string
  /** More: paging, what a refusal looks like, who sees what. */
  description?: string
  /** The query parameters (every value arrives as a string). */
  query?: z.ZodObject
  /** Path parameters, when they need more than "a string" (a description, a pattern). */
  params?: z.ZodObject
  /** The JSON body. */
  body?: z.ZodType
  /** The answers by status; a status without `body` has no JSON body (a 404 with none, a redirect). */
  responses: Record<number, RouteResponse>
}

export interface RouteResponse {
  description: string
  body?: z.ZodType
  /** The body's media type when it is not JSON (a PDF, an event stream, an iCalendar file). */
  contentType?: string
  /** Response headers worth knowing (X-Total-Count, Retry-After, Location). */
  headers?: Record<string, string>
}

/** The coded error every route answers with when it refuses (http/error-handler.ts). */
export const codedError = z
  .object({
    error: z.string().meta({ description: 'A readable message (English).' }),
    code: z.string().meta({ description: 'The error code (server/src/errors.ts), e.g. BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, RATE_LIMITED.' }),
    fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Messages per input field, on BAD_USER_INPUT.' }),
  })
  .meta({ id: 'CodedError', description: 'A refusal: the message, its code, and messages per field for bad input.' })

/** `{ ok: true }`, the answer of calls that only acknowledge. */
export const okAnswer = z.object({ ok: z.literal(true) }).meta({ id: 'Ok', description: 'Done.' })

/** A numeric database id as REST takes it in a path. */
export const idParam = z.object({ id: z.string().regex(/^\d+$/).meta({ description: 'The numeric id.', example: '12' }) })

/** A JSON object whose keys the description names (the spec's template shapes, kept open). */
export const shape = (description: string) => z.looseObject({}).meta({ description })

/** A JSON array of objects the description names. */
export const listOf = (description: string) => z.array(z.looseObject({})).meta({ description })

/** The 404 with no body the spec asks for when a record is missing or not the caller's (§8). */
export const notFound = (what = 'Unknown, or not the caller’s'): RouteResponse => ({ description: `${what}: 404 with no body.` })

/** `?lang=` of the help centre and the navbar search. */
export const langQuery = z.object({
  lang: z.enum(['en', 'de', 'fr', 'pt']).optional().meta({ description: 'The language; without it the first supported Accept-Language, else English.' }),
})
