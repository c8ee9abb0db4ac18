import { and, asc, eq, sql } from 'drizzle-orm'
import { inIds, perChannel } from '../../db/id-list'
import { AppError } from '../../errors'
import { WEBHOOK_EVENTS } from '../webhooks/webhooks.module'
import type { CommandInput } from './command-input'
import { insertCommand, patchCommand, removeCommand } from './command-store'
import type { CommandsDeps } from './commands-deps'
import { chatCommands, type ChatCommandRow } from './commands.tables'

export async function listCommands({ db }: CommandsDeps, channelId: number): Promise<ChatCommandRow[]> {
  return db.select().from(chatCommands).where(eq(chatCommands.channelId, channelId)).orderBy(asc(chatCommands.trigger))
}

export const enabledCommands = async (deps: CommandsDeps, channelId: number): Promise<ChatCommandRow[]> =>
  (await enabledCommandsOf(deps, [channelId])).get(channelId) ?? []

/** Worker: the enabled commands of many channels in one statement (a lease round's starts). */
export function enabledCommandsOf({ db }: CommandsDeps, channelIds: readonly number[]): Promise<Map<number, ChatCommandRow[]>> {
  return perChannel(channelIds, (ids) =>
    db
      .select()
      .from(chatCommands)
      .where(and(inIds(chatCommands.channelId, ids), eq(chatCommands.enabled, true))),
  )
}

async function managedCommand({ db, channels }: CommandsDeps, userId: number, id: number | string): Promise<ChatCommandRow> {
  const n = Number(id)
  const [row] = Number.isSafeInteger(n) ? await db.select().from(chatCommands).where(eq(chatCommands.id, n)).limit(1) : []
  if (!row) throw new AppError('NOT_FOUND', 'Command not found')
  await channels.access(userId, row.channelId, 'commands', 'manage').catch((e: unknown) => {
    // A team member without the right hears so; anyone else cannot tell the command exists.
    throw e instanceof AppError && e.code === 'FORBIDDEN' ? e : new AppError('NOT_FOUND', 'Command not found')
  })
  return row
}

export async function createCommand(deps: CommandsDeps, userId: number, channelId: number | string, input: CommandInput): Promise<ChatCommandRow> {
  const channel = await deps.channels.access(userId, channelId, 'commands', 'manage')
  return insertCommand(deps, channel, input, { kind: 'dashboard', userId })
}

export async function updateCommand(deps: CommandsDeps, userId: number, id: number | string, input: CommandInput): Promise<ChatCommandRow> {
  return patchCommand(deps, await managedCommand(deps, userId, id), input, { kind: 'dashboard', userId })
}

export async function deleteCommand(deps: CommandsDeps, userId: number, id: number | string): Promise<boolean> {
  return removeCommand(deps, await managedCommand(deps, userId, id), { kind: 'dashboard', userId })
}

/** A command of the channel by trigger (for !editcom / !delcom in chat). */
export async function commandByTrigger({ db }: CommandsDeps, channelId: number, trigger: string): Promise<ChatCommandRow | undefined> {
  const [row] = await db
    .select()
    .from(chatCommands)
    .where(and(eq(chatCommands.channelId, channelId), eq(chatCommands.trigger, trigger)))
    .limit(1)
  return row
}

/**
 * Worker: counts a use and answers the new count (for ${count}); the `command.used` webhook is
 * queued in the same transaction as the count.
 */
export async function countUse({ db, webhooks }: CommandsDeps, commandId: number, user = ''): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatCommands)
      .set({ useCount: sql`${chatCommands.useCount} + 1` })
      .where(eq(chatCommands.id, commandId))
      .returning({ n: chatCommands.useCount, channelId: chatCommands.channelId, trigger: chatCommands.trigger })
    if (!row) return 0
    await webhooks.enqueue(tx, row.channelId, WEBHOOK_EVENTS.commandUsed, { trigger: row.trigger, user, useCount: row.n })
    return row.n
  })
}
