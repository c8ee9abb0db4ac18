/**
 * Form drafts of /pages/chatlist (what the user typed, as strings) and their checks. The
 * checks mirror the server's (commands.service.ts) so most mistakes show before saving;
 * each problem is a translation key with its values.
 */
import type { ChatCommandInput, ChatTimerInput, CommandAvailability, CommandPermission } from '../../../gql/types'
import {
  COMMAND_VARIABLES,
  MAX_COOLDOWN_SECONDS,
  MAX_MIN_LINES,
  MAX_TIMER_MINUTES,
  MIN_TIMER_MINUTES,
  TIMER_VARIABLES,
  TRIGGER_PATTERN,
  type TemplateProblem,
  normaliseTrigger,
  templateProblems,
} from './template'
import { parseWholeNumber } from '../../../components/channel-page/format'

export const PERMISSIONS: readonly CommandPermission[] = ['everyone', 'subscriber', 'regular', 'vip', 'moderator', 'broadcaster']
export const AVAILABILITIES: readonly CommandAvailability[] = ['always', 'online', 'offline']
const LOGIN_PATTERN = /^[a-z0-9_]{1,25}$/

/** Words of a list field ("!dc, !disc" or "ann bob"), as typed. */
export const listWords = (raw: string) => raw.split(/[\s,]+/).filter(Boolean)

export interface Problem {
  key: string
  values?: Record<string, string | number>
}

export type DraftProblems<F extends string> = Partial<Record<F, Problem[]>>

export interface CommandDraft {
  trigger: string
  response: string
  cooldownSeconds: string
  userCooldownSeconds: string
  permission: CommandPermission
  category: string
  enabled: boolean
  /** Further triggers, separated by commas or spaces. */
  aliases: string
  availability: CommandAvailability
  /** Viewer logins, separated by commas or spaces. */
  allowedUsers: string
  deniedUsers: string
}

export type CommandField = keyof CommandDraft

export const EMPTY_COMMAND: CommandDraft = {
  trigger: '',
  response: '',
  cooldownSeconds: '5',
  userCooldownSeconds: '0',
  permission: 'everyone',
  category: '',
  enabled: true,
  aliases: '',
  availability: 'always',
  allowedUsers: '',
  deniedUsers: '',
}

export interface TimerDraft {
  name: string
  message: string
  intervalMinutes: string
  minLines: string
  enabled: boolean
}

export type TimerField = keyof TimerDraft

export const EMPTY_TIMER: TimerDraft = { name: '', message: '', intervalMinutes: '15', minLines: '5', enabled: true }

function templateProblem(problem: TemplateProblem): Problem {
  switch (problem.kind) {
    case 'empty':
      return { key: 'template.empty' }
    case 'tooLong':
      return { key: 'template.tooLong', values: { length: problem.length, max: problem.max } }
    case 'unclosed':
      return { key: 'template.unclosed' }
    case 'unknownVariable':
      return { key: 'template.unknownVariable', values: { name: problem.name } }
    case 'randomOptions':
      return { key: 'template.randomOptions' }
    case 'noArguments':
      return { key: 'template.noArguments', values: { name: problem.name } }
    case 'counterName':
      return { key: 'template.counterName' }
    case 'timeZone':
      return { key: 'template.timeZone', values: { zone: problem.zone } }
  }
}

function add<F extends string>(out: DraftProblems<F>, field: F, problem: Problem) {
  ;(out[field] ??= []).push(problem)
}

function checkNumber<F extends string>(out: DraftProblems<F>, field: F, raw: string, min: number, max: number, key: string) {
  const value = parseWholeNumber(raw)
  if (value === null || value < min || value > max) add(out, field, { key, values: { min, max } })
}

