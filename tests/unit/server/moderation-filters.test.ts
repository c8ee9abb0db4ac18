import { describe, expect, it } from 'vitest'
import { isAppError } from '../../../server/src/errors'
import { compileFilters, findHosts, type ScreenedLine } from '../../../server/src/modules/moderation/filters'
import { foldText } from '../../../server/src/modules/moderation/fold'
import { defaultSettings, settingsSchema, type ModerationSettings } from '../../../server/src/modules/moderation/settings'

/** Every filter on, the thresholds of a new channel, with `patch` applied to the filters. */
function settings(patch: Partial<{ [K in keyof ModerationSettings['filters']]: Partial<ModerationSettings['filters'][K]> }> = {}): ModerationSettings {
  const s = defaultSettings()
  s.enabled = true
  for (const k of Object.keys(s.filters) as Array<keyof ModerationSettings['filters']>) {
    Object.assign(s.filters[k], { enabled: true }, patch[k] ?? {})
  }
  return s
}
const line = (text: string, extra: Partial<ScreenedLine> = {}): ScreenedLine => ({ userId: 'u1', text, emotes: 0, at: 1_000_000, ...extra })

describe('folding what viewers dress up', () => {
  it('undoes full-width letters, zero-width characters and Cyrillic look-alikes, and keeps real Cyrillic words', () => {
    expect(foldText('ｆｒｅｅ')).toBe('free')
    expect(foldText('fr\u200bee')).toBe('free')
    expect(foldText('fr\u0435\u0435')).toBe('free') // Cyrillic е
    expect(foldText('FREE   Stuff')).toBe('free stuff')
    expect(foldText('привет мир')).toBe('привет мир')
  })
})

describe('banned terms', () => {
  const f = compileFilters(settings({ terms: { terms: ['free', 'idiot*', 'buy followers'], patterns: ['v[i1]agra'] } }))
  it.each([
    ['ｆｒｅｅ stuff here', 'full-width'],
    ['fr\u200bee stuff', 'zero-width'],
    ['get fr\u0435\u0435 stuff', 'Cyrillic look-alike'],
    ['you IDIOTS', 'wildcard'],
    ['come buy   followers now', 'phrase over any spacing'],
    ['cheap V1agra', 'pattern'],
    ['free!', 'next to punctuation'],
  ])('catches %j (%s)', (text) => {
    expect(f.check(line(text))?.filter).toBe('terms')
  })
  it.each(['freedom is great', 'carefree', 'idio', 'buy some followers'])('leaves %j alone (whole words only)', (text) => {
    expect(f.check(line(text))).toBeNull()
  })
})

describe('links', () => {
  it('finds URLs and disguised bare domains, not sentences', () => {
    expect(findHosts(foldText('see https://evil.example/x?y'))).toEqual(['evil.example'])
    expect(findHosts(foldText('go to example.com now'))).toEqual(['example.com'])
    expect(findHosts(foldText('go to example . com now'))).toEqual(['example.com'])
    expect(findHosts(foldText('go to example(dot)com now'))).toEqual(['example.com'])
    expect(findHosts(foldText('go to example[.]com now'))).toEqual(['example.com'])
    expect(findHosts(foldText('www.shop.example/deal'))).toEqual(['shop.example'])
    expect(findHosts(foldText('I am tired. Me too. End.then ok 3.14'))).toEqual([])
  })
  it('lets allowed domains (and their subdomains) through', () => {
    const f = compileFilters(settings({ links: { allowedDomains: ['twitch.tv'] } }))
    expect(f.check(line('clip: https://clips.twitch.tv/abc'))).toBeNull()
    expect(f.check(line('twitch.tv/someone'))).toBeNull()
    expect(f.check(line('twitch.tv.evil.com'))).toMatchObject({ filter: 'links', detail: 'twitch.tv.evil.com' })
  })
})

describe('the other filters', () => {
  const f = compileFilters(settings())
  it.each([
    ['caps', 'THIS IS A VERY LOUD MESSAGE INDEED'],
    ['symbols', '!!!!####$$$$%%%%^^^^&&&&'],
    ['repetition', `${'a'.repeat(20)} hello`],
    ['repetition', 'spam '.repeat(9)],
    ['length', 'word '.repeat(100)],
    ['zalgo', 'h\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309ello'],
  ])('%s catches %j', (filter, text) => {
    expect(f.check(line(text))?.filter).toBe(filter)
  })
  it('counts emotes from the platform, and the same message again within the window', () => {
    expect(f.check(line('hi', { emotes: 13 }))?.filter).toBe('emotes')
    expect(f.check(line('hello there', { previous: { text: 'Hello  there', at: 1_000_000 - 5_000 } }))?.filter).toBe('repetition')
    expect(f.check(line('hello there', { previous: { text: 'hello there', at: 1_000_000 - 60_000 } }))).toBeNull()
  })
  it('leaves ordinary chat alone: short shouts, accents, emoji, other scripts', () => {
    for (const text of ['GG', 'LOL OK', 'Ça va très bien, merci !', 'nice 🎉🎉🎉', 'привет всем, как дела?', 'こんにちは、元気ですか', 'hmm...']) {
      expect(f.check(line(text)), text).toBeNull()
    }
  })
  it('checks nothing when the module is off, and skips the filters a viewer is exempt from', () => {
    const off = compileFilters({ ...settings(), enabled: false })
    expect(off.check(line('https://example.com'))).toBeNull()
    expect(f.check(line('https://example.com'), { skip: (k) => k === 'links' })).toBeNull()
  })
})

describe('settings validation', () => {
  const valid = defaultSettings()
  it('takes the defaults and refuses bad values with a message', () => {
    expect(settingsSchema.safeParse(valid).success).toBe(true)
    const bad = (patch: (s: ModerationSettings) => void) => {
      const s = structuredClone(valid)
      patch(s)
      return settingsSchema.safeParse(s).success
    }
    expect(bad((s) => (s.filters.terms.terms = Array.from({ length: 501 }, (_, i) => `t${i}`)))).toBe(false)
    expect(bad((s) => (s.filters.terms.terms = ['x'.repeat(101)]))).toBe(false)
    expect(bad((s) => (s.filters.terms.terms = ['* *']))).toBe(false)
    expect(bad((s) => (s.filters.links.allowedDomains = ['not a domain']))).toBe(false)
    expect(bad((s) => (s.filters.caps.percent = 101))).toBe(false)
    expect(bad((s) => (s.filters.links.timeoutSeconds = 0))).toBe(false)
  })
  it('refuses a pattern the linear-time engine cannot run, with a code', () => {
    const s = settings({ terms: { patterns: ['(a)\\1'] } })
    let err: unknown
    try {
      compileFilters(s)
    } catch (e) {
      err = e
    }
    expect(isAppError(err) && err.code).toBe('BAD_USER_INPUT')
  })
  it('compiles 500 terms of 100 characters into one program', () => {
    const long = 'abcdefghij'.repeat(9)
    const s = settings({ terms: { terms: Array.from({ length: 500 }, (_, i) => `${String(i).padStart(3, '0')}${long}*`) } })
    const f = compileFilters(s)
    expect(f.check(line(`see 007${long}yz`))?.filter).toBe('terms')
    expect(f.check(line(`see 007${long.slice(1)}`))).toBeNull()
  })
})
