import { describe, expect, it } from 'vitest'
import { dictionary, dictionaryFor, isEnglish, localeStrings } from '../e2e/support/english'

describe('locale walk: English detection', () => {
  const de = dictionaryFor('de')
  const fr = dictionaryFor('fr')

  it('finds an app string left in English, and the same string translated passes', () => {
    const en = localeStrings('en')
    const target = localeStrings('de')
    // A real key of the app: its English text on a German page is English.
    const english = en.find((s) => s.split(' ').length >= 3 && !target.includes(s))!
    expect(isEnglish(english, de)).toBe(true)
    // Drop the German translation of that key: the detector is built from the files, so it must still flag it.
    const withoutTranslation = dictionary(
      en,
      target.filter((s) => s !== english),
    )
    expect(isEnglish(english, withoutTranslation)).toBe(true)
  })

  it('finds English sentences that are in no locale file (database content)', () => {
    expect(isEnglish('Everything you need to grow your community', de)).toBe(true)
    expect(isEnglish('Can I cancel anytime?', fr)).toBe(true)
  })

  it('passes translated text, numbers and proper names', () => {
    const german = localeStrings('de').filter((s) => s.split(' ').length >= 3)
    const flagged = german.filter((s) => isEnglish(s, de))
    expect(flagged.length / german.length).toBeLessThan(0.01)
    expect(isEnglish('Twitch', de)).toBe(false)
    expect(isEnglish('12 / 30', de)).toBe(false)
    expect(isEnglish('Channel Assistant', fr)).toBe(false)
  })
})
