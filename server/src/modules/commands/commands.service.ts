import { and, asc, eq, sql } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import { planLimits } from '../channels/plan-limits'
import { chatCommands, chatTimers, commandPermissions, type ChatCommandRow, type ChatTimerRow, type CommandPermission } from './commands.tables'
import { COMMAND_VARIABLES, templateProblems, TIMER_VARIABLES } from './template'

export interface CommandInput {
  trigger?: string | null
  response?: string | null
  cooldownSeconds?: number | null
  userCooldownSeconds?: number | null
  permission?: CommandPermission | null
  enabled?: boolean | null
  category?: string | null
}

export interface TimerInput {
  name?: string | null
  message?: string | null
  intervalMinutes?: number | null
  minLines?: number | null
  enabled?: boolean | null
}

export const TRIGGER = /^![a-z0-9_]{1,30}$/
export const MIN_TIMER_MINUTES = 5

const bad = (fields: Record<string, string[]>) => new AppError('BAD_USER_INPUT', Object.values(fields).flat().join('; '), fields)

const isUnique = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return (err.cause ?? err).code === '23505'
}

/** Custom commands and timers of a channel (/pages/chatlist), validated and within the plan's limits. */
export function createCommandsService(deps: { db: Db; channels: ChannelsService; pubsub: PubSub<Topics>; now: () => Date }) {
  const { db, channels, pubsub, now } = deps
  const changed = (channelId: number, what: string) => pubsub.publish('channelChanged', { channelId, what })

  function checkCommand(input: CommandInput, creating: boolean) {
    const fields: Record<string, string[]> = {}
    const add = (k: string, m: string) => (fields[k] ??= []).push(m)
    if (creating || input.trigger != null) {
      const t = (input.trigger ?? '').trim().toLowerCase()
      if (!TRIGGER.test(t)) add('trigger', 'A trigger is ! followed by 1 to 30 letters, digits or underscores, e.g. !discord')
    }
    if (creating || input.response != null) for (const p of templateProblems(input.response ?? '', COMMAND_VARIABLES)) add('response', p)
    for (const k of ['cooldownSeconds', 'userCooldownSeconds'] as const) {
      const v = input[k]
      if (v != null && (!Number.isInteger(v) || v < 0 || v > 86_400)) add(k, 'A cooldown is 0 to 86400 seconds')
    }
    if (input.permission != null && !commandPermissions.includes(input.permission)) add('permission', 'Unknown permission')
    if (input.category != null && input.category.length > 100) add('category', 'A category name has at most 100 characters')
    if (Object.keys(fields).length) throw bad(fields)
  }

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

  const commandValues = (input: CommandInput) => {
    const v: Partial<ChatCommandRow> = {}
    if (input.trigger != null) v.trigger = input.trigger.trim().toLowerCase()
    if (input.response != null) v.response = input.response
    if (input.cooldownSeconds != null) v.cooldownSeconds = input.cooldownSeconds
    if (input.userCooldownSeconds != null) v.userCooldownSeconds = input.userCooldownSeconds
    if (input.permission != null) v.permission = input.permission
    if (input.enabled != null) v.enabled = input.enabled
    if (input.category !== undefined) v.category = input.category?.trim() || null
    return v
  }

  async function listCommands(channelId: number): Promise<ChatCommandRow[]> {
    return db.select().from(chatCommands).where(eq(chatCommands.channelId, channelId)).orderBy(asc(chatCommands.trigger))
  }

  async function listTimers(channelId: number): Promise<ChatTimerRow[]> {
    return db.select().from(chatTimers).where(eq(chatTimers.channelId, channelId)).orderBy(asc(chatTimers.id))
  }

  async function ownedCommand(userId: number, id: number | string): Promise<ChatCommandRow> {
    const n = Number(id)
    const [row] = Number.isSafeInteger(n) ? await db.select().from(chatCommands).where(eq(chatCommands.id, n)).limit(1) : []
    if (!row) throw new AppError('NOT_FOUND', 'Command not found')
    await channels.owned(userId, row.channelId).catch(() => {
      throw new AppError('NOT_FOUND', 'Command not found')
    })
    return row
  }

  async function ownedTimer(userId: number, id: number | string): Promise<ChatTimerRow> {
    const n = Number(id)
    const [row] = Number.isSafeInteger(n) ? await db.select().from(chatTimers).where(eq(chatTimers.id, n)).limit(1) : []
    if (!row) throw new AppError('NOT_FOUND', 'Timer not found')
    await channels.owned(userId, row.channelId).catch(() => {
      throw new AppError('NOT_FOUND', 'Timer not found')
    })
    return row
  }

  const duplicate = (trigger: string) => bad({ trigger: [`The channel already has ${trigger}`] })

  async function createCommand(userId: number, channelId: number | string, input: CommandInput): Promise<ChatCommandRow> {
    const channel = await channels.owned(userId, channelId)
    checkCommand(input, true)
    const limits = await planLimits(db, userId)
    const values = commandValues(input)
    try {
      const row = await db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chatCommands)
          .where(eq(chatCommands.channelId, channel.id))
        if (limits.commands !== null && n >= limits.commands) {
          throw new AppError('PLAN_LIMIT', `Your plan allows ${limits.commands} commands per channel`)
        }
        const [created] = await tx
          .insert(chatCommands)
          .values({ ...values, channelId: channel.id, trigger: values.trigger!, response: values.response! })
          .returning()
        return created!
      })
      changed(channel.id, 'commands')
      return row
    } catch (e) {
      if (isUnique(e)) throw duplicate(values.trigger!)
      throw e
    }
  }

  async function updateCommand(userId: number, id: number | string, input: CommandInput): Promise<ChatCommandRow> {
    const existing = await ownedCommand(userId, id)
    checkCommand(input, false)
    const values = commandValues(input)
    try {
      const [row] = await db
        .update(chatCommands)
        .set({ ...values, updatedAt: now() })
        .where(eq(chatCommands.id, existing.id))
        .returning()
      changed(existing.channelId, 'commands')
      return row!
    } catch (e) {
      if (isUnique(e)) throw duplicate(values.trigger!)
      throw e
    }
  }

  async function deleteCommand(userId: number, id: number | string): Promise<boolean> {
    const existing = await ownedCommand(userId, id)
    await db.delete(chatCommands).where(eq(chatCommands.id, existing.id))
    changed(existing.channelId, 'commands')
    return true
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

  async function createTimer(userId: number, channelId: number | string, input: TimerInput): Promise<ChatTimerRow> {
    const channel = await channels.owned(userId, channelId)
    checkTimer(input, true)
    const limits = await planLimits(db, userId)
    const values = timerValues(input)
    const row = await db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(chatTimers)
        .where(eq(chatTimers.channelId, channel.id))
      if (limits.timers !== null && n >= limits.timers) throw new AppError('PLAN_LIMIT', `Your plan allows ${limits.timers} timers per channel`)
      const [created] = await tx
        .insert(chatTimers)
        .values({ ...values, channelId: channel.id, name: values.name!, message: values.message!, intervalMinutes: values.intervalMinutes! })
        .returning()
      return created!
    })
    changed(channel.id, 'timers')
    return row
  }

  async function updateTimer(userId: number, id: number | string, input: TimerInput): Promise<ChatTimerRow> {
    const existing = await ownedTimer(userId, id)
    checkTimer(input, false)
    const [row] = await db
      .update(chatTimers)
      .set({ ...timerValues(input), updatedAt: now() })
      .where(eq(chatTimers.id, existing.id))
      .returning()
    changed(existing.channelId, 'timers')
    return row!
  }

  async function deleteTimer(userId: number, id: number | string): Promise<boolean> {
    const existing = await ownedTimer(userId, id)
    await db.delete(chatTimers).where(eq(chatTimers.id, existing.id))
    changed(existing.channelId, 'timers')
    return true
  }

  /** Worker: counts a use and answers the new count (for ${count}). */
  async function countUse(commandId: number): Promise<number> {
    const [row] = await db
      .update(chatCommands)
      .set({ useCount: sql`${chatCommands.useCount} + 1` })
      .where(eq(chatCommands.id, commandId))
      .returning({ n: chatCommands.useCount })
    return row?.n ?? 0
  }

  return {
    listCommands,
    listTimers,
    createCommand,
    updateCommand,
    deleteCommand,
    createTimer,
    updateTimer,
    deleteTimer,
    countUse,
    enabledCommands: (channelId: number) =>
      db
        .select()
        .from(chatCommands)
        .where(and(eq(chatCommands.channelId, channelId), eq(chatCommands.enabled, true))),
  }
}

export type CommandsService = ReturnType<typeof createCommandsService>
