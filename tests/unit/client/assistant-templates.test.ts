import { describe, expect, it } from 'vitest'
import {
  EMPTY_COMMAND,
  EMPTY_TIMER,
  checkCommand,
  checkTimer,
  commandInput,
  hasProblems,
  limitState,
  timerInput,
} from '../../../client/src/features/assistant/lib/drafts'
import {
  COMMAND_VARIABLES,
  TIMER_VARIABLES,
  insertAt,
  normaliseTrigger,
  renderPreview,
  templateProblems,
  variableToken,
} from '../../../client/src/features/assistant/lib/template'

const sample = { user: 'viewer1', touser: 'friend', count: 3, uptime: '1h 23m', randomIndex: 0 }

describe('command templates', () => {
  it('fills every variable in the preview like the bot does', () => {
    expect(renderPreview('Hi ${user}, hello ${touser}! #${count} live ${uptime}', sample)).toBe('Hi viewer1, hello friend! #3 live 1h 23m')
    expect(renderPreview('${random heads | tails}', sample)).toBe('heads')
    expect(renderPreview('${random heads | tails}', { ...sample, randomIndex: 1 })).toBe('tails')
    expect(renderPreview('${random heads | tails}', { ...sample, randomIndex: 2 })).toBe('heads')
    expect(renderPreview('keep ${unknown} as written', sample)).toBe('keep ${unknown} as written')
    expect(renderPreview('x'.repeat(600), sample)).toHaveLength(500)
  })

  it('previews arguments, counters, platform samples and the time, neutralised like the bot', () => {
    const more = { ...sample, args: ['@ann', 'plays', 'chess'], counterValue: 7, platform: { game: 'Chess' }, now: new Date('2026-01-10T12:34:00Z') }
    expect(renderPreview('so ${1} (${2:}) ${4|nobody}', more)).toBe('so @ann (plays chess) nobody')
    expect(renderPreview('${counter deaths} ${game} ${title}', more)).toBe('7 Chess (unknown)')
    expect(renderPreview('${time Europe/Berlin}', more)).toBe('13:34 (Europe/Berlin)')
    expect(renderPreview('${1:}', { ...more, args: ['/ban', 'x'] })).toBe('ban x')
    expect(templateProblems('${1} ${2:} ${1|x} ${counter deaths} ${time UTC} ${game}', COMMAND_VARIABLES)).toEqual([])
    expect(templateProblems('${counter} ${time Mars/Base}', COMMAND_VARIABLES)).toEqual([{ kind: 'counterName' }, { kind: 'timeZone', zone: 'Mars/Base' }])
  })

  it('finds the problems the server refuses, in its order', () => {
    expect(templateProblems('Hi ${user}', COMMAND_VARIABLES)).toEqual([])
    expect(templateProblems('   ', COMMAND_VARIABLES)).toEqual([{ kind: 'empty' }])
    expect(templateProblems('a'.repeat(501), COMMAND_VARIABLES)).toEqual([{ kind: 'tooLong', length: 501, max: 500 }])
    expect(templateProblems('oops ${user', COMMAND_VARIABLES)).toEqual([{ kind: 'unclosed' }])
    expect(templateProblems('${foo} ${random a} ${user x}', COMMAND_VARIABLES)).toEqual([
      { kind: 'unknownVariable', name: 'foo' },
      { kind: 'randomOptions' },
      { kind: 'noArguments', name: 'user' },
    ])
    // Timers speak to nobody in particular.
    expect(templateProblems('${user} ${uptime} ${random a|b}', TIMER_VARIABLES)).toEqual([{ kind: 'unknownVariable', name: 'user' }])
  })

  it('writes variables for the help list and inserts them at the caret', () => {
    expect(COMMAND_VARIABLES.map(variableToken)).toEqual([
      '${user}',
      '${touser}',
      '${1}',
      '${count}',
      '${counter deaths}',
      '${uptime}',
      '${channel}',
      '${game}',
      '${title}',
      '${viewers}',
      '${followage}',
      '${time Europe/Berlin}',
      '${random a|b|c}',
    ])
    expect(insertAt('Hi !', '${user}', 3, 3)).toEqual({ text: 'Hi ${user}!', caret: 10 })
    expect(insertAt('Hi XX!', '${user}', 3, 5)).toEqual({ text: 'Hi ${user}!', caret: 10 })
    expect(insertAt('', '${count}', 99, 99)).toEqual({ text: '${count}', caret: 8 })
  })

  it('normalises a trigger as the server stores it', () => {
    expect(normaliseTrigger('  Discord ')).toBe('!discord')
    expect(normaliseTrigger('!Hello')).toBe('!hello')
    expect(normaliseTrigger('   ')).toBe('')
  })
})

