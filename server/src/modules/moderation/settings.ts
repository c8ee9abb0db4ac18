import { z } from 'zod'

/** The filters, in the order the bot checks them (cheap ones first; banned terms last). */
export const filterKinds = ['length', 'zalgo', 'caps', 'symbols', 'emotes', 'repetition', 'links', 'terms'] as const
export type FilterKind = (typeof filterKinds)[number]

export const moderationActions = ['delete', 'timeout', 'ban'] as const
export type ModerationAction = (typeof moderationActions)[number]

/** Levels an owner may exempt per filter; the broadcaster and moderators are always exempt. */
export const exemptLevels = ['vip', 'subscriber', 'regular'] as const
export type ExemptLevel = (typeof exemptLevels)[number]

export const MAX_TERMS = 500
export const MAX_TERM_LENGTH = 100
export const MAX_PATTERNS = 20
export const MAX_DOMAINS = 100
export const MAX_TIMEOUT_SECONDS = 1_209_600 // two weeks, Twitch's longest timeout

const int = (min: number, max: number) => z.number().int(`A whole number from ${min} to ${max}`).min(min, `At least ${min}`).max(max, `At most ${max}`)

const common = {
  enabled: z.boolean(),
  action: z.enum(moderationActions),
  timeoutSeconds: int(1, MAX_TIMEOUT_SECONDS),
  /** First offence within the escalation window: delete the line and warn in chat instead of the action. */
  warnFirst: z.boolean(),
  exempt: z.array(z.enum(exemptLevels)).max(exemptLevels.length),
}

const term = z
  .string()
  .trim()
  .min(1, 'A term is empty')
  .max(MAX_TERM_LENGTH, `A term has at most ${MAX_TERM_LENGTH} characters`)
  .refine((t) => t.split(/\s+/).some((w) => w.replaceAll('*', '')), 'A term needs more than wildcards')
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'A domain has at most 253 characters')
  .transform((d) =>
    d
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, ''),
  )
  .refine((d) => /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/.test(d), 'A domain looks like example.com')

export const filterSchemas = {
  length: z.object({ ...common, max: int(10, 2000) }),
  zalgo: z.object({ ...common, maxMarks: int(1, 100) }),
  caps: z.object({ ...common, minLength: int(1, 500), percent: int(1, 100) }),
  symbols: z.object({ ...common, minLength: int(1, 500), percent: int(1, 100) }),
  emotes: z.object({ ...common, max: int(1, 200) }),
  repetition: z.object({ ...common, maxCharRun: int(3, 200), maxWordRepeats: int(2, 200), sameMessageSeconds: int(0, 3600) }),
  links: z.object({ ...common, allowedDomains: z.array(domain).max(MAX_DOMAINS, `At most ${MAX_DOMAINS} domains`), permitSeconds: int(10, 3600) }),
  terms: z.object({
    ...common,
    terms: z.array(term).max(MAX_TERMS, `At most ${MAX_TERMS} terms per channel`),
    patterns: z.array(z.string()).max(MAX_PATTERNS, `At most ${MAX_PATTERNS} patterns per channel`),
  }),
}

export const settingsSchema = z.object({
  /** The module's switch: off, nothing is checked. */
  enabled: z.boolean(),
  /** ${user} and ${reason}; empty: no warning is said (the line is still deleted). */
  warnTemplate: z
    .string()
    .trim()
    .max(300, 'The warning has at most 300 characters')
    .refine((t) => [...t.matchAll(/\$\{([^}]*)\}/g)].every((m) => ['user', 'reason'].includes(m[1]!)), 'The warning knows only ${user} and ${reason}'),
  /** At most one warning per this many seconds in the channel (a spam wave gets one, not fifty). */
  warnCooldownSeconds: int(0, 600),
  /** Offences of the same viewer within this window escalate (the second a timeout, the next longer ones). */
  escalationSeconds: int(10, 86_400),
  filters: z.object(filterSchemas),
})

export type ModerationSettings = z.infer<typeof settingsSchema>
export type FilterSettings<K extends FilterKind = FilterKind> = ModerationSettings['filters'][K]

const base = { enabled: false, action: 'timeout' as const, timeoutSeconds: 600, warnFirst: true, exempt: [] as ExemptLevel[] }

/** A new channel's settings: the module off, sensible thresholds, regulars exempt from links. */
export function defaultSettings(): ModerationSettings {
  return {
    enabled: false,
    warnTemplate: '@${user}, ${reason} (warning)',
    warnCooldownSeconds: 10,
    escalationSeconds: 600,
    filters: {
      length: { ...base, action: 'delete', max: 400 },
      zalgo: { ...base, maxMarks: 8 },
      caps: { ...base, action: 'delete', minLength: 15, percent: 70 },
      symbols: { ...base, action: 'delete', minLength: 15, percent: 60 },
      emotes: { ...base, action: 'delete', max: 12 },
      repetition: { ...base, action: 'delete', maxCharRun: 15, maxWordRepeats: 8, sameMessageSeconds: 30 },
      links: { ...base, enabled: true, exempt: ['vip', 'regular'], allowedDomains: [], permitSeconds: 60 },
      terms: { ...base, enabled: true, terms: [], patterns: [] },
    },
  }
}

/** What the warning says per filter (the template's ${reason}). */
export const filterReasons: Record<FilterKind, string> = {
  length: 'please keep messages shorter',
  zalgo: 'no zalgo text, please',
  caps: 'please stop shouting (too many capitals)',
  symbols: 'please use fewer symbols',
  emotes: 'please use fewer emotes',
  repetition: 'please do not repeat yourself',
  links: 'no links without permission',
  terms: 'that word is not allowed here',
}
