/**
 * The one template engine of the bot: commands, timers, conversation answers, follow thanks and
 * warnings all fill their `${…}` variables here.
 *
 * - ${user} who wrote; ${touser} the first argument without "@", else the user;
 * - ${1} … ${9} the arguments, ${1:} the first and the rest, ${1|nobody} with a default;
 * - ${count} how often the command was used; ${counter deaths} a named counter of the channel;
 * - ${uptime} ${channel} ${game} ${title} ${viewers} ${followage} read from the platform (the
 *   caller resolves them beforehand, cached; see platform-values.ts); ${time Europe/Berlin};
 * - ${random a|b|c} one of the options.
 *
 * Values are put in in one pass: a viewer's argument that contains `${…}` stays text and is
 * never read as a variable, and a reply that would start with a platform command (`/ban`,
 * `.timeout`) is neutralised.
 */

/** The variables of the first engine (what a text that answers a viewer always knew). */
export const COMMAND_VARIABLES = ['user', 'touser', 'count', 'uptime', 'random'] as const
/** Read from the platform the bot talks to (Helix, Kick's public API), cached briefly. */
export const PLATFORM_VARIABLES = ['channel', 'game', 'title', 'viewers', 'followage'] as const
export type PlatformVariable = (typeof PLATFORM_VARIABLES)[number]
/** Custom chat commands: everything, with arguments (`arg` stands for ${1}, ${1:}, ${1|default}). */
export const CHAT_COMMAND_VARIABLES = [...COMMAND_VARIABLES, 'arg', 'counter', 'time', ...PLATFORM_VARIABLES] as const
/** Conversation answers: everything but arguments (a rule matches a whole line, not a command's words). */
export const CONVERSATION_VARIABLES = [...COMMAND_VARIABLES, 'counter', 'time', ...PLATFORM_VARIABLES] as const
/** Timers speak to nobody in particular: no ${user}, ${touser}, ${count}, arguments or ${followage}. */
export const TIMER_VARIABLES = ['uptime', 'random', 'counter', 'time', 'channel', 'game', 'title', 'viewers'] as const

export const MAX_MESSAGE_LENGTH = 500
/** What a value shows when the platform does not know it (offline, Kick has no follow dates). */
export const UNKNOWN_VALUE = '(unknown)'

const VARIABLE = /\$\{([^{}]*)\}/g
const ARGUMENT = /^([1-9])(:)?(?:\|(.*))?$/s
export const COUNTER_NAME = /^[a-z0-9_]{1,30}$/

/** Why a template is refused; the code is for programs and the client's texts, the message for people. */
export type TemplateProblemCode =
  'TEMPLATE_EMPTY' | 'TEMPLATE_TOO_LONG' | 'TEMPLATE_UNBALANCED' | 'TEMPLATE_UNKNOWN_VARIABLE' | 'TEMPLATE_BAD_ARGUMENTS' | 'TEMPLATE_BAD_TIMEZONE'

export interface TemplateProblem {
  code: TemplateProblemCode
  message: string
}

const token = (name: string) =>
  name === 'random'
    ? '${random a|b|c}'
    : name === 'arg'
      ? '${1}'
      : name === 'counter'
        ? '${counter name}'
        : name === 'time'
          ? '${time Europe/Berlin}'
          : `\${${name}}`
const list = (names: readonly string[]) => names.map(token).join(', ')

const zones = new Map<string, Intl.DateTimeFormat | null>()
function makeZoneFormat(zone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  } catch {
    return null
  }
}
/** A formatter for an IANA time zone (cached), or null when the zone is unknown. */
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  if (!zones.has(zone)) {
    if (zones.size > 500) zones.clear()
    zones.set(zone, makeZoneFormat(zone))
  }
  return zones.get(zone) ?? null
}

/** The name and the words after it of one `${…}`. */
function split(inner: string): { name: string; args: string } {
  const trimmed = inner.trim()
  if (ARGUMENT.test(trimmed)) return { name: 'arg', args: trimmed }
  const [name = '', ...rest] = trimmed.split(/\s+/)
  return { name, args: rest.join(' ') }
}

function variableProblem(name: string, args: string, inner: string, allowed: readonly string[]): TemplateProblem | null {
  if (!allowed.includes(name)) return { code: 'TEMPLATE_UNKNOWN_VARIABLE', message: `Unknown variable \${${inner.trim()}}: use ${list(allowed)}` }
  switch (name) {
    case 'random': {
      const options = args.split('|').map((o) => o.trim())
      return options.length < 2 || options.some((o) => o === '')
        ? { code: 'TEMPLATE_BAD_ARGUMENTS', message: '${random} needs two or more options separated by |, e.g. ${random heads|tails}' }
        : null
    }
    case 'counter':
      return COUNTER_NAME.test(args)
        ? null
        : { code: 'TEMPLATE_BAD_ARGUMENTS', message: '${counter} needs a name of 1 to 30 letters, digits or underscores, e.g. ${counter deaths}' }
    case 'time':
      if (!args) return { code: 'TEMPLATE_BAD_ARGUMENTS', message: '${time} needs a time zone, e.g. ${time Europe/Berlin}' }
      return zoneFormat(args) ? null : { code: 'TEMPLATE_BAD_TIMEZONE', message: `Unknown time zone "${args}": use a name such as Europe/Berlin or UTC` }
    case 'arg':
      return null
    default:
      return args ? { code: 'TEMPLATE_BAD_ARGUMENTS', message: `\${${name}} takes no arguments` } : null
  }
}

