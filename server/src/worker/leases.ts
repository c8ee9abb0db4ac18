import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'

export interface LeaseOptions {
  db: Db
  /** How long a lease lives without renewal (database time); renewed every third of it. */
  ttlMs: number
  /** Names this worker in the lease table (default: the host name); the process id and a random suffix are added. */
  name?: string
  /** The condition on a channel's owner (`user_id` expression) that lets its bot run: the licence in force (ChannelsService.ownerLicensed). */
  ownerLicensed: (userId: SQL) => SQL
}

interface Row {
  channel_id: number | string
  epoch: number | string
}

const rowsOf = (r: unknown): Array<Record<string, unknown>> => (r as { rows: Array<Record<string, unknown>> }).rows

/**
 * Channel leases with fencing (table worker_leases): a channel's bot runs only in the worker
 * that holds its lease. Every acquisition raises the channel's `epoch` (the fencing token); a
 * renewal or a release matches holder and epoch; before every write and chat line of a bot,
 * `holds` (a renewal younger than the TTL) or else `valid` (holder, epoch and expiry in the
 * database) must confirm the lease, so a worker that lost a lease
 * (paused, partitioned, too slow to renew) sends nothing more for that channel. Times are the
 * database's (`now()`), so the workers' clocks do not matter.
 */
export function createLeaseManager(opts: LeaseOptions) {
  const { db } = opts
  const holder = `${opts.name ?? hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const ttl = Math.max(1, Math.round(opts.ttlMs))
  /** channel → epoch of the leases this worker holds. */
  const held = new Map<number, number>()
  /** Local bound (monotonic clock): no renewal succeeded since this long ago means every lease may be gone. */
  let validUntil = 0

  const until = sql`now() + ${ttl} * interval '1 millisecond'`
  /** A channel (alias c) whose bot runs: Active or Autostart on, the owner's licence in force (as ChannelsService.runnable). */
  const runnable = () => sql`(c.active or c.autostart) and ${opts.ownerLicensed(sql`c.user_id`)}`

  async function heartbeat() {
    await db.execute(sql`insert into worker_nodes (id, expires_at) values (${holder}, ${until})
      on conflict (id) do update set expires_at = excluded.expires_at`)
  }

  /**
   * Renews every lease held; answers the channels whose lease was lost (taken over after it
   * expired, or the row is gone with its channel). A failed renewal loses them all once the
   * local bound has passed.
   */
  async function renew(): Promise<number[]> {
    const started = performance.now()
    let rows: Row[]
    try {
      rows = rowsOf(
        await db.execute(sql`update worker_leases set expires_at = ${until} where holder = ${holder} returning channel_id, epoch`),
      ) as unknown as Row[]
    } catch (e) {
      if (performance.now() < validUntil) throw e
      const lost = [...held.keys()]
      held.clear()
      return lost
    }
    validUntil = started + ttl
    const kept = new Map(rows.map((r) => [Number(r.channel_id), Number(r.epoch)]))
    const lost: number[] = []
    for (const [id, epoch] of held) if (kept.get(id) !== epoch) lost.push(id)
    for (const id of lost) held.delete(id)
    return lost
  }

  /** The live workers and the channels to run: this worker's fair share is ⌈channels / workers⌉. */
  async function share(): Promise<{ workers: number; channels: number; share: number }> {
    const [r] = rowsOf(
      await db.execute(sql`select (select count(*) from worker_nodes where expires_at > now())::int as workers,
        (select count(*) from channels c where ${runnable()})::int as channels`),
    )
    const workers = Math.max(1, Number(r?.workers ?? 1))
    const channels = Number(r?.channels ?? 0)
    return { workers, channels, share: Math.ceil(channels / workers) }
  }

  /**
   * Takes up to `limit` runnable channels whose lease is free or expired (`only`: among these);
   * answers the channels acquired. Concurrent workers never both win a channel: the conditional
   * upsert re-checks the expiry on the row it locks.
   */
  async function acquire(limit: number, only?: number[]): Promise<number[]> {
    if (limit <= 0 || (only && only.length === 0)) return []
    const among = only
      ? sql`and c.id in (${sql.join(
          only.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``
    const rows = rowsOf(
      await db.execute(sql`with candidates as (
          select c.id from channels c left join worker_leases l on l.channel_id = c.id
          where ${runnable()} and (l.channel_id is null or l.expires_at <= now()) ${among}
          order by random() limit ${limit}
        )
        insert into worker_leases (channel_id, holder, epoch, expires_at)
        select id, ${holder}, 1, ${until} from candidates
        on conflict (channel_id) do update set holder = excluded.holder, epoch = worker_leases.epoch + 1, expires_at = excluded.expires_at
          where worker_leases.expires_at <= now()
        returning channel_id, epoch`),
    ) as unknown as Row[]
    if (rows.length && validUntil === 0) validUntil = performance.now() + ttl
    for (const r of rows) held.set(Number(r.channel_id), Number(r.epoch))
    return rows.map((r) => Number(r.channel_id))
  }

  /** Gives a lease back (the row stays, with its epoch, so the next holder's token is higher). */
  async function release(channelId: number) {
    const epoch = held.get(channelId)
    if (epoch === undefined) return
    held.delete(channelId)
    await db.execute(sql`update worker_leases set holder = '', expires_at = now() where channel_id = ${channelId} and holder = ${holder} and epoch = ${epoch}`)
  }

  /** The fencing check before a side effect: this worker still holds the channel, at the same epoch, unexpired. */
  async function valid(channelId: number): Promise<boolean> {
    const epoch = held.get(channelId)
    if (epoch === undefined) return false
    const rows = rowsOf(
      await db.execute(
        sql`select 1 as ok from worker_leases where channel_id = ${channelId} and holder = ${holder} and epoch = ${epoch} and expires_at > now()`,
      ),
    )
    return rows.length === 1
  }

  /**
   * The cheap fencing check (no query): the channel is held and the last renewal is younger than
   * the TTL, so no other worker can have taken it (a lease is taken over only once expired). False
   * says "not sure" (renewals late, a pause): ask `valid`.
   */
  function holds(channelId: number): boolean {
    return held.has(channelId) && performance.now() < validUntil
  }

  /** A condition on `channels`: no worker holds a live lease on the channel (no bot runs it). */
  const unleased = (): SQL => sql`not exists (select 1 from worker_leases ul where ul.channel_id = channels.id and ul.expires_at > now())`

  /** Leaves: every lease released at once (others take them at their next tick), the node row gone. */
  async function leave() {
    held.clear()
    await db.execute(sql`update worker_leases set holder = '', expires_at = now() where holder = ${holder}`)
    await db.execute(sql`delete from worker_nodes where id = ${holder} or expires_at < now() - interval '1 hour'`)
  }

  return { holder, ttlMs: ttl, held, heartbeat, renew, share, acquire, release, valid, holds, unleased, leave }
}

export type LeaseManager = ReturnType<typeof createLeaseManager>
