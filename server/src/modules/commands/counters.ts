import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { ChannelsService } from '../channels/channels.service'
import { badInput } from './command-input'
import { chatCounters, type ChatCounterRow } from './commands.tables'
import { COUNTER_NAME } from './template'

export const MAX_COUNTER_VALUE = 1_000_000_000
export const MAX_COUNTERS = 200

/** A moderator's change in chat: `+1`, `-2`, `=10`. */
export type CounterChange = { add: number } | { set: number }

export function parseCounterChange(word: string | undefined): CounterChange | null {
  const m = /^([+-]|=)(\d{1,9})$/.exec(word ?? '')
  if (!m) return null
  const n = Number(m[2])
  return m[1] === '=' ? { set: n } : { add: m[1] === '-' ? -n : n }
}

const clamp = (n: number) => Math.max(-MAX_COUNTER_VALUE, Math.min(MAX_COUNTER_VALUE, n))

/** Named counters of a channel (${counter deaths}): read by replies, changed by moderators in chat and on the dashboard. */
export function createCounters(deps: { db: Db; channels: ChannelsService; now: () => Date }) {
  const { db, channels, now } = deps

  const list = (channelId: number): Promise<ChatCounterRow[]> =>
    db.select().from(chatCounters).where(eq(chatCounters.channelId, channelId)).orderBy(asc(chatCounters.name))

  async function values(channelId: number, names: readonly string[]): Promise<Record<string, number>> {
    if (names.length === 0) return {}
    const rows = await db
      .select({ name: chatCounters.name, value: chatCounters.value })
      .from(chatCounters)
      .where(and(eq(chatCounters.channelId, channelId), inArray(chatCounters.name, [...names])))
    return Object.fromEntries(rows.map((r) => [r.name, r.value]))
  }

  /** Adds to or sets a counter, creating it at 0 first; answers the new value. */
  async function change(channelId: number, name: string, by: CounterChange): Promise<number> {
    const start = 'set' in by ? clamp(by.set) : clamp(by.add)
    const next = 'set' in by ? sql`${start}` : sql`least(greatest(${chatCounters.value} + ${start}, ${-MAX_COUNTER_VALUE}), ${MAX_COUNTER_VALUE})`
    const [row] = await db
      .insert(chatCounters)
      .values({ channelId, name, value: start })
      .onConflictDoUpdate({ target: [chatCounters.channelId, chatCounters.name], set: { value: next, updatedAt: now() } })
      .returning({ value: chatCounters.value })
    return row!.value
  }

  /** The dashboard: a counter set to a value (created when new), within the channel's limit. */
  async function setCounter(userId: number, channelId: number | string, name: string, value: number): Promise<ChatCounterRow> {
    const channel = await channels.access(userId, channelId, 'commands', 'manage')
    const n = name.trim().toLowerCase()
    const fields: Record<string, string[]> = {}
    if (!COUNTER_NAME.test(n)) fields.name = ['A counter name has 1 to 30 letters, digits or underscores, e.g. deaths']
    if (!Number.isInteger(value) || Math.abs(value) > MAX_COUNTER_VALUE)
      fields.value = [`A whole number between -${MAX_COUNTER_VALUE} and ${MAX_COUNTER_VALUE}`]
    if (Object.keys(fields).length) throw badInput(fields)
    const existing = await list(channel.id)
    if (!existing.some((c) => c.name === n) && existing.length >= MAX_COUNTERS) {
      throw new AppError('PLAN_LIMIT', `At most ${MAX_COUNTERS} counters per channel`)
    }
    const before = existing.find((c) => c.name === n)
    await change(channel.id, n, { set: value })
    const [row] = await db
      .select()
      .from(chatCounters)
      .where(and(eq(chatCounters.channelId, channel.id), eq(chatCounters.name, n)))
    // Chat's !count changes stay out of the log (viewers' acts, many a stream); the dashboard's are in it.
    await channels.audit(db, {
      channelId: channel.id,
      actorId: userId,
      module: 'commands',
      action: 'counter.set',
      before: before ? { name: n, value: before.value } : null,
      after: { name: n, value: row!.value },
    })
    return row!
  }

  async function deleteCounter(userId: number, id: number | string): Promise<boolean> {
    const n = Number(id)
    const [row] = Number.isSafeInteger(n) ? await db.select().from(chatCounters).where(eq(chatCounters.id, n)).limit(1) : []
    if (!row) throw new AppError('NOT_FOUND', 'Counter not found')
    await channels.access(userId, row.channelId, 'commands', 'manage').catch((e: unknown) => {
      // A team member without the right hears so; anyone else cannot tell the counter exists.
      throw e instanceof AppError && e.code === 'FORBIDDEN' ? e : new AppError('NOT_FOUND', 'Counter not found')
    })
    await db.transaction(async (tx) => {
      await tx.delete(chatCounters).where(eq(chatCounters.id, row.id))
      await channels.audit(tx, {
        channelId: row.channelId,
        actorId: userId,
        module: 'commands',
        action: 'counter.delete',
        before: { name: row.name, value: row.value },
      })
    })
    return true
  }

  return { list, values, change, setCounter, deleteCounter }
}

export type Counters = ReturnType<typeof createCounters>
