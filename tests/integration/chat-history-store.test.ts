import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import type { ChatRole } from '../../server/src/platforms/types'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

/**
 * The chat history's grouped INSERT (chat-history.ts: one array parameter per column, unnested)
 * stores every line as it came, whatever its text holds: the characters an array literal
 * quotes or escapes, the words it reads specially, and lines of several channels in one group.
 */
const AWKWARD = [
  'plain words',
  'a "quoted" word and a back\\slash \\" both',
  '{braces}, commas, and a trailing backslash \\',
  'NULL',
  '',
  '  leading and trailing spaces  ',
  'two\nlines\tand a tab',
  'emoji 🎉 and accents éàü, CJK 漢字',
  "single 'quotes' and $1 ::text[] and ) ; --",
]

describe.each(engines)('chat history lines stored on %s', (engine) => {
  let t: TestApp
  let token: string
  const { ok } = gqlCaller(
    () => t,
    () => token,
  )

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test' })
    token = (await t.loginAs('client')).accessToken
  })
  afterAll(() => t?.close())

  it('stores lines arriving together, of two channels, with their text, roles, flags and times as they came', async () => {
    const first = Number((await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id)
    const second = Number((await ok('mutation { connectSandboxChannel { id } }', {}, (await t.loginAs('admin')).accessToken)).connectSandboxChannel.id)
    expect(second).not.toBe(first)
    const at = (i: number) => new Date(Date.UTC(2026, 10, 29, 6, 30, i, 123))
    const roles: ChatRole[][] = [[], ['moderator'], ['subscriber', 'vip'], ['broadcaster']]
    // All at once: the lines after the first wait for its INSERT and go together in the next.
    const events = await Promise.all(
      AWKWARD.map((text, i) =>
        t.services.chat.record(
          i % 2 ? second : first,
          { messageId: `awk-${i}`, userId: `u"${i}`, userLogin: `login\\${i}`, userName: `Name {${i}}`, text, roles: roles[i % 4]!, at: at(i) },
          i === 3,
        ),
      ),
    )
    expect(events.map((e) => e.text)).toEqual(AWKWARD)
    const rows = await t.database.db.select().from(chatMessages).orderBy(asc(chatMessages.id))
    const stored = rows.filter((r) => r.platformMessageId.startsWith('awk-'))
    expect(
      stored.map((r) => ({
        channelId: r.channelId,
        id: r.platformMessageId,
        user: [r.userId, r.userLogin, r.userName],
        text: r.text,
        roles: r.roles,
        fromBot: r.fromBot,
        removed: r.removed,
        at: r.at.toISOString(),
      })),
    ).toEqual(
      AWKWARD.map((text, i) => ({
        channelId: i % 2 ? second : first,
        id: `awk-${i}`,
        user: [`u"${i}`, `login\\${i}`, `Name {${i}}`],
        text,
        roles: roles[i % 4],
        fromBot: i === 3,
        removed: false,
        at: at(i).toISOString(),
      })),
    )
    // Each caller got its own row back.
    expect(events.map((e) => e.platformMessageId)).toEqual(AWKWARD.map((_, i) => `awk-${i}`))
  })
})
