import { AppError } from './errors'

/**
 * Database ids as clients send them ("12" or 12). The id columns are int4 (plans, pricing
 * questions, products) or int8 (everything else, read as JS numbers, so only up to 2^53 - 1
 * is exact). An id past its column's end would reach SQL and fail there (int4 overflow, a
 * 500); here it is simply not an id, and each caller answers that as it answers any other
 * malformed id (BAD_USER_INPUT, or NOT_FOUND where a path names the resource).
 */
export const ID_MAX = { int4: 2 ** 31 - 1, int8: Number.MAX_SAFE_INTEGER } as const
export type IdColumn = keyof typeof ID_MAX

/** `value` as an id of a `column` column (digits only, 1 up to the column's end), else null. */
export function parseId(value: unknown, column: IdColumn = 'int8'): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const s = String(value)
  if (!/^\d{1,16}$/.test(s)) return null
  const n = Number(s)
  return n >= 1 && n <= ID_MAX[column] ? n : null
}

/** A GraphQL ID argument as a database id of a `column` column; anything else is BAD_USER_INPUT naming the argument. */
export function toId(value: string | number, name = 'id', column: IdColumn = 'int8'): number {
  const id = parseId(value, column)
  if (id === null) throw new AppError('BAD_USER_INPUT', `Invalid ${name}`, { [name]: ['Not an id.'] })
  return id
}

export const toOptionalId = (value: string | number | null | undefined, name: string, column: IdColumn = 'int8') =>
  value === null || value === undefined ? undefined : toId(value, name, column)