export function checkCommand(draft: CommandDraft): DraftProblems<CommandField> {
  const out: DraftProblems<CommandField> = {}
  if (!TRIGGER_PATTERN.test(normaliseTrigger(draft.trigger))) add(out, 'trigger', { key: 'trigger' })
  for (const problem of templateProblems(draft.response, COMMAND_VARIABLES)) add(out, 'response', templateProblem(problem))
  checkNumber(out, 'cooldownSeconds', draft.cooldownSeconds, 0, MAX_COOLDOWN_SECONDS, 'cooldown')
  checkNumber(out, 'userCooldownSeconds', draft.userCooldownSeconds, 0, MAX_COOLDOWN_SECONDS, 'cooldown')
  if (draft.category.trim().length > 100) add(out, 'category', { key: 'category' })
  for (const alias of listWords(draft.aliases)) if (!TRIGGER_PATTERN.test(normaliseTrigger(alias))) add(out, 'aliases', { key: 'alias', values: { alias } })
  for (const field of ['allowedUsers', 'deniedUsers'] as const) {
    for (const login of listWords(draft[field])) {
      if (!LOGIN_PATTERN.test(login.toLowerCase().replace(/^@/, ''))) add(out, field, { key: 'login', values: { login } })
    }
  }
  return out
}

export function checkTimer(draft: TimerDraft): DraftProblems<TimerField> {
  const out: DraftProblems<TimerField> = {}
  const name = draft.name.trim()
  if (name.length < 1 || name.length > 50) add(out, 'name', { key: 'timerName' })
  for (const problem of templateProblems(draft.message, TIMER_VARIABLES)) add(out, 'message', templateProblem(problem))
  checkNumber(out, 'intervalMinutes', draft.intervalMinutes, MIN_TIMER_MINUTES, MAX_TIMER_MINUTES, 'interval')
  checkNumber(out, 'minLines', draft.minLines, 0, MAX_MIN_LINES, 'minLines')
  return out
}

export const hasProblems = (problems: Partial<Record<string, Problem[]>>) => Object.values(problems).some((list) => (list?.length ?? 0) > 0)

/** The input the server takes (call only when checkCommand found nothing). */
export function commandInput(draft: CommandDraft): ChatCommandInput {
  return {
    trigger: normaliseTrigger(draft.trigger),
    response: draft.response,
    cooldownSeconds: parseWholeNumber(draft.cooldownSeconds) ?? 0,
    userCooldownSeconds: parseWholeNumber(draft.userCooldownSeconds) ?? 0,
    permission: draft.permission,
    category: draft.category.trim() || null,
    enabled: draft.enabled,
    aliases: listWords(draft.aliases).map(normaliseTrigger),
    availability: draft.availability,
    allowedUsers: listWords(draft.allowedUsers).map((l) => l.toLowerCase().replace(/^@/, '')),
    deniedUsers: listWords(draft.deniedUsers).map((l) => l.toLowerCase().replace(/^@/, '')),
  }
}

export function timerInput(draft: TimerDraft): ChatTimerInput {
  return {
    name: draft.name.trim(),
    message: draft.message,
    intervalMinutes: parseWholeNumber(draft.intervalMinutes) ?? 0,
    minLines: parseWholeNumber(draft.minLines) ?? 0,
    enabled: draft.enabled,
  }
}

export function commandDraftOf(command: {
  trigger: string
  response: string
  cooldownSeconds: number
  userCooldownSeconds: number
  permission: CommandPermission
  category: string | null
  enabled: boolean
  aliases: readonly string[]
  availability: CommandAvailability
  allowedUsers: readonly string[]
  deniedUsers: readonly string[]
}): CommandDraft {
  return {
    trigger: command.trigger,
    response: command.response,
    cooldownSeconds: String(command.cooldownSeconds),
    userCooldownSeconds: String(command.userCooldownSeconds),
    permission: command.permission,
    category: command.category ?? '',
    enabled: command.enabled,
    aliases: command.aliases.join(', '),
    availability: command.availability,
    allowedUsers: command.allowedUsers.join(', '),
    deniedUsers: command.deniedUsers.join(', '),
  }
}

export function timerDraftOf(timer: { name: string; message: string; intervalMinutes: number; minLines: number; enabled: boolean }): TimerDraft {
  return {
    name: timer.name,
    message: timer.message,
    intervalMinutes: String(timer.intervalMinutes),
    minLines: String(timer.minLines),
    enabled: timer.enabled,
  }
}

/** A limit of the plan: how many are used and whether another one fits (null: no limit). */
export function limitState(used: number, limit: number | null): { atLimit: boolean; left: number | null } {
  if (limit === null) return { atLimit: false, left: null }
  return { atLimit: used >= limit, left: Math.max(0, limit - used) }
}
