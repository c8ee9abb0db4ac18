import { describe, expect, it } from 'vitest'
import { isNearBottom, mergeChatLines, resubscribeDelayMs } from '../../../client/src/features/assistant/lib/chat-log'
import { parseConnectResult, withoutConnectParams } from '../../../client/src/features/assistant/lib/connect-result'
import { scopeWords } from '../../../client/src/features/assistant/lib/scopes'
import { formatUptime, parseWholeNumber, splitDuration } from '../../../client/src/components/channel-page/format'

const line = (id: number, text = `line ${id}`) => ({ id: String(id), at: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(), text })

describe('the chatboard list', () => {
  it('merges history and live lines in server order, without repeats', () => {
    const history = [line(1), line(2), line(3)]
    const merged = mergeChatLines(history, [line(3), line(5), line(4)])
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5'])
    // Ids compare as numbers, not strings.
    expect(mergeChatLines([line(9)], [line(10)]).map((m) => m.id)).toEqual(['9', '10'])
  })

  it('keeps the same array when nothing is new (no re-render)', () => {
    const history = [line(1), line(2)]
    expect(mergeChatLines(history, [])).toBe(history)
    expect(mergeChatLines(history, [history[1]!])).toBe(history)
  })

  it('keeps only the newest lines', () => {
    const many = Array.from({ length: 10 }, (_, i) => line(i + 1))
    expect(mergeChatLines(many, [line(11)], 5).map((m) => m.id)).toEqual(['7', '8', '9', '10', '11'])
  })

  it('follows new lines only near the bottom', () => {
    expect(isNearBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true)
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 1000, clientHeight: 400 })).toBe(false)
  })

  it('backs off between resubscribes: 1 s, 2 s, 4 s … 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(resubscribeDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
  })
})

describe('the OAuth round trip result', () => {
  it('reads ?connected= and ?error= of the panel', () => {
    expect(parseConnectResult(new URLSearchParams('connected=twitch'))).toEqual({ kind: 'connected', platform: 'twitch', botAccount: false })
    expect(parseConnectResult(new URLSearchParams('connected=kick&bot=1'))).toEqual({ kind: 'connected', platform: 'kick', botAccount: true })
    expect(parseConnectResult(new URLSearchParams('error=access_denied'))).toEqual({ kind: 'error', code: 'access_denied' })
    expect(parseConnectResult(new URLSearchParams('error=<script>'))).toEqual({ kind: 'error', code: 'unknown' })
    expect(parseConnectResult(new URLSearchParams('connected=youtube'))).toBeNull()
    expect(parseConnectResult(new URLSearchParams('channel=4'))).toBeNull()
  })

  it('reads ?confirm=<id> (the account waiting for confirmation) and the browser-binding refusal', () => {
    expect(parseConnectResult(new URLSearchParams('confirm=42'))).toEqual({ kind: 'confirm', id: '42' })
    expect(parseConnectResult(new URLSearchParams('confirm=1;drop'))).toBeNull()
    expect(parseConnectResult(new URLSearchParams('error=browser_mismatch'))).toEqual({ kind: 'error', code: 'browser_mismatch' })
    expect(withoutConnectParams(new URLSearchParams('confirm=42&channel=4')).toString()).toBe('channel=4')
  })

  it('puts every scope the server asks for into words, once per right', () => {
    const twitch = [
      'user:read:chat',
      'user:write:chat',
      'channel:bot',
      'moderator:manage:chat_messages',
      'moderator:manage:banned_users',
      'moderation:read',
      'clips:edit',
      'channel:manage:videos',
      'moderator:read:followers',
      'channel:manage:raids',
      'moderator:manage:shoutouts',
      'channel:manage:schedule',
      'user:bot',
    ]
    const kick = ['user:read', 'channel:read', 'chat:write', 'events:subscribe', 'moderation:ban', 'moderation:chat_message:manage']
    for (const { key } of scopeWords([...twitch, ...kick])) expect(key).not.toBeNull()
    expect(scopeWords(['chat:write', 'user:write:chat']).map((w) => w.key)).toEqual(['writeChat'])
    expect(scopeWords(['new:scope'])).toEqual([{ key: null, scope: 'new:scope' }])
  })

  it('drops only its own parameters', () => {
    expect(withoutConnectParams(new URLSearchParams('channel=4&connected=twitch&bot=1')).toString()).toBe('channel=4')
  })
})

describe('formatting', () => {
  it('shows uptime like the bot and durations in their largest whole unit', () => {
    expect(formatUptime(null)).toBeNull()
    expect(formatUptime(12 * 60_000)).toBe('12m')
    expect(formatUptime(83 * 60_000)).toBe('1h 23m')
    expect(splitDuration(600)).toEqual({ value: 10, unit: 'minute' })
    expect(splitDuration(86_400)).toEqual({ value: 1, unit: 'day' })
    expect(splitDuration(90)).toEqual({ value: 90, unit: 'second' })
    expect(splitDuration(0)).toEqual({ value: 0, unit: 'second' })
  })

  it('reads whole numbers from form fields', () => {
    expect(parseWholeNumber(' 15 ')).toBe(15)
    expect(parseWholeNumber('1.5')).toBeNull()
    expect(parseWholeNumber('-1')).toBeNull()
    expect(parseWholeNumber('')).toBeNull()
  })
})
