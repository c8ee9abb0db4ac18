/**
 * The moderation settings as the editor holds them, and the checks it makes before saving. The
 * limits mirror the server's zod schema (server/src/modules/moderation/settings.ts), which stays
 * the judge: its refusals come back per field (filters.caps.percent) and show beside the input.
 */

export const FILTERS = ['links', 'terms', 'caps', 'symbols', 'repetition', 'emotes', 'length', 'zalgo'] as const
export type FilterKey = (typeof FILTERS)[number]
export const ACTIONS = ['delete', 'timeout', 'ban'] as const
export type FilterAction = (typeof ACTIONS)[number]
export const EXEMPT_LEVELS = ['vip', 'subscriber', 'regular'] as const
export type ExemptLevel = (typeof EXEMPT_LEVELS)[number]

export interface FilterSettings {
  enabled: boolean
  action: FilterAction
  timeoutSeconds: number
  warnFirst: boolean
  exempt: ExemptLevel[]
  [threshold: string]: unknown
}

export interface Settings {
  enabled: boolean
  warnTemplate: string
  warnCooldownSeconds: number
  escalationSeconds: number
  filters: Record<FilterKey, FilterSettings>
}

export interface Range {
  min: number
  max: number
}

export const MAX_TIMEOUT_SECONDS = 1_209_600
export const MAX_WARN_LENGTH = 300

/** Each filter's number fields with their ranges (the server's int(min, max)). */
export const THRESHOLDS: Record<FilterKey, Record<string, Range>> = {
  length: { max: { min: 10, max: 2000 } },
  zalgo: { maxMarks: { min: 1, max: 100 } },
  caps: { minLength: { min: 1, max: 500 }, percent: { min: 1, max: 100 } },
  symbols: { minLength: { min: 1, max: 500 }, percent: { min: 1, max: 100 } },
  emotes: { max: { min: 1, max: 200 } },
  repetition: { maxCharRun: { min: 3, max: 200 }, maxWordRepeats: { min: 2, max: 200 }, sameMessageSeconds: { min: 0, max: 3600 } },
  links: { permitSeconds: { min: 10, max: 3600 } },
  terms: {},
}

/** Each filter's list fields (one entry a line in the editor) with the most entries allowed. */
export const LISTS: Record<FilterKey, Record<string, { max: number; maxLength: number }>> = {
  length: {},
  zalgo: {},
  caps: {},
  symbols: {},
  emotes: {},
  repetition: {},
  links: { allowedDomains: { max: 100, maxLength: 253 } },
  terms: { terms: { max: 500, maxLength: 100 }, patterns: { max: 20, maxLength: 500 } },
}

export const GENERAL: Record<'warnCooldownSeconds' | 'escalationSeconds', Range> = {
  warnCooldownSeconds: { min: 0, max: 600 },
  escalationSeconds: { min: 10, max: 86_400 },
}

export const TIMEOUT_RANGE: Range = { min: 1, max: MAX_TIMEOUT_SECONDS }

/** The variables a warning may use (the server's template engine fills them). */
export const WARN_VARIABLES = ['${user}', '${reason}'] as const

/** Lines of a list field: trimmed, empty ones dropped. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

export type Problem =
  { key: 'range'; min: number; max: number } | { key: 'tooMany'; max: number } | { key: 'tooLong'; max: number } | { key: 'unknownVariable'; name: string }

const inRange = (v: unknown, r: Range): Problem | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= r.min && v <= r.max ? null : { key: 'range', min: r.min, max: r.max }

/** The editor's own checks, by the server's field paths; an empty object: nothing to say. */
export function problemsOf(s: Settings): Record<string, Problem> {
  const out: Record<string, Problem> = {}
  const put = (path: string, p: Problem | null) => {
    if (p) out[path] = p
  }
  for (const [k, r] of Object.entries(GENERAL)) put(k, inRange(s[k as keyof typeof GENERAL], r))
  if (s.warnTemplate.trim().length > MAX_WARN_LENGTH) put('warnTemplate', { key: 'tooLong', max: MAX_WARN_LENGTH })
  const unknown = [...s.warnTemplate.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!).find((n) => n !== 'user' && n !== 'reason')
  if (unknown !== undefined) put('warnTemplate', { key: 'unknownVariable', name: unknown })
  for (const k of FILTERS) {
    const f = s.filters[k]
    if (f.action === 'timeout') put(`filters.${k}.timeoutSeconds`, inRange(f.timeoutSeconds, TIMEOUT_RANGE))
    for (const [name, r] of Object.entries(THRESHOLDS[k])) put(`filters.${k}.${name}`, inRange(f[name], r))
    for (const [name, lim] of Object.entries(LISTS[k])) {
      const list = (f[name] as string[] | undefined) ?? []
      if (list.length > lim.max) put(`filters.${k}.${name}`, { key: 'tooMany', max: lim.max })
      else if (list.some((x) => x.length > lim.maxLength)) put(`filters.${k}.${name}`, { key: 'tooLong', max: lim.maxLength })
    }
  }
  return out
}

/** Server field errors of a list (filters.terms.patterns.3) shown at the list (filters.terms.patterns). */
export function listFieldOf(path: string): string {
  return path.replace(/\.\d+$/, '')
}
