import { asc, eq, sql } from 'drizzle-orm'
import { inIds, perChannel } from '../../db/id-list'
import { AppError } from '../../errors'
import { planLimits } from '../channels/plan-limits'
import { badInput as bad } from './command-input'
import { changed, MIN_TIMER_MINUTES, type CommandsDeps, type TimerInput } from './commands-deps'
import { chatTimers, type ChatTimerRow } from './commands.tables'
import { templateProblems, TIMER_VARIABLES } from './template'

function checkTimer(input: TimerInput, creating: boolean) {
  const fields: Record<string, string[]> = {}
  const add = (k: string, m: string) => (fields[k] ??= []).push(m)
  if (creating || input.name != null) {
    const n = (input.name ?? '').trim()
    if (n.length < 1 || n.length > 50) add('name', 'A timer name has 1 to 50 characters')
  }
  if (creating || input.message != null) for (const p of templateProblems(input.message ?? '', TIMER_VARIABLES)) add('message', p)
  if (creating || input.intervalMinutes != null) {
    const v = input.intervalMinutes
    if (v == null || !Number.isInteger(v) || v < MIN_TIMER_MINUTES || v > 1440) {
      add('intervalMinutes', `A timer runs every ${MIN_TIMER_MINUTES} to 1440 minutes`)
    }
  }
  if (input.minLines != null && (!Number.isInteger(input.minLines) || input.minLines < 0 || input.minLines > 1000)) {
    add('minLines', 'Chat lines between two runs: 0 to 1000')
  }
  if (Object.keys(fields).length) throw bad(fields)
}

const timerValues = (input: TimerInput) => {
  const v: Partial<ChatTimerRow> = {}
  if (input.name != null) v.name = input.name.trim()
  if (input.message != null) v.message = input.message
  if (input.intervalMinutes != null) v.intervalMinutes = input.intervalMinutes
  if (input.minLines != null) v.minLines = input.minLines
  if (input.enabled != null) v.enabled = input.enabled
  return v
}

export async function listTimers(deps: CommandsDeps, channelId: number): Promise<ChatTimerRow[]> {
  return (await timersOf(deps, [channelId])).get(channelId) ?? []
}

/** The timers of many channels in one statement, each channel's by id (the worker's starts). */
export function timersOf({ db }: CommandsDeps, channelIds: readonly number[]): Promise<Map<number, ChatTimerRow[]>> {
  return perChannel(channelIds, (ids) => db.select().from(chatTimers).where(inIds(chatTimers.channelId, ids)).orderBy(asc(chatTimers.id)))
}

/** What the channel's log keeps of a timer. */
const timerEntry = (t: ChatTimerRow) => ({ id: t.id, name: t.name, message: t.message, intervalMinutes: t.intervalMinutes, enabled: t.enabled })

async function ownedTimer({ db, channels }: CommandsDeps, userId: number, id: number | string): Promise<ChatTimerRow> {
  const n = Number(id)
  const [row] = Number.isSafeInteger(n) ? await db.select().from(chatTimers).where(eq(chatTimers.id, n)).limit(1) : []
  if (!row) throw new AppError('NOT_FOUND', 'Timer not found')
  await channels.access(userId, row.channelId, 'commands', 'manage').catch((e: unknown) => {
    // A team member without the right hears so; anyone else cannot tell the timer exists.
    throw e instanceof AppError && e.code === 'FORBIDDEN' ? e : new AppError('NOT_FOUND', 'Timer not found')
  })
  return row
}

export async function createTimer(deps: CommandsDeps, userId: number, channelId: number | string, input: TimerInput): Promise<ChatTimerRow> {
  const channel = await deps.channels.access(userId, channelId, 'commands', 'manage')
  checkTimer(input, true)
  // The owner's plan, whoever on the team adds it.
  const limits = await planLimits(deps.db, channel.userId)
  const values = timerValues(input)
  const row = await deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatTimers)
      .where(eq(chatTimers.channelId, channel.id))
    if (limits.timers !== null && n >= limits.timers) throw new AppError('PLAN_LIMIT', `Your plan allows ${limits.timers} timers per channel`)
    const [created] = await tx
      .insert(chatTimers)
      .values({ ...values, channelId: channel.id, name: values.name!, message: values.message!, intervalMinutes: values.intervalMinutes! })
      .returning()
    await deps.channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'commands', action: 'timer.create', after: timerEntry(created!) })
    return created!
  })
  changed(deps, channel.id, 'timers')
  return row
}

export async function updateTimer(deps: CommandsDeps, userId: number, id: number | string, input: TimerInput): Promise<ChatTimerRow> {
  const existing = await ownedTimer(deps, userId, id)
  checkTimer(input, false)
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(chatTimers)
      .set({ ...timerValues(input), updatedAt: deps.now() })
      .where(eq(chatTimers.id, existing.id))
      .returning()
    const entry = { channelId: existing.channelId, actorId: userId, module: 'commands' as const, action: 'timer.update' }
    await deps.channels.audit(tx, { ...entry, before: timerEntry(existing), after: timerEntry(updated!) })
    return updated
  })
  changed(deps, existing.channelId, 'timers')
  return row!
}

export async function deleteTimer(deps: CommandsDeps, userId: number, id: number | string): Promise<boolean> {
  const existing = await ownedTimer(deps, userId, id)
  await deps.db.transaction(async (tx) => {
    await tx.delete(chatTimers).where(eq(chatTimers.id, existing.id))
    await deps.channels.audit(tx, { channelId: existing.channelId, actorId: userId, module: 'commands', action: 'timer.delete', before: timerEntry(existing) })
  })
  changed(deps, existing.channelId, 'timers')
  return true
}
