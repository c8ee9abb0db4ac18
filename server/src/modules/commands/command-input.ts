import { AppError } from '../../errors'
import { commandAvailabilities, commandLevels, type ChatCommandRow, type CommandAvailability, type CommandLevel } from './commands.tables'
import { CHAT_COMMAND_VARIABLES, templateIssues } from './template'

export interface CommandInput {
  trigger?: string | null
  response?: string | null
  cooldownSeconds?: number | null
  userCooldownSeconds?: number | null
  permission?: CommandLevel | null
  enabled?: boolean | null
  category?: string | null
  aliases?: string[] | null
  availability?: CommandAvailability | null
  allowedUsers?: string[] | null
  deniedUsers?: string[] | null
}

export const TRIGGER = /^![a-z0-9_]{1,30}$/
const LOGIN = /^[a-z0-9_]{1,25}$/
export const MAX_ALIASES = 10
export const MAX_LISTED_USERS = 100

export const badInput = (fields: Record<string, string[]>) => new AppError('BAD_USER_INPUT', Object.values(fields).flat().join('; '), fields)

const normTrigger = (t: string) => {
  const s = t.trim().toLowerCase()
  return s.startsWith('!') ? s : `!${s}`
}
const normLogin = (l: string) => l.trim().toLowerCase().replace(/^@/, '')

/** Every problem of a command, by field (the dashboard's form and `!addcom` both answer these). */
export function commandProblems(input: CommandInput, creating: boolean): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  const add = (k: string, m: string) => (fields[k] ??= []).push(m)
  if (creating || input.trigger != null) {
    if (!TRIGGER.test((input.trigger ?? '').trim().toLowerCase()))
      add('trigger', 'A trigger is ! followed by 1 to 30 letters, digits or underscores, e.g. !discord')
  }
  if (creating || input.response != null) for (const p of templateIssues(input.response ?? '', CHAT_COMMAND_VARIABLES)) add('response', p.message)
  for (const k of ['cooldownSeconds', 'userCooldownSeconds'] as const) {
    const v = input[k]
    if (v != null && (!Number.isInteger(v) || v < 0 || v > 86_400)) add(k, 'A cooldown is 0 to 86400 seconds')
  }
  if (input.permission != null && !commandLevels.includes(input.permission)) add('permission', 'Unknown permission')
  if (input.availability != null && !commandAvailabilities.includes(input.availability)) add('availability', 'Unknown availability')
  if (input.category != null && input.category.length > 100) add('category', 'A category name has at most 100 characters')
  if (input.aliases != null) {
    if (input.aliases.length > MAX_ALIASES) add('aliases', `At most ${MAX_ALIASES} aliases`)
    for (const a of input.aliases) if (!TRIGGER.test(normTrigger(a))) add('aliases', `"${a.slice(0, 40)}" is not a trigger such as !dc`)
  }
  for (const k of ['allowedUsers', 'deniedUsers'] as const) {
    const list = input[k]
    if (list == null) continue
    if (list.length > MAX_LISTED_USERS) add(k, `At most ${MAX_LISTED_USERS} viewers`)
    for (const l of list) if (!LOGIN.test(normLogin(l))) add(k, `"${l.slice(0, 40)}" is not a viewer's login name`)
  }
  return fields
}

export function checkCommand(input: CommandInput, creating: boolean) {
  const fields = commandProblems(input, creating)
  if (Object.keys(fields).length) throw badInput(fields)
}

/** The columns an input sets (only the given fields); lists normalised and without duplicates. */
export function commandValues(input: CommandInput): Partial<ChatCommandRow> {
  const v: Partial<ChatCommandRow> = {}
  if (input.trigger != null) v.trigger = input.trigger.trim().toLowerCase()
  if (input.response != null) v.response = input.response
  if (input.cooldownSeconds != null) v.cooldownSeconds = input.cooldownSeconds
  if (input.userCooldownSeconds != null) v.userCooldownSeconds = input.userCooldownSeconds
  if (input.permission != null) v.permission = input.permission
  if (input.enabled != null) v.enabled = input.enabled
  if (input.category !== undefined) v.category = input.category?.trim() || null
  if (input.availability != null) v.availability = input.availability
  if (input.aliases != null) v.aliases = [...new Set(input.aliases.map(normTrigger))]
  if (input.allowedUsers != null) v.allowedUsers = [...new Set(input.allowedUsers.map(normLogin))]
  if (input.deniedUsers != null) v.deniedUsers = [...new Set(input.deniedUsers.map(normLogin))]
  return v
}

/** A trigger or alias that another command of the channel (or this one twice) already answers to. */
export function triggerClash(
  others: Pick<ChatCommandRow, 'id' | 'trigger' | 'aliases'>[],
  selfId: number | null,
  trigger: string,
  aliases: string[],
): string | null {
  const taken = new Set<string>()
  for (const c of others) {
    if (c.id === selfId) continue
    taken.add(c.trigger)
    for (const a of c.aliases) taken.add(a)
  }
  for (const t of [trigger, ...aliases]) if (taken.has(t)) return t
  if (aliases.includes(trigger)) return trigger
  return null
}
