import { isAppError } from '../../errors'
import type { IncomingChat } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import type { CommandInput } from './command-input'
import type { ChatCommandRow } from './commands.tables'
import { words, type ChatTurn } from './chat-turn'
import { parseCounterChange, type Counters } from './counters'
import { isModerator, mayUse } from './permission'
import { neutralise, renderTemplate, templateNeeds } from './template'
import type { TemplateValuesResolver } from './template-values'

type ChatActor = { kind: 'chat'; login: string }
/** What the runner needs of the commands service (kept structural: the service builds the runner). */
export interface CommandStore {
  insertCommand(channel: ChannelRow, input: CommandInput, actor: ChatActor): Promise<ChatCommandRow>
  patchCommand(existing: ChatCommandRow, input: CommandInput, actor: ChatActor): Promise<ChatCommandRow>
  removeCommand(existing: ChatCommandRow, actor: ChatActor): Promise<boolean>
  commandByTrigger(channelId: number, trigger: string): Promise<ChatCommandRow | undefined>
  countUse(commandId: number, user: string): Promise<number>
}

/** Cooldown entries kept per channel before the map is emptied. */
const MAX_COOLDOWNS = 10_000

const MOD_COMMANDS = new Set(['!addcom', '!editcom', '!delcom'])

/** The command a trigger or alias names. */
export const findCommand = (commands: readonly ChatCommandRow[], word: string) => commands.find((c) => c.trigger === word || c.aliases.includes(word))

/** Whether the command answers now: its module, category and online/offline setting. */
function available(cmd: ChatCommandRow, turn: ChatTurn): boolean {
  if (cmd.category) {
    if (!turn.row.categoryChatBot) return false
    if (cmd.category.toLowerCase() !== (turn.category ?? '').toLowerCase()) return false
  } else if (!turn.row.chatBot) return false
  if (cmd.availability === 'online' && !turn.live) return false
  if (cmd.availability === 'offline' && turn.live) return false
  return true
}

/** Global and per-viewer cooldowns; true (and the use noted) when the command may answer now. */
function cooledDown(cmd: ChatCommandRow, userId: string, turn: ChatTurn): boolean {
  const globalKey = `c:${cmd.id}`
  const userKey = `u:${cmd.id}:${userId}`
  const lastAny = turn.cooldowns.get(globalKey)
  const lastUser = turn.cooldowns.get(userKey)
  if (lastAny !== undefined && turn.now - lastAny < cmd.cooldownSeconds * 1000) return false
  if (lastUser !== undefined && turn.now - lastUser < cmd.userCooldownSeconds * 1000) return false
  turn.cooldowns.set(globalKey, turn.now)
  if (cmd.userCooldownSeconds > 0) turn.cooldowns.set(userKey, turn.now)
  if (turn.cooldowns.size > MAX_COOLDOWNS) turn.cooldowns.clear()
  return true
}

/**
 * Custom commands in chat: trigger or alias, availability, level and viewer lists, cooldowns;
 * `!deaths +1` by a moderator changes the one counter the reply shows; the reply's counters and
 * platform values are resolved (cached) before it is filled. Also `!addcom`, `!editcom` and
 * `!delcom` for moderators, validated as on the dashboard and audited.
 */
export function createChatCommands(deps: {
  commands: CommandStore
  counters: Pick<Counters, 'change'>
  /** The resolver timers and conversation answers use too. */
  templateValues: TemplateValuesResolver
  /** Whether a login is one of the channel's regulars (asked for regulars' commands only). */
  isRegular: (channelId: number, login: string) => Promise<boolean>
}) {
  const { commands, counters, templateValues } = deps

  async function modCommand(word: string, args: string[], chat: IncomingChat, turn: ChatTurn): Promise<string> {
    const [rawTrigger = '', ...rest] = args
    const trigger = (rawTrigger.startsWith('!') ? rawTrigger : `!${rawTrigger}`).toLowerCase()
    const response = rest.join(' ')
    const actor = { kind: 'chat' as const, login: chat.userLogin }
    const usage: Record<string, string> = { '!addcom': '!addcom !trigger reply', '!editcom': '!editcom !trigger new reply', '!delcom': '!delcom !trigger' }
    if (!rawTrigger) return `@${chat.userName} Usage: ${usage[word]}`
    try {
      if (word === '!addcom') {
        await commands.insertCommand(turn.row, { trigger, response }, actor)
        return `@${chat.userName} Added ${trigger}.`
      }
      const existing = await commands.commandByTrigger(turn.row.id, trigger)
      if (!existing) return `@${chat.userName} There is no ${trigger}.`
      if (word === '!editcom') {
        await commands.patchCommand(existing, { response }, actor)
        return `@${chat.userName} Changed ${trigger}.`
      }
      await commands.removeCommand(existing, actor)
      return `@${chat.userName} Deleted ${trigger}.`
    } catch (e) {
      if (!isAppError(e)) throw e
      const first = e.fields ? Object.values(e.fields).flat()[0] : undefined
      return `@${chat.userName} ${first ?? e.message}`
    }
  }

  /** Answers a command line; false when the line was no command of this channel. */
  async function onCommand(chat: IncomingChat, turn: ChatTurn): Promise<boolean> {
    const { word, args } = words(chat.text)
    if (!word.startsWith('!')) return false
    if (MOD_COMMANDS.has(word)) {
      if (!turn.row.chatBot || !isModerator(chat.roles) || !(await turn.mayWrite())) return false
      turn.say(neutralise(await modCommand(word, args, chat, turn)))
      return true
    }
    const cmd = findCommand(turn.commands, word)
    if (!cmd || !available(cmd, turn)) return false
    if (!(await mayUse(cmd, chat.userLogin, chat.roles, (login) => deps.isRegular(turn.row.id, login)))) return false
    if (!cooledDown(cmd, chat.userId, turn)) return false
    if (!(await turn.mayWrite())) return false
    const needs = templateNeeds(cmd.response)
    const change = needs.counters.length === 1 && isModerator(chat.roles) ? parseCounterChange(args[0]) : null
    if (change) await counters.change(turn.row.id, needs.counters[0]!, change)
    const [count, resolved] = await Promise.all([
      commands.countUse(cmd.id, chat.userName),
      templateValues(turn.row, cmd.response, chat.userId, { live: turn.live, category: turn.category }),
    ])
    const touser = (args[0] ?? '').replace(/^@/, '') || chat.userName
    turn.say(renderTemplate(cmd.response, { user: chat.userName, touser, count, uptimeMs: turn.uptimeMs, args, ...resolved }, turn.random))
    return true
  }

  return { onCommand }
}
