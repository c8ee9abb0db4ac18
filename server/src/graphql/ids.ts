import { AppError } from '../errors'
import { parseId, type IdColumn } from '../ids'

/** A GraphQL ID argument as a database id of a `column` column; anything else is BAD_USER_INPUT naming the argument. */
export function toId(value: string | number, name = 'id', column: IdColumn = 'int8'): number {
  const id = parseId(value, column)
  if (id === null) throw new AppError('BAD_USER_INPUT', `Invalid ${name}`, { [name]: ['Not an id.'] })
  return id
}

export const toOptionalId = (value: string | number | null | undefined, name: string, column: IdColumn = 'int8') =>
  value === null || value === undefined ? undefined : toId(value, name, column)
