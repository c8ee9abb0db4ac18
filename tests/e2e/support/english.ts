/**
 * Finds English left in a translated page: each visible text is compared with the English
 * locale's strings and with the words the target locale's strings use.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export const WALK_LOCALES = ['de', 'fr', 'pt'] as const
export type WalkLocale = (typeof WALK_LOCALES)[number] | 'en'

/**
 * Proper names and words every language writes the same way; nothing else. A text made only
 * of these, numbers and punctuation is never English.
 */
export const PROPER_NAMES = [
  'Twitch',
  'Kick',
  'Channel Assistant',
  'Botpanel',
  'GraphiQL',
  'GraphQL',
  'Sandbox',
  'Demo',
  'Admin',
  'Reseller',
  'Client',
  'OAuth',
  'IBAN',
  'SWIFT',
  'BIC',
  // The plans' names (product names, the same in every language; "Custom" is also the team's group label in English).
  'Starter',
  'Headstarter',
  'Pro',
  'Custom',
]

const LOCALES_DIR = 'client/src/locales'
const FEATURES_DIR = 'client/src/features'

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

/** Every string of one locale: the app's translation file and every feature's file. */
export function localeStrings(locale: WalkLocale): string[] {
  const out = strings(JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'translation.json'), 'utf8')))
  for (const feature of readdirSync(FEATURES_DIR)) {
    try {
      strings(JSON.parse(readFileSync(join(FEATURES_DIR, feature, 'locales', `${locale}.json`), 'utf8')), out)
    } catch {
      // a feature without strings
    }
  }
  return out
}

/** Lower-case words of three letters or more; {{placeholders}} and tags left out. */
export const words = (text: string): string[] =>
  (text
    .replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ')
    .toLowerCase()
    .match(/\p{L}{3,}/gu) ?? []) as string[]

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

export interface EnglishDictionary {
  /** English strings of the app whose translation differs from them. */
  phrases: Set<string>
  /** Words English strings use and the target locale's strings never do. */
  englishOnly: Set<string>
}

export function dictionary(english: string[], target: string[], allow: string[] = PROPER_NAMES): EnglishDictionary {
  const targetPhrases = new Set(target.map(normal))
  const targetWords = new Set(target.flatMap(words))
  const allowed = new Set(allow.flatMap(words))
  const phrases = new Set(english.map(normal).filter((p) => words(p).length > 0 && !targetPhrases.has(p) && !words(p).every((w) => allowed.has(w))))
  const englishOnly = new Set(english.flatMap(words).filter((w) => !targetWords.has(w) && !allowed.has(w)))
  return { phrases, englishOnly }
}

export const dictionaryFor = (locale: Exclude<WalkLocale, 'en'>) => dictionary(localeStrings('en'), localeStrings(locale))

/**
 * Is this visible text English? Either it is one of the app's English strings (and the
 * locale says it differently), or at least two of its words, and at least half of them,
 * are words only English uses.
 */
export function isEnglish(text: string, dict: EnglishDictionary): boolean {
  if (dict.phrases.has(normal(text))) return true
  const all = words(text)
  const english = all.filter((w) => dict.englishOnly.has(w)).length
  return english >= 2 && english * 2 >= all.length
}
