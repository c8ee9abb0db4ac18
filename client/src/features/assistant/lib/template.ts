/**
 * Chat-command and timer templates, as the server reads them (server modules/commands/
 * template.ts): ${user} ${touser} ${count} ${uptime} ${random a|b|c}; timers only ${uptime}
 * and ${random …}; at most 500 characters. Used for the variables help, the live preview
 * and checks before saving (the server checks again and has the last word).
 */

export const COMMAND_VARIABLES = ['user', 'touser', 'count', 'uptime', 'random'] as const
export const TIMER_VARIABLES = ['uptime', 'random'] as const
export type TemplateVariable = (typeof COMMAND_VARIABLES)[number]

export const MAX_MESSAGE_LENGTH = 500
export const TRIGGER_PATTERN = /^![a-z0-9_]{1,30}$/
export const MIN_TIMER_MINUTES = 5
export const MAX_TIMER_MINUTES = 1440
export const MAX_COOLDOWN_SECONDS = 86_400
export const MAX_MIN_LINES = 1000

const VARIABLE = /\$\{([^{}]*)\}/g

/** How a variable is written in a template (the text a help entry inserts). */
export function variableToken(name: TemplateVariable): string {
  return name === 'random' ? '${random a|b|c}' : `\${${name}}`
}

export type TemplateProblem =
  | { kind: 'empty' }
  | { kind: 'tooLong'; length: number; max: number }
  | { kind: 'unclosed' }
  | { kind: 'unknownVariable'; name: string }
  | { kind: 'randomOptions' }
  | { kind: 'noArguments'; name: string }

/** Every problem with a template, in the server's order; empty when it is fine. */
export function templateProblems(text: string, allowed: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  if (text.trim().length === 0) problems.push({ kind: 'empty' })
  if (text.length > MAX_MESSAGE_LENGTH) problems.push({ kind: 'tooLong', length: text.length, max: MAX_MESSAGE_LENGTH })
  if (text.replace(VARIABLE, '').includes('${')) problems.push({ kind: 'unclosed' })
  for (const match of text.matchAll(VARIABLE)) {
    const inner = (match[1] ?? '').trim()
    const [name = '', ...rest] = inner.split(/\s+/)
    const args = rest.join(' ')
    if (!allowed.includes(name)) problems.push({ kind: 'unknownVariable', name: inner })
    else if (name === 'random') {
      const options = args.split('|').map((option) => option.trim())
      if (options.length < 2 || options.some((option) => option === '')) problems.push({ kind: 'randomOptions' })
    } else if (args) problems.push({ kind: 'noArguments', name })
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
}

/**
 * The message the bot would send, with the sample values of `context`. Unknown variables
 * stay as written (the form shows them as problems).
 */
export function renderPreview(text: string, context: PreviewContext): string {
  const out = text.replace(VARIABLE, (whole, inner: string) => {
    const [name = '', ...rest] = inner.trim().split(/\s+/)
    switch (name) {
      case 'user':
        return context.user
      case 'touser':
        return context.touser
      case 'count':
        return String(context.count)
      case 'uptime':
        return context.uptime
      case 'random': {
        const options = rest
          .join(' ')
          .split('|')
          .map((option) => option.trim())
        return options[context.randomIndex % options.length] ?? ''
      }
      default:
        return whole
    }
  })
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
