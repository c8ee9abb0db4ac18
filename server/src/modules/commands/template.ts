/**
 * Response variables: ${user} (who used the command), ${touser} (the first word after the
 * command, without "@", else the user), ${count} (how often the command was used),
 * ${uptime} (how long the stream has been live), ${random a|b|c} (one of the options).
 */
export const COMMAND_VARIABLES = ['user', 'touser', 'count', 'uptime', 'random'] as const
/** Timers speak to nobody in particular: no ${user}, ${touser} or ${count}. */
export const TIMER_VARIABLES = ['uptime', 'random'] as const

export const MAX_MESSAGE_LENGTH = 500

const VARIABLE = /\$\{([^{}]*)\}/g

const list = (names: readonly string[]) => names.map((n) => (n === 'random' ? '${random a|b|c}' : `\${${n}}`)).join(', ')

/** Every problem with a template; empty when it is fine. */
export function templateProblems(text: string, allowed: readonly string[]): string[] {
  const problems: string[] = []
  if (text.trim().length === 0) problems.push('The message is empty')
  if (text.length > MAX_MESSAGE_LENGTH) problems.push(`The message has ${text.length} characters; the most is ${MAX_MESSAGE_LENGTH}`)
  const withoutVars = text.replace(VARIABLE, '')
  if (withoutVars.includes('${')) problems.push('A variable is not closed: write ${name}')
  for (const m of text.matchAll(VARIABLE)) {
    const inner = (m[1] ?? '').trim()
    const [name = '', ...rest] = inner.split(/\s+/)
    const args = rest.join(' ')
    if (!allowed.includes(name)) {
      problems.push(`Unknown variable \${${inner}}: use ${list(allowed)}`)
    } else if (name === 'random') {
      const options = args.split('|').map((o) => o.trim())
      if (options.length < 2 || options.some((o) => o === '')) {
        problems.push('${random} needs two or more options separated by |, e.g. ${random heads|tails}')
      }
    } else if (args) {
      problems.push(`\${${name}} takes no arguments`)
    }
  }
  return problems
}

export interface TemplateContext {
  user: string
  touser: string
  count: number
  /** Milliseconds live, or null when offline. */
  uptimeMs: number | null
}

export function formatUptime(ms: number | null): string {
  if (ms === null) return 'offline'
  const minutes = Math.floor(ms / 60_000)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h > 0 ? `${h}h ${m}m` : `${m}m`
}

/** Fills the variables of a validated template; the result is cut to the platform's 500 characters. */
export function renderTemplate(text: string, ctx: TemplateContext, random: () => number): string {
  const out = text.replace(VARIABLE, (whole, inner: string) => {
    const [name = '', ...rest] = inner.trim().split(/\s+/)
    switch (name) {
      case 'user':
        return ctx.user
      case 'touser':
        return ctx.touser
      case 'count':
        return String(ctx.count)
      case 'uptime':
        return formatUptime(ctx.uptimeMs)
      case 'random': {
        const options = rest
          .join(' ')
          .split('|')
          .map((o) => o.trim())
        return options[Math.min(options.length - 1, Math.floor(random() * options.length))] ?? ''
      }
      default:
        return whole
    }
  })
  return out.length > MAX_MESSAGE_LENGTH ? out.slice(0, MAX_MESSAGE_LENGTH) : out
}
