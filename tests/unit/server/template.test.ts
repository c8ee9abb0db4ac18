import { describe, expect, it } from 'vitest'
import {
  CHAT_COMMAND_VARIABLES,
  COMMAND_VARIABLES,
  CONVERSATION_VARIABLES,
  formatFollowAge,
  renderTemplate,
  templateIssues,
  templateNeeds,
  templateProblems,
  TIMER_VARIABLES,
  UNKNOWN_VALUE,
} from '../../../server/src/modules/commands/template'

const base = { user: 'Ann', touser: 'Ann', count: 3, uptimeMs: null }
const render = (text: string, over: Partial<Parameters<typeof renderTemplate>[1]> = {}) => renderTemplate(text, { ...base, ...over }, () => 0)
const codes = (text: string, allowed: readonly string[] = CHAT_COMMAND_VARIABLES) => templateIssues(text, allowed).map((p) => p.code)

describe('template arguments', () => {
  it('fills ${1}, ${2}, the rest ${1:} and defaults', () => {
    const args = ['@bob', 'plays', 'chess']
    expect(render('Go see ${1} (${2})', { args })).toBe('Go see @bob (plays)')
    expect(render('said: ${2:}', { args })).toBe('said: plays chess')
    expect(render('hug ${4|nobody}', { args })).toBe('hug nobody')
    expect(render('hug ${1|nobody}', { args: [] })).toBe('hug nobody')
    expect(render('[${3}]', { args: [] })).toBe('[]')
  })

  it('never reads a variable out of an argument', () => {
    expect(render('${1:}', { args: ['${count}', '${counter', 'x}'] })).toBe('${count} ${counter x}')
    expect(render('hi ${touser}', { touser: '${user}' })).toBe('hi ${user}')
  })

  it('neutralises replies that would start a platform command', () => {
    expect(render('${1:}', { args: ['/ban', 'someone'] })).toBe('ban someone')
    expect(render('${1:}', { args: ['.timeout', 'x', '600'] })).toBe('timeout x 600')
    expect(render('  ${1}', { args: [' \\/.me'] })).toBe('me')
    expect(render('Use /help', {})).toBe('Use /help')
  })
})

describe('template variables', () => {
  it('shows platform values, and a clear text when unknown', () => {
    const platform = { game: 'Chess', title: 'Sunday blitz', viewers: '12', channel: 'Ann', followage: null }
    expect(render('${channel} plays ${game}: ${title} (${viewers})', { platform })).toBe('Ann plays Chess: Sunday blitz (12)')
    expect(render('following for ${followage}', { platform })).toBe(`following for ${UNKNOWN_VALUE}`)
    expect(render('${game}')).toBe(UNKNOWN_VALUE)
  })

  it('reads counters and the time in a zone', () => {
    expect(render('Deaths: ${counter deaths}, uses: ${count}', { counters: { deaths: 7 } })).toBe('Deaths: 7, uses: 3')
    expect(render('${counter other}')).toBe('0')
    expect(render('${time Europe/Berlin}', { now: new Date('2026-01-10T12:34:00Z') })).toBe('13:34 (Europe/Berlin)')
    expect(render('${time UTC}', { now: new Date('2026-07-10T23:05:00Z') })).toBe('23:05 (UTC)')
  })

  it('names what a template needs resolved', () => {
    expect(templateNeeds('${game} ${counter a} ${counter a} ${followage} ${1} ${count}')).toEqual({
      counters: ['a'],
      platform: ['game', 'followage'],
      count: true,
    })
  })

  it('keeps the first engine working (timers, conversation, follow thanks)', () => {
    expect(render('up ${uptime}', { uptimeMs: 3_900_000 })).toBe('up 1h 5m')
    expect(renderTemplate('${random a|b|c}', base, () => 0.99)).toBe('c')
    expect(templateProblems('${user}', COMMAND_VARIABLES)).toEqual([])
    expect(templateProblems('${user}', TIMER_VARIABLES)[0]).toMatch(/Unknown variable/)
  })

  it('formats follow ages', () => {
    const now = new Date('2026-05-20T12:00:00Z')
    expect(formatFollowAge(new Date('2026-05-20T09:00:00Z'), now)).toBe('3 hours')
    expect(formatFollowAge(new Date('2026-05-01T12:00:00Z'), now)).toBe('19 days')
    expect(formatFollowAge(new Date('2026-02-20T12:00:00Z'), now)).toBe('3 months')
    expect(formatFollowAge(new Date('2024-04-21T12:00:00Z'), now)).toBe('2 years')
    expect(formatFollowAge(new Date('2025-04-01T12:00:00Z'), now)).toBe('1 year 1 month')
  })
})

describe('template validation', () => {
  it('codes every problem', () => {
    expect(codes('')).toContain('TEMPLATE_EMPTY')
    expect(codes('x'.repeat(501))).toEqual(['TEMPLATE_TOO_LONG'])
    expect(codes('hi ${user')).toEqual(['TEMPLATE_UNBALANCED'])
    expect(codes('hi ${a ${user}}')).toContain('TEMPLATE_UNBALANCED')
    expect(codes('${nope}')).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
    expect(codes('${0}')).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
    expect(codes('${counter}')).toEqual(['TEMPLATE_BAD_ARGUMENTS'])
    expect(codes('${counter Deaths!}')).toEqual(['TEMPLATE_BAD_ARGUMENTS'])
    expect(codes('${time}')).toEqual(['TEMPLATE_BAD_ARGUMENTS'])
    expect(codes('${time Mars/Olympus}')).toEqual(['TEMPLATE_BAD_TIMEZONE'])
    expect(codes('${game now}')).toEqual(['TEMPLATE_BAD_ARGUMENTS'])
    expect(codes('${1} ${2:} ${3|someone} ${user} ${game} ${counter deaths} ${time UTC}')).toEqual([])
  })

  it('refuses the new variables where the caller does not offer them', () => {
    expect(codes('${1}', COMMAND_VARIABLES)).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
    expect(codes('${1}', CONVERSATION_VARIABLES)).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
    expect(codes('${followage}', TIMER_VARIABLES)).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
    expect(codes('${user}', TIMER_VARIABLES)).toEqual(['TEMPLATE_UNKNOWN_VARIABLE'])
  })

  it('gives timers and conversation answers every variable that makes sense without arguments', () => {
    expect(codes('${game} ${title} ${viewers} ${channel} ${counter deaths} ${time UTC} ${uptime}', TIMER_VARIABLES)).toEqual([])
    expect(codes('${user} ${followage} ${game} ${title} ${counter deaths} ${time UTC}', CONVERSATION_VARIABLES)).toEqual([])
  })
})
