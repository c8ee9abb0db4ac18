import { and, asc, eq, sql } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import { planLimits } from '../channels/plan-limits'
import type { AuditService } from '../audit/audit.service'
import type { ChannelRow } from '../channels/channels.tables'
import type { Platforms } from '../../platforms'
import type { IncomingChat } from '../../platforms/types'
import { createChatCommands } from './chat-commands'
import type { ChatHandler, ChatTurn } from './chat-turn'
import { createCounters } from './counters'
import { createPlatformValues } from './platform-values'
import { badInput, checkCommand, commandValues, triggerClash, type CommandInput } from './command-input'
import { chatCommands, chatTimers, type ChatCommandRow, type ChatTimerRow } from './commands.tables'
import { templateProblems, TIMER_VARIABLES } from './template'

/** Who changed a command: the channel's owner on the dashboard, or a moderator in chat (audited). */
export type CommandActor = { kind: 'owner'; userId: number } | { kind: 'chat'; login: string }

export interface TimerInput {
  name?: string | null
  message?: string | null
  intervalMinutes?: number | null
  minLines?: number | null
  enabled?: boolean | null
}

export { TRIGGER, type CommandInput } from './command-input'
export const MIN_TIMER_MINUTES = 5

const bad = badInput

const isUnique = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return (err.cause ?? err).code === '23505'
}

