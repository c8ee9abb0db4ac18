import type { z } from 'zod'
import { AppError } from './errors'

/** Parses `value` with `schema`; the first issue becomes a BAD_USER_INPUT naming its field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const message = issue?.message ?? 'Invalid value'
  const name = issue?.path[0] !== undefined ? String(issue.path[0]) : field
  throw new AppError('BAD_USER_INPUT', message, { [name]: [message] })
}

/** Escapes LIKE / ILIKE wildcards in user text (the default escape character is the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
