import { AppError } from './errors'

/** A GraphQL ID argument as a database id; anything else is BAD_USER_INPUT naming the argument. */
export function toId(value: string | number, name = 'id'): number {
  const s = String(value)
  if (!/^\d{1,15}$/.test(s) || Number(s) < 1) throw new AppError('BAD_USER_INPUT', `Invalid ${name}`, { [name]: ['Not an id.'] })
  return Number(s)
}

export const toOptionalId = (value: string | number | null | undefined, name: string) =>
  value === null || value === undefined ? undefined : toId(value, name)
