import { z } from 'zod'
import { AppError } from '../errors'
import { parseId, type IdColumn } from '../ids'

/** A zod failure as the coded 400 (BAD_USER_INPUT) with messages per field. */
export function invalidInput(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid input', fields)
}

/** Parses `raw` (missing reads as {}) or throws the coded 400. */
export function parseInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const r = schema.safeParse(raw ?? {})
  if (!r.success) throw invalidInput(r.error)
  return r.data
}

/** A database id of a `column` column as REST and GraphQL send it ("12" or 12). */
export const idInput = (column: IdColumn, message = 'Not an id.') =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const id = parseId(v, column)
    if (id === null) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return id
  })
