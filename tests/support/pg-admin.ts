import pg from 'pg'

/** One connection to `url` for `fn`, closed afterwards (an error event of a dying connection is not a crash). */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  c.on('error', () => {})
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end().catch(() => {})
  }
}

/** Terminates every connection to `database` but our own, as a failover or restart would; how many. */
export function terminateConnections(adminUrl: string, database: string): Promise<number> {
  return withClient(adminUrl, async (c) => {
    // pg_terminate_backend in the select list: it runs only for the rows the filter kept.
    const { rows } = await c.query<{ done: boolean }>(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    return rows.filter((r) => r.done).length
  })
}

/** Connections open to `database` (besides ours). */
export function connectionsTo(adminUrl: string, database: string): Promise<number> {
  return withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
    return rows[0]!.n
  })
}
