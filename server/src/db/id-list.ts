import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/**
 * `column = any($1::bigint[])`: a list of ids as one array parameter, however long (drizzle's
 * `inArray` makes a parameter, and a query chunk to build, per id). For the worker's reads of
 * many channels at once.
 */
export function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
}

/** The rows of many channels from one read, grouped by channel (every channel present; no read for none). */
export async function perChannel<R extends { channelId: number }>(
  channelIds: readonly number[],
  read: (ids: readonly number[]) => Promise<R[]>,
): Promise<Map<number, R[]>> {
  return groupBy(channelIds, channelIds.length ? await read(channelIds) : [], (r) => r.channelId)
}

/** Rows grouped by a key, every key asked for present (an empty list when it has no rows). */
export function groupBy<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>(keys.map((k) => [k, []]))
  for (const row of rows) groups.get(keyOf(row))?.push(row)
  return groups
}
