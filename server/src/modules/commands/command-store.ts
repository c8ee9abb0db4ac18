import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { planLimits } from '../channels/plan-limits'
import type { ChannelRow } from '../channels/channels.tables'
import { badInput as bad, checkCommand, commandValues, triggerClash, type CommandInput } from './command-input'
import { changed, isUnique, type CommandActor, type CommandsDeps } from './commands-deps'
import { chatCommands, type ChatCommandRow } from './commands.tables'

const duplicate = (trigger: string) => bad({ trigger: [`The channel already has ${trigger}`] })

/**
 * Every change goes to an audit trail in the same transaction: a chat moderator's to the staff
 * log (no account here; `by` names them), the dashboard's (owner or team member) to the
 * channel's own log, named by the account that acted.
 */
async function audited(
  { audit, channels }: CommandsDeps,
  tx: Db,
  actor: CommandActor,
  action: string,
  id: number,
  before: ChatCommandRow | null,
  after: ChatCommandRow | null,
) {
  const shape = (r: ChatCommandRow | null) => (r ? { channelId: r.channelId, trigger: r.trigger, response: r.response } : null)
  if (actor.kind === 'dashboard') {
    const channelId = (after ?? before)!.channelId
    const entry = (r: ChatCommandRow | null) => (r ? { id, trigger: r.trigger, response: r.response, enabled: r.enabled } : null)
    await channels.audit(tx, {
      channelId,
      actorId: actor.userId,
      module: 'commands',
      action: action.replace('chatCommand.', 'command.'),
      before: entry(before),
      after: entry(after),
    })
    return
  }
  if (!audit) return
  const chat = (r: ChatCommandRow | null) => (r ? { ...shape(r), by: actor.login } : null)
  await audit.write(tx, { userId: null, role: 'chat-moderator' }, [{ action, entity: 'chatCommand', entityId: id, before: chat(before), after: chat(after) }])
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
export async function insertCommand(deps: CommandsDeps, channel: ChannelRow, input: CommandInput, actor: CommandActor): Promise<ChatCommandRow> {
  checkCommand(input, true)
  const limits = await planLimits(deps.db, channel.userId)
  const values = commandValues(input)
  try {
    const row = await deps.db.transaction(async (tx) => {
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
      await audited(deps, tx, actor, 'chatCommand.create', created!.id, null, created!)
      return created!
    })
    changed(deps, channel.id, 'commands')
    return row
  } catch (e) {
    if (isUnique(e)) throw duplicate(values.trigger!)
    throw e
  }
}

export async function patchCommand(deps: CommandsDeps, existing: ChatCommandRow, input: CommandInput, actor: CommandActor): Promise<ChatCommandRow> {
  checkCommand(input, false)
  const values = commandValues(input)
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (values.trigger !== undefined || values.aliases !== undefined) {
        await clashCheck(tx, existing.channelId, existing.id, values.trigger ?? existing.trigger, values.aliases ?? existing.aliases)
      }
      const [updated] = await tx
        .update(chatCommands)
        .set({ ...values, updatedAt: deps.now() })
        .where(eq(chatCommands.id, existing.id))
        .returning()
      await audited(deps, tx, actor, 'chatCommand.update', existing.id, existing, updated!)
      return updated!
    })
    changed(deps, existing.channelId, 'commands')
    return row
  } catch (e) {
    if (isUnique(e)) throw duplicate(values.trigger!)
    throw e
  }
}

export async function removeCommand(deps: CommandsDeps, existing: ChatCommandRow, actor: CommandActor): Promise<boolean> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(chatCommands).where(eq(chatCommands.id, existing.id))
    await audited(deps, tx, actor, 'chatCommand.delete', existing.id, existing, null)
  })
  changed(deps, existing.channelId, 'commands')
  return true
}
