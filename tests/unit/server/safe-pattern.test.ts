import { describe, expect, it } from 'vitest'
import { compileRegex, compileWords, normalizeText } from '../../../server/src/text/safe-pattern'

/** Does `pattern` (a regular expression) occur in `text`? */
const re = (pattern: string, text: string) => compileRegex(pattern).test(normalizeText(text))
const refusal = (compile: () => unknown) => {
  try {
    compile()
  } catch (e) {
    return e
  }
  throw new Error('not refused')
}

describe('safe patterns: \\b and \\B know the words of any script (RE2 alone knows ASCII)', () => {
  it.each([
    // Before a letter and at the end.
    ['\\bпривет\\b', 'ну, ПРИВЕТ!', true],
    ['\\bпривет\\b', 'приветик', false],
    ['\\bпривет', 'заприветом', false],
    ['\\bété', "c'est l'été", true],
    ['\\bstra\\b', 'die straße', false], // RE2's own \b sees a boundary between "a" and "ß"
    ['\\bstraße\\b', 'die STRASSE und die straße', true],
    // Before a group (each alternative), a repetition and in the middle.
    ['\\b(hi|привет)\\b', 'ПРИВЕТ всем', true],
    ['\\b(hi|привет)\\b', 'xпривет всем', false],
    ['\\b(?<greet>hi|hallo)', 'ohallo', false],
    ['\\b\\p{L}+ик\\b', 'мой приветик', true],
    ['\\bwhen\\b\\s+stream', 'when   stream?', true],
    ['\\bwhen\\b\\s+stream', 'whenever stream', false],
    // Before the end of the text, and \B.
    ['foo\\b$', 'a foo', true],
    ['foo\\b$', 'a foo!', false],
    ['привет\\B', 'приветик', true],
    ['привет\\B', 'привет всем', false],
  ] as const)('%s in %j: %s', (pattern, text, found) => {
    expect(re(pattern, text)).toBe(found)
  })
})

describe('safe patterns: syntax', () => {
  it("takes JavaScript's \\u escapes, named groups and a backspace in a class", () => {
    expect(re('\\u00e9t\\u00e9', 'ÉTÉ')).toBe(true)
    expect(re('gg\\u{1F389}', 'gg🎉')).toBe(true)
    expect(re('(?<word>\\p{L}+)!', 'wow!')).toBe(true)
    expect(re('[\\b]x', 'x')).toBe(false)
  })

  it('refuses what RE2 cannot run with a coded error that says what', () => {
    for (const [pattern, message] of [
      ['(a)\\1', /Back-references/],
      ['(?<n>a)\\k<n>', /Back-references/],
      ['a(?=b)', /Lookahead/],
      ['(?<!a)b', /Lookbehind/],
      ['(abc', /Not a valid regular expression: missing closing \)/],
      ['a{1001}', /invalid repeat count/],
      ['a'.repeat(201), /at most 200 characters/],
      ['  ', /empty/],
    ] as const) {
      expect(refusal(() => compileRegex(pattern))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: expect.stringMatching(message),
        fields: { pattern: [expect.stringMatching(message)] },
      })
    }
    expect(refusal(() => compileRegex('(?:\\p{L}{100}){10}'))).toMatchObject({ code: 'REGEX_UNSAFE', message: expect.stringContaining('too complex') })
    expect(compileRegex('a'.repeat(300), { maxLength: 300 }).test('a'.repeat(300))).toBe(true)
  })
})

describe('safe patterns: whole words (keywords, phrases, banned terms)', () => {
  const words = (w: string, text: string, wildcards = false) => compileWords(w, { wildcards }).test(normalizeText(text))
  it('never inside another word, in any script; emoji and punctuation are edges', () => {
    expect(words('Discord', 'the DISCORD link')).toBe(true)
    expect(words('discord', 'discordant')).toBe(false)
    expect(words('こんにちは', 'みんな こんにちは！')).toBe(true)
    expect(words('c++ tips', 'any C++   tips?')).toBe(true)
    expect(words('🎉', 'gg🎉🎉')).toBe(true)
  })
  it('with wildcards, * is any letters inside the word; a term of wildcards only is refused', () => {
    expect(words('idiot*', 'you IDIOTS', true)).toBe(true)
    expect(words('idiot*', 'xidiot', true)).toBe(false)
    expect(words('f*ck', 'what the fück', true)).toBe(true)
    expect(words('f*ck', 'f ck', true)).toBe(false)
    expect(words('idiot*', 'idiots', false)).toBe(false)
    expect(refusal(() => compileWords('* *', { wildcards: true }))).toMatchObject({ code: 'BAD_USER_INPUT' })
  })
})