/** Custom commands and timers of a channel (/pages/chatlist), validated and within the plan's limits. */
export function createCommandsService(deps: {
  db: Db
  channels: ChannelsService
  pubsub: PubSub<Topics>
  now: () => Date
  audit?: AuditService
  /** For the platform variables (${title} ${viewers} ${followage}); without, they show "(unknown)". */
  platforms?: Platforms
}) {
  const { db, channels, pubsub, now, audit } = deps
  const changed = (channelId: number, what: string) => pubsub.publish('channelChanged', { channelId, what })

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

  /** A chat moderator's change goes to the audit trail in the same transaction (the dashboard's are the owner's own). */
  async function audited(tx: Db, actor: CommandActor, action: string, id: number, before: ChatCommandRow | null, after: ChatCommandRow | null) {
    if (actor.kind !== 'chat' || !audit) return
    const shape = (r: ChatCommandRow | null) => (r ? { channelId: r.channelId, trigger: r.trigger, response: r.response, by: actor.login } : null)
    await audit.write(tx, { userId: null, role: 'chat-moderator' }, [
      { action, entity: 'chatCommand', entityId: id, before: shape(before), after: shape(after) },
    ])
  }

  async function clashCheck(tx: Db, channelId: number, selfId: number | null, trigger: string, aliases: string[]) {
    const others = await tx
      .select({ id: chatCommands.id, trigger: chatCommands.trigger, aliases: chatCommands.aliases })
      .from(chatCommands)
      .where(eq(chatCommands.channelId, channelId))
    const clash = triggerClash(others, selfId, trigger, aliases)
    if (clash) throw bad({ [clash === trigger ? 'trigger' : 'aliases']: [`The channel already has ${clash}`] })
  }

  /** Creates a command on a channel (ownership checked by the caller), within the owner's plan. */
  async function insertCommand(channel: ChannelRow, input: CommandInput, actor: CommandActor): Promise<ChatCommandRow> {
    checkCommand(input, true)
    const limits = await planLimits(db, channel.userId)
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
        await clashCheck(tx, channel.id, null, values.trigger!, values.aliases ?? [])
        const [created] = await tx
          .insert(chatCommands)
          .values({ ...values, channelId: channel.id, trigger: values.trigger!, response: values.response! })
          .returning()
        await audited(tx, actor, 'chatCommand.create', created!.id, null, created!)
        return created!
      })
      changed(channel.id, 'commands')
      return row
    } catch (e) {
      if (isUnique(e)) throw duplicate(values.trigger!)
      throw e
    }
  }

  async function patchCommand(existing: ChatCommandRow, input: CommandInput, actor: CommandActor): Promise<ChatCommandRow> {
    checkCommand(input, false)
    const values = commandValues(input)
    try {
      const row = await db.transaction(async (tx) => {
        if (values.trigger !== undefined || values.aliases !== undefined) {
          await clashCheck(tx, existing.channelId, existing.id, values.trigger ?? existing.trigger, values.aliases ?? existing.aliases)
        }
        const [updated] = await tx
          .update(chatCommands)
          .set({ ...values, updatedAt: now() })
          .where(eq(chatCommands.id, existing.id))
          .returning()
        await audited(tx, actor, 'chatCommand.update', existing.id, existing, updated!)
        return updated!
      })
      changed(existing.channelId, 'commands')
      return row
    } catch (e) {
      if (isUnique(e)) throw duplicate(values.trigger!)
      throw e
    }
  }

  async function removeCommand(existing: ChatCommandRow, actor: CommandActor): Promise<boolean> {
    await db.transaction(async (tx) => {
      await tx.delete(chatCommands).where(eq(chatCommands.id, existing.id))
      await audited(tx, actor, 'chatCommand.delete', existing.id, existing, null)
    })
    changed(existing.channelId, 'commands')
    return true
  }

  async function createCommand(userId: number, channelId: number | string, input: CommandInput): Promise<ChatCommandRow> {
    const channel = await channels.owned(userId, channelId)
    return insertCommand(channel, input, { kind: 'owner', userId })
  }

  async function updateCommand(userId: number, id: number | string, input: CommandInput): Promise<ChatCommandRow> {
    return patchCommand(await ownedCommand(userId, id), input, { kind: 'owner', userId })
  }

  async function deleteCommand(userId: number, id: number | string): Promise<boolean> {
    return removeCommand(await ownedCommand(userId, id), { kind: 'owner', userId })
  }

  /** A command of the channel by trigger (for !editcom / !delcom in chat). */
  async function commandByTrigger(channelId: number, trigger: string): Promise<ChatCommandRow | undefined> {
    const [row] = await db
      .select()
      .from(chatCommands)
      .where(and(eq(chatCommands.channelId, channelId), eq(chatCommands.trigger, trigger)))
      .limit(1)
    return row
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

  const counters = createCounters({ db, channels, now })
  const values = deps.platforms ? createPlatformValues({ channels, platforms: deps.platforms, now }) : null
  const handlers: ChatHandler[] = []

  /**
   * The bot's one hook per chat line: custom and mod commands first, then the other chat
   * modules (quotes, giveaways) in the order they registered; each sees every line.
   */
  async function onChat(chat: IncomingChat, turn: ChatTurn): Promise<void> {
    await runner.onCommand(chat, turn)
    for (const h of handlers) await h(chat, turn)
  }

  const service = {
    listCommands,
    listTimers,
    createCommand,
    updateCommand,
    deleteCommand,
    createTimer,
    updateTimer,
    deleteTimer,
    countUse,
    insertCommand,
    patchCommand,
    removeCommand,
    commandByTrigger,
    enabledCommands: (channelId: number) =>
      db
        .select()
        .from(chatCommands)
        .where(and(eq(chatCommands.channelId, channelId), eq(chatCommands.enabled, true))),
    counters,
    onChat,
    /** Platform calls made for reply variables so far (a warm cache makes none). */
    platformCalls: () => values?.stats.calls ?? 0,
    /** When a viewer followed (cached; undefined: the platform cannot say), for giveaway eligibility. */
    followedAt: (row: ChannelRow, viewerId: string) => (values ? values.followedAt(row, viewerId) : Promise.resolve(undefined)),
    /** Another chat module's handler (quotes, giveaways): called for every line after the commands. */
    addChatHandler: (h: ChatHandler) => void handlers.push(h),
  }
  const runner = createChatCommands({
    commands: service,
    counters,
    values: values ?? { resolve: async () => ({}) },
  })
  return service
}

export type CommandsService = ReturnType<typeof createCommandsService>