/** Every problem with a template, coded; empty when it is fine. */
export function templateIssues(text: string, allowed: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  if (text.trim().length === 0) problems.push({ code: 'TEMPLATE_EMPTY', message: 'The message is empty' })
  if (text.length > MAX_MESSAGE_LENGTH) {
    problems.push({ code: 'TEMPLATE_TOO_LONG', message: `The message has ${text.length} characters; the most is ${MAX_MESSAGE_LENGTH}` })
  }
  const rest = text.replace(VARIABLE, '')
  if (rest.includes('${')) problems.push({ code: 'TEMPLATE_UNBALANCED', message: 'A variable is not closed: write ${name}' })
  else if (/\$\{[^}]*\{/.test(text)) problems.push({ code: 'TEMPLATE_UNBALANCED', message: 'Variables cannot be nested: write ${name}' })
  for (const m of text.matchAll(VARIABLE)) {
    const { name, args } = split(m[1] ?? '')
    const p = variableProblem(name, args, m[1] ?? '', allowed)
    if (p) problems.push(p)
  }
  return problems
}

/** The problems as messages (the first engine's shape, kept for its callers). */
export function templateProblems(text: string, allowed: readonly string[]): string[] {
  return templateIssues(text, allowed).map((p) => p.message)
}

/** The counters and platform variables a template reads (to resolve them before rendering). */
export function templateNeeds(text: string): { counters: string[]; platform: PlatformVariable[]; count: boolean } {
  const counters = new Set<string>()
  const platform = new Set<PlatformVariable>()
  let count = false
  for (const m of text.matchAll(VARIABLE)) {
    const { name, args } = split(m[1] ?? '')
    if (name === 'counter' && COUNTER_NAME.test(args)) counters.add(args)
    else if (name === 'count') count = true
    else if ((PLATFORM_VARIABLES as readonly string[]).includes(name)) platform.add(name as PlatformVariable)
  }
  return { counters: [...counters], platform: [...platform], count }
}

export interface TemplateContext {
  user: string
  touser: string
  count: number
  /** Milliseconds live, or null when offline. */
  uptimeMs: number | null
  /** The words after the command (${1} …). */
  args?: readonly string[]
  /** Named counters' values (${counter name}); a missing one shows 0. */
  counters?: Readonly<Record<string, number>>
  /** Platform values already formatted; a missing or null one shows UNKNOWN_VALUE. */
  platform?: Readonly<Partial<Record<PlatformVariable, string | null>>>
  /** For ${time …}; the wall clock when absent. */
  now?: Date
}

export function formatUptime(ms: number | null): string {
  if (ms === null) return 'offline'
  const minutes = Math.floor(ms / 60_000)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h > 0 ? `${h}h ${m}m` : `${m}m`
}

/** A follow age as chat products show it: "2 years 3 months", "5 days", "3 hours". */
export function formatFollowAge(since: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - since.getTime())
  const days = Math.floor(ms / 86_400_000)
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (days < 1) return plural(Math.floor(ms / 3_600_000), 'hour')
  let months = (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + now.getUTCMonth() - since.getUTCMonth()
  if (now.getUTCDate() < since.getUTCDate()) months--
  if (months < 1) return plural(days, 'day')
  const years = Math.floor(months / 12)
  const rest = months % 12
  if (years === 0) return plural(rest, 'month')
  return rest ? `${plural(years, 'year')} ${plural(rest, 'month')}` : plural(years, 'year')
}

function argument(spec: string, args: readonly string[]): string {
  const [, n = '1', rest, fallback] = ARGUMENT.exec(spec) ?? []
  const i = Number(n) - 1
  const value = rest ? args.slice(i).join(' ') : (args[i] ?? '')
  return value || (fallback ?? '').trim()
}

/**
 * A reply never starts a platform command: leading "/" "." "\" (and the spaces before them)
 * are removed, so `${1}` = "/ban someone" answers "ban someone".
 */
export function neutralise(text: string): string {
  return text.replace(/^[\s/.\\]+/, '')
}

function value(name: string, args: string, ctx: TemplateContext, random: () => number): string | null {
  switch (name) {
    case 'user':
      return ctx.user
    case 'touser':
      return ctx.touser
    case 'count':
      return String(ctx.count)
    case 'uptime':
      return formatUptime(ctx.uptimeMs)
    case 'arg':
      return argument(args, ctx.args ?? [])
    case 'counter':
      return String(ctx.counters?.[args] ?? 0)
    case 'time': {
      const f = zoneFormat(args)
      return f ? `${f.format(ctx.now ?? new Date())} (${args})` : UNKNOWN_VALUE
    }
    case 'random': {
      const options = args.split('|').map((o) => o.trim())
      return options[Math.min(options.length - 1, Math.floor(random() * options.length))] ?? ''
    }
    default:
      if ((PLATFORM_VARIABLES as readonly string[]).includes(name)) return ctx.platform?.[name as PlatformVariable] ?? UNKNOWN_VALUE
      return null
  }
}

/** Fills the variables of a validated template; the result is neutralised and cut to the platform's 500 characters. */
export function renderTemplate(text: string, ctx: TemplateContext, random: () => number): string {
  const filled = text.replace(VARIABLE, (whole, inner: string) => {
    const { name, args } = split(inner)
    return value(name, args, ctx, random) ?? whole
  })
  const out = neutralise(filled)
  return out.length > MAX_MESSAGE_LENGTH ? out.slice(0, MAX_MESSAGE_LENGTH) : out
}