describe('chatlist form checks', () => {
  it('accepts a good command and builds the server input', () => {
    const draft = { ...EMPTY_COMMAND, trigger: 'Discord', response: 'Join ${user}', cooldownSeconds: '30', category: '  ' }
    expect(hasProblems(checkCommand(draft))).toBe(false)
    expect(commandInput(draft)).toEqual({
      trigger: '!discord',
      response: 'Join ${user}',
      cooldownSeconds: 30,
      userCooldownSeconds: 0,
      permission: 'everyone',
      category: null,
      enabled: true,
      aliases: [],
      availability: 'always',
      allowedUsers: [],
      deniedUsers: [],
    })
    const listed = { ...draft, aliases: 'DC, !disc', allowedUsers: '@Ann bob' }
    expect(commandInput(listed)).toMatchObject({ aliases: ['!dc', '!disc'], allowedUsers: ['ann', 'bob'] })
    expect(checkCommand({ ...draft, aliases: 'no!good', deniedUsers: 'bad-login' })).toMatchObject({
      aliases: [{ key: 'alias' }],
      deniedUsers: [{ key: 'login' }],
    })
  })

  it('puts each problem under its field', () => {
    const problems = checkCommand({
      ...EMPTY_COMMAND,
      trigger: '!no spaces',
      response: '',
      cooldownSeconds: '-1',
      userCooldownSeconds: '86401',
      category: 'x'.repeat(101),
    })
    expect(Object.keys(problems).sort()).toEqual(['category', 'cooldownSeconds', 'response', 'trigger', 'userCooldownSeconds'])
    expect(problems.cooldownSeconds).toEqual([{ key: 'cooldown', values: { min: 0, max: 86_400 } }])
    expect(problems.response).toEqual([{ key: 'template.empty' }])
  })

  it('checks timers: name, message variables, at least 5 minutes, lines 0 to 1000', () => {
    expect(hasProblems(checkTimer({ ...EMPTY_TIMER, name: 'Socials', message: 'Follow ${random X|Bluesky}' }))).toBe(false)
    const problems = checkTimer({ name: ' ', message: 'Hi ${user}', intervalMinutes: '4', minLines: '1001', enabled: true })
    expect(problems.name).toEqual([{ key: 'timerName' }])
    expect(problems.message).toEqual([{ key: 'template.unknownVariable', values: { name: 'user' } }])
    expect(problems.intervalMinutes).toEqual([{ key: 'interval', values: { min: 5, max: 1440 } }])
    expect(problems.minLines).toEqual([{ key: 'minLines', values: { min: 0, max: 1000 } }])
    expect(checkTimer({ ...EMPTY_TIMER, name: 'x', message: 'y', intervalMinutes: '7.5' }).intervalMinutes).toHaveLength(1)
    expect(timerInput({ name: ' Socials ', message: 'm', intervalMinutes: '10', minLines: '3', enabled: false })).toEqual({
      name: 'Socials',
      message: 'm',
      intervalMinutes: 10,
      minLines: 3,
      enabled: false,
    })
  })

  it('says when a plan limit is reached (null: no limit)', () => {
    expect(limitState(2, 3)).toEqual({ atLimit: false, left: 1 })
    expect(limitState(3, 3)).toEqual({ atLimit: true, left: 0 })
    expect(limitState(500, null)).toEqual({ atLimit: false, left: null })
  })
})
