import { sql } from 'drizzle-orm'
import { arrayParam } from '../../db/id-list'
import type { ModerationCoreDeps } from './core-deps'
import { Offences } from './ladder'
import { moderationLog } from './moderation.tables'

/** The most log rows read back for one channel's ladder (a raid's worth; the Offences map is bounded too). */
const MAX_ROWS = 5000

/**
 * The warning ladder of a channel as the moderation log has it: every filter action within the
 * escalation window is an offence of its viewer. The ladder lives in the bot's memory for speed
 * (filters run before commands on every line), but the log already records each offence with
 * its time, so a restarted worker, or the one a channel is handed over to, reads it back here
 * instead of starting every viewer over. An undone row (the log's undo) forgave the viewer's
 * offences up to it, as the running process does with forgive().
 */
export async function offencesFromLog(deps: Pick<ModerationCoreDeps, 'db' | 'now'>, channelId: number, windowMs: number): Promise<Offences> {
  return (await offencesOfMany(deps, new Map([[channelId, windowMs]]))).get(channelId)!
}

type LogRow = { viewerId: string; at: Date; undoneAt: Date | null }

/** The ladder the log's rows (in id order) make. */
function ladderOf(rows: LogRow[]): Offences {
  const byViewer = new Map<string, number[]>()
  for (const r of rows) {
    if (r.undoneAt) byViewer.delete(r.viewerId)
    else byViewer.set(r.viewerId, [...(byViewer.get(r.viewerId) ?? []), r.at.getTime()])
  }
  const offences = new Offences()
  for (const [viewerId, times] of byViewer) offences.seed(viewerId, times)
  return offences
}

/**
 * offencesFromLog for many channels in one statement, each with its own window (channel id →
 * window in ms) and its own MAX_ROWS: the bot's first lines in many channels at once (guards.ts).
 */
export async function offencesOfMany({ db, now }: Pick<ModerationCoreDeps, 'db' | 'now'>, windows: Map<number, number>): Promise<Map<number, Offences>> {
  const out = new Map<number, Offences>()
  if (windows.size === 0) return out
  const t = now().getTime()
  const ids = arrayParam([...windows.keys()], 'bigint')
  const sinces = arrayParam(
    [...windows.values()].map((ms) => new Date(t - ms)),
    'timestamptz',
  )
  const result = (await db.execute(sql`
    select l.channel_id, l.viewer_id, l.at, l.undone_at from (
      select m.channel_id, m.viewer_id, m.at, m.undone_at, m.id, row_number() over (partition by m.channel_id order by m.id) as n
      from ${moderationLog} m
      join unnest(${ids}, ${sinces}) as w(channel_id, since) on m.channel_id = w.channel_id and m.at >= w.since
      where m.source = 'filter'
    ) l where l.n <= ${MAX_ROWS} order by l.channel_id, l.id`)) as unknown as {
    rows: Array<{ channel_id: string | number; viewer_id: string; at: Date | string; undone_at: Date | string | null }>
  }
  const rows = new Map<number, LogRow[]>([...windows.keys()].map((id) => [id, []]))
  for (const r of result.rows) {
    rows.get(Number(r.channel_id))?.push({ viewerId: r.viewer_id, at: new Date(r.at), undoneAt: r.undone_at === null ? null : new Date(r.undone_at) })
  }
  for (const [id, list] of rows) out.set(id, ladderOf(list))
  return out
}
