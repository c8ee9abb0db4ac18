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

/**
 * Every zod issue as a field error (its path joined by dots; `input` for the value as a whole):
 * BAD_USER_INPUT with the messages joined, and the fields for the form to show beside each input.
 */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const fields: Record<string, string[]> = {}
  for (const issue of r.error.issues) (fields[issue.path.join('.') || 'input'] ??= []).push(issue.message)
  throw new AppError('BAD_USER_INPUT', Object.values(fields).flat().join('; '), fields)
}

/** Escapes LIKE / ILIKE wildcards in user text (the default escape character is the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
