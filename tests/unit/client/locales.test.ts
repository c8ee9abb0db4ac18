import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const

function load(language: string): Record<string, unknown> {
  const file = fileURLToPath(new URL(`../../../client/src/locales/${language}/translation.json`, import.meta.url))
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof value === 'string') {
    out.set(prefix, value)
    return out
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${prefix}: translations must be strings or nested objects`)
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, text)
  }
  return out
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort()
}

const featuresDir = fileURLToPath(new URL('../../../client/src/features/', import.meta.url))
/** Features with their own namespace (client/src/features/<feature>/locales/<lng>.json). */
const featureNamespaces = readdirSync(featuresDir).filter((feature) => existsSync(`${featuresDir}${feature}/locales`))

/** Every string of a language: the shared file's keys as they are, feature keys as `<feature>:<key>`. */
function allStrings(language: string): Map<string, string> {
  const out = flatten(load(language))
  for (const feature of featureNamespaces) {
    const file = `${featuresDir}${feature}/locales/${language}.json`
    if (!existsSync(file)) throw new Error(`${feature} has no ${language} translations`)
    for (const [key, text] of flatten(JSON.parse(readFileSync(file, 'utf8')))) out.set(`${feature}:${key}`, text)
  }
  return out
}

const flat = Object.fromEntries(LANGUAGES.map((language) => [language, allStrings(language)])) as Record<(typeof LANGUAGES)[number], Map<string, string>>

describe('locale files', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has exactly the key set of en', (language) => {
    expect([...flat[language].keys()].sort()).toEqual([...flat.en.keys()].sort())
  })

  it.each(LANGUAGES)('%s has no empty strings', (language) => {
    const empty = [...flat[language]].filter(([, text]) => text.trim() === '').map(([key]) => key)
    expect(empty).toEqual([])
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s uses the same {{placeholders}} as en', (language) => {
    for (const [key, english] of flat.en) {
      expect(placeholders(flat[language].get(key) ?? ''), key).toEqual(placeholders(english))
    }
  })

  it('de addresses the user as "du" throughout, never "Sie"', () => {
    // Formal pronouns: "Ihr/Ihre/Ihnen…" anywhere, "Sie" anywhere but a sentence's start
    // (where it may mean "they"/"it", e.g. "Sie erscheinen hier…").
    const formal = /\b(Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b|(?<![.!?:]\s|^)\bSie\b/
    const found = [...flat.de].filter(([, text]) => formal.test(text)).map(([key, text]) => `${key}: ${text}`)
    expect(found).toEqual([])
  })

  it('en spells the noun "licence" one way (British), never "license"', () => {
    const found = [...flat.en].filter(([, text]) => /\blicenses?\b/i.test(text)).map(([key, text]) => `${key}: ${text}`)
    expect(found).toEqual([])
  })

  it('has an errors.<CODE> text for every client error code', async () => {
    const { ERROR_CODES } = await import('../../../client/src/lib/error-code')
    for (const code of ERROR_CODES) expect(flat.en.has(`errors.${code}`), code).toBe(true)
  })

  it('keeps the spec messages in English: verbatim, the sign-in error in sentence case, the weak password with its rule', () => {
    // The spec's words (the API answers them verbatim), in sentence case: the title case read as a shout.
    expect(flat.en.get('auth.messages.invalidCredentials')).toBe('Email or password is invalid.')
    expect(flat.en.get('errors.WEAK_PASSWORD')).toBe(flat.en.get('auth.messages.weakPassword'))
    // The spec's text, then the rule the server applies (server/src/auth/passwords.ts), in every locale.
    for (const lng of ['de', 'fr', 'pt'] as const) expect(flat[lng].get('auth.messages.weakPassword'), lng).toMatch(/8.+128.+4/)
    expect(flat.en.get('auth.messages.enterEmail')).toBe('Please enter your email.')
    expect(flat.en.get('auth.messages.enterUsername')).toBe('Please enter your username.')
    expect(flat.en.get('auth.messages.weakPassword')).toBe(
      'Your password is too weak. Use 8 to 128 characters with at least 4 different ones, and not a common password.',
    )
    expect(flat.en.get('auth.messages.emailInUse')).toBe('This email is already in use.')
    expect(flat.en.get('auth.messages.usernameInUse')).toBe('This username is already in use.')
  })
})
