import { builder } from '../../graphql/builder'
import { type exemptLevels, filterKinds, type moderationActions, type FilterKind } from './settings'

/**
 * The settings as a typed GraphQL input: the shape is checked by GraphQL, the values (ranges,
 * counts, domains, patterns) by the module's zod schema, whose issues come back per field
 * (`filters.caps.percent`) for the editor to show beside its input.
 */

const ActionEnum = builder.enumType('ModerationFilterAction', {
  description: 'What a filter does to a line that trips it (after the first-offence warning, if on).',
  values: {
    delete: { description: 'Delete the line.' },
    timeout: { description: 'Time the sender out for timeoutSeconds.' },
    ban: { description: 'Ban the sender.' },
  } satisfies Record<(typeof moderationActions)[number], { description: string }>,
})

const ExemptEnum = builder.enumType('ModerationExemptLevel', {
  description: 'A level an owner may exempt from a filter (the broadcaster and moderators always are).',
  values: {
    vip: { description: 'VIPs of the channel.' },
    subscriber: { description: 'Subscribers of the channel.' },
    regular: { description: "The channel's regulars (moderation page, !regular add)." },
  } satisfies Record<(typeof exemptLevels)[number], { description: string }>,
})

type Field = 'int' | 'strings'
/** Each filter's own thresholds beside the common fields, with what each means. */
const own: Record<FilterKind, Record<string, [Field, string]>> = {
  length: { max: ['int', 'The longest message allowed, in characters (10–2000).'] },
  zalgo: { maxMarks: ['int', 'Combining marks allowed on one letter (1–100).'] },
  caps: {
    minLength: ['int', 'Letters a message needs before the share counts (1–500).'],
    percent: ['int', 'The share of capitals that trips the filter, in percent (1–100).'],
  },
  symbols: {
    minLength: ['int', 'Characters a message needs before the share counts (1–500).'],
    percent: ['int', 'The share of symbols that trips the filter, in percent (1–100).'],
  },
  emotes: { max: ['int', 'Emotes allowed in one message (1–200).'] },
  repetition: {
    maxCharRun: ['int', 'The longest run of one character (3–200).'],
    maxWordRepeats: ['int', 'How often one word may repeat in a message (2–200).'],
    sameMessageSeconds: ['int', 'The same message again within this many seconds trips it (0: off, up to 3600).'],
  },
  links: {
    allowedDomains: ['strings', 'Domains always allowed, with their subdomains (at most 100).'],
    permitSeconds: ['int', 'How long a !permit lasts, in seconds (10–3600).'],
  },
  terms: {
    terms: ['strings', 'Banned words and phrases, * as a wildcard (at most 500, 100 characters each).'],
    patterns: ['strings', 'Regular expressions for power users, on a linear-time engine (at most 20).'],
  },
}

const pascal = (k: string) => k[0]!.toUpperCase() + k.slice(1)

const filterInput = (kind: FilterKind) =>
  builder.inputType(`Moderation${pascal(kind)}FilterInput`, {
    description: `The ${kind} filter's switch, action, ladder and thresholds.`,
    fields: (t) => ({
      enabled: t.boolean({ required: true, description: 'The filter on or off.' }),
      action: t.field({ type: ActionEnum, required: true, description: 'What is done to a line that trips it.' }),
      timeoutSeconds: t.int({ required: true, description: 'The timeout, when the action is timeout (1 s to two weeks).' }),
      warnFirst: t.boolean({ required: true, description: 'A first offence within the escalation window is deleted and warned instead.' }),
      exempt: t.field({ type: [ExemptEnum], required: true, description: 'Levels this filter leaves alone.' }),
      ...Object.fromEntries(
        Object.entries(own[kind]).map(([name, [type, description]]) => [
          name,
          type === 'int' ? t.int({ required: true, description }) : t.stringList({ required: true, description }),
        ]),
      ),
    }),
  })

// The thresholds' own fields are not in the ref's static type; the zod schema types the value.
const filterInputs = Object.fromEntries(filterKinds.map((k) => [k, filterInput(k)])) as Record<FilterKind, ReturnType<typeof filterInput>>

const FiltersInput = builder.inputType('ModerationFiltersInput', {
  description: 'Every filter, each with its own settings.',
  fields: (t) => ({
    length: t.field({ type: filterInputs.length, required: true, description: 'Very long messages.' }),
    zalgo: t.field({ type: filterInputs.zalgo, required: true, description: 'Stacked combining marks.' }),
    caps: t.field({ type: filterInputs.caps, required: true, description: 'Mostly capitals.' }),
    symbols: t.field({ type: filterInputs.symbols, required: true, description: 'Mostly symbols.' }),
    emotes: t.field({ type: filterInputs.emotes, required: true, description: 'Too many emotes.' }),
    repetition: t.field({ type: filterInputs.repetition, required: true, description: 'Repeated characters, words or messages.' }),
    links: t.field({ type: filterInputs.links, required: true, description: 'URLs and domains, with an allow-list and !permit.' }),
    terms: t.field({ type: filterInputs.terms, required: true, description: 'Banned terms and patterns.' }),
  }),
})

export const ModerationSettingsInput = builder.inputType('ModerationSettingsInput', {
  description: 'The whole moderation settings of a channel (replaced all or nothing).',
  fields: (t) => ({
    enabled: t.boolean({ required: true, description: "The module's switch: off, nothing is checked." }),
    warnTemplate: t.string({
      required: true,
      description: 'The first-offence warning: ${user} and ${reason}, at most 300 characters; empty: no warning is said.',
    }),
    warnCooldownSeconds: t.int({ required: true, description: 'At most one warning per this many seconds in the channel (0–600).' }),
    escalationSeconds: t.int({ required: true, description: 'Offences of one viewer within this window escalate (10–86400).' }),
    filters: t.field({ type: FiltersInput, required: true, description: 'Each filter.' }),
  }),
})
