/**
 * Chat-command and timer templates, as the server reads them (server modules/commands/
 * template.ts): commands know ${user} ${touser} ${1} ${1:} ${1|default} ${count}
 * ${counter name} ${uptime} ${channel} ${game} ${title} ${viewers} ${followage}
 * ${time Europe/Berlin} ${random a|b|c}; timers the same but those naming a viewer or arguments; at most 500
 * characters. Used for the variables help, the live preview and checks before saving (the
 * server checks again and has the last word).
 */

export const COMMAND_VARIABLES = [
  'user',
  'touser',
  'arg',
  'count',
  'counter',
  'uptime',
  'channel',
  'game',
  'title',
  'viewers',
  'followage',
  'time',
  'random',
] as const
export const TIMER_VARIABLES = ['uptime', 'counter', 'channel', 'game', 'title', 'viewers', 'time', 'random'] as const
export type TemplateVariable = (typeof COMMAND_VARIABLES)[number]
const PLATFORM = ['channel', 'game', 'title', 'viewers', 'followage'] as const
type PlatformVariable = (typeof PLATFORM)[number]
const ARGUMENT = /^([1-9])(:)?(?:\|(.*))?$/s
const COUNTER_NAME = /^[a-z0-9_]{1,30}$/

export const MAX_MESSAGE_LENGTH = 500
export const TRIGGER_PATTERN = /^![a-z0-9_]{1,30}$/
export const MIN_TIMER_MINUTES = 5
export const MAX_TIMER_MINUTES = 1440
export const MAX_COOLDOWN_SECONDS = 86_400
export const MAX_MIN_LINES = 1000

const VARIABLE = /\$\{([^{}]*)\}/g

/** How a variable is written in a template (the text a help entry inserts). */
export function variableToken(name: TemplateVariable): string {
  switch (name) {
    case 'random':
      return '${random a|b|c}'
    case 'arg':
      return '${1}'
    case 'counter':
      return '${counter deaths}'
    case 'time':
      return '${time Europe/Berlin}'
    default:
      return `\${${name}}`
  }
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function split(inner: string): { name: string; args: string } {
  const trimmed = inner.trim()
  if (ARGUMENT.test(trimmed)) return { name: 'arg', args: trimmed }
  const [name = '', ...rest] = trimmed.split(/\s+/)
  return { name, args: rest.join(' ') }
}

export type TemplateProblem =
  | { kind: 'empty' }
  | { kind: 'tooLong'; length: number; max: number }
  | { kind: 'unclosed' }
  | { kind: 'unknownVariable'; name: string }
  | { kind: 'randomOptions' }
  | { kind: 'noArguments'; name: string }
  | { kind: 'counterName' }
  | { kind: 'timeZone'; zone: string }

/** Every problem with a template, in the server's order; empty when it is fine. */
export function templateProblems(text: string, allowed: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  if (text.trim().length === 0) problems.push({ kind: 'empty' })
  if (text.length > MAX_MESSAGE_LENGTH) problems.push({ kind: 'tooLong', length: text.length, max: MAX_MESSAGE_LENGTH })
  if (text.replace(VARIABLE, '').includes('${')) problems.push({ kind: 'unclosed' })
  for (const match of text.matchAll(VARIABLE)) {
    const { name, args } = split(match[1] ?? '')
    if (!allowed.includes(name)) problems.push({ kind: 'unknownVariable', name: (match[1] ?? '').trim() })
    else if (name === 'random') {
      const options = args.split('|').map((option) => option.trim())
      if (options.length < 2 || options.some((option) => option === '')) problems.push({ kind: 'randomOptions' })
    } else if (name === 'counter') {
      if (!COUNTER_NAME.test(args)) problems.push({ kind: 'counterName' })
    } else if (name === 'time') {
      if (!args || !validZone(args)) problems.push({ kind: 'timeZone', zone: args })
    } else if (name !== 'arg' && args) problems.push({ kind: 'noArguments', name })
  }
  return problems
}

export interface PreviewContext {
  user: string
  touser: string
  count: number
  /** What ${uptime} shows, already formatted. */
  uptime: string
  /** Which option ${random …} picks (wraps around). */
  randomIndex: number
  /** The words after the command (${1} …); [touser] when absent. */
  args?: readonly string[]
  /** Sample platform values and counters (the bot reads the real ones). */
  platform?: Partial<Record<PlatformVariable, string>>
  counterValue?: number
  now?: Date
}

function argument(spec: string, args: readonly string[]): string {
  const [, n = '1', rest, fallback] = ARGUMENT.exec(spec) ?? []
  const i = Number(n) - 1
  const value = rest ? args.slice(i).join(' ') : (args[i] ?? '')
  return value || (fallback ?? '').trim()
}

/**
 * The message the bot would send, with the sample values of `context`. Unknown variables
 * stay as written (the form shows them as problems).
 */
export function renderPreview(text: string, context: PreviewContext): string {
  const filled = text.replace(VARIABLE, (whole, inner: string) => {
    const { name, args } = split(inner)
    switch (name) {
      case 'user':
        return context.user
      case 'touser':
        return context.touser
      case 'arg':
        return argument(args, context.args ?? [context.touser])
      case 'count':
        return String(context.count)
      case 'counter':
        return String(context.counterValue ?? 0)
      case 'uptime':
        return context.uptime
      case 'time':
        return validZone(args)
          ? `${new Intl.DateTimeFormat('en-GB', { timeZone: args, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(context.now ?? new Date())} (${args})`
          : whole
      case 'random': {
        const options = args.split('|').map((option) => option.trim())
        return options[context.randomIndex % options.length] ?? ''
      }
      default:
        return (PLATFORM as readonly string[]).includes(name) ? (context.platform?.[name as PlatformVariable] ?? '(unknown)') : whole
    }
  })
  // As the bot does: a reply never starts a platform command (/ban, .timeout).
  const out = filled.replace(/^[\s/.\\]+/, '')
  return out.length > MAX_MESSAGE_LENGTH ? out.slice(0, MAX_MESSAGE_LENGTH) : out
}

/** A trigger as the server stores it: trimmed, lower case; a missing "!" is added. */
export function normaliseTrigger(raw: string): string {
  const trimmed = raw.trim().toLowerCase()
  if (!trimmed) return ''
  return trimmed.startsWith('!') ? trimmed : `!${trimmed}`
}

/** Inserts `token` into `text` at the selection, answering the new text and caret. */
export function insertAt(text: string, token: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length))
  const to = Math.max(from, Math.min(end, text.length))
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length }
}
