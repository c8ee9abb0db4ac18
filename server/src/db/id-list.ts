import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/** The element types an array parameter is cast to. */
type ArrayType = 'bigint' | 'text' | 'jsonb' | 'boolean' | 'timestamptz'

/** One element of an array literal: numbers as integers, booleans as t/f, anything else quoted (`"` and `\` escaped). */
function element(value: string | number | boolean | Date): string {
  if (typeof value === 'number') return String(Math.trunc(value))
  if (typeof value === 'boolean') return value ? 't' : 'f'
  const text = value instanceof Date ? value.toISOString() : value
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/**
 * `$1::type[]`: a list as one array parameter, however long (drizzle's `inArray`, or a JS array
 * in `sql`, makes a parameter, and a query chunk to build, per element). For the worker's reads
 * and writes of many channels at once; `unnest` of several makes rows of them. No nulls.
 */
export function arrayParam(values: ReadonlyArray<string | number | boolean | Date>, type: ArrayType): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}[]`
}

/** `column = any($1::bigint[])`: a list of ids as one array parameter. */
export function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${arrayParam(ids, 'bigint')})`
}

/** The rows of many channels from one read, grouped by channel (every channel present; no read for none). */
export async function perChannel<R extends { channelId: number }>(
  channelIds: readonly number[],
  read: (ids: readonly number[]) => Promise<R[]>,
): Promise<Map<number, R[]>> {
  return groupBy(channelIds, channelIds.length ? await read(channelIds) : [], (r) => r.channelId)
}

/** Rows grouped by a key, every key asked for present (an empty list when it has no rows). */
function groupBy<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>(keys.map((k) => [k, []]))
  for (const row of rows) groups.get(keyOf(row))?.push(row)
  return groups
}
