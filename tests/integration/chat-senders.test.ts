import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../server/src/db/schema'
import { chatSenders } from '../../server/src/modules/chat/chat.tables'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { readSse, startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CONNECT = 'mutation { connectSandboxChannel { id } }'
const SEND = 'mutation($c: ID!, $m: String!) { sendChatMessage(channelId: $c, message: $m) { ok id } }'
const HISTORY = 'query($c: ID!) { channel(id: $c) { recentMessages(first: 50) { platformMessageId text fromBot sentBy { id username } } } }'
const SANDBOX_CHAT = 'mutation($c: ID!, $t: String!) { sandboxChat(channelId: $c, viewer: "SomeViewer", text: $t) }'

interface Line {
  platformMessageId: string
  text: string
  fromBot: boolean
  sentBy: { id: string; username: string } | null
}

/**
 * Issue 31: a line a team member sends from the chatboard is theirs, in the history and live,
 * never only the bot's or the owner's; only those who may see the channel's chatboard read it.
 */
describe.each(engines)('chatboard senders on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let owner: string
  let ownerId: string
  let member: string
  let memberId: string
  let channelId: string
  const { ok, code } = gqlCaller(
    () => t,
    () => owner,
  )
  const history = async (token = owner): Promise<Line[]> => (await ok(HISTORY, { c: channelId }, token)).channel.recentMessages
  const lineOf = (platformMessageId: string, token = owner) =>
    waitFor(async () => (await history(token)).find((l) => l.platformMessageId === platformMessageId), 'the sent line in the history')

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', CHAT_HISTORY_SIZE: '10' })
    worker = (await startTestWorker(t)).worker
    const login = await t.loginAs('client')
    owner = login.accessToken
    ownerId = String(login.userData.id)
    channelId = (await ok(CONNECT)).connectSandboxChannel.id
    await ok('mutation($c: ID!) { inviteTeamMember(channelId: $c, email: "chatmod@example.com", access: { group: moderator }) { id } }', { c: channelId })
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'chatmod@example.com')).orderBy(desc(mailOutbox.id)).limit(1)
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    const reg = await t.json('POST', '/jwt/register', { username: 'chatmod', email: 'chatmod@example.com', password: 'a-good-passphrase' })
    member = reg.body.accessToken
    memberId = String(reg.body.userData.id)
    await ok('mutation($t: String!) { acceptTeamInvitation(token: $t) { id } }', { t: token }, member)
    await waitFor(() => worker.get(Number(channelId))?.isConnected, 'the sandbox bot to connect')
  })
  afterAll(() => stopTestApp(t, worker))

  it("names the member who sent a line, live and in the history; the owner's own line is the owner's", async () => {
    const live = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${owner}` },
      body: JSON.stringify({
        query: 'subscription($c: ID!) { chatMessages(channelId: $c) { text sentBy { id username } } }',
        variables: { c: channelId },
      }),
    })
    const seen = readSse(live, (d) => {
      const m = d.data?.chatMessages
      return m?.text === 'Hello from the team' && m.sentBy ? m.sentBy : undefined
    })
    const sent = (await ok(SEND, { c: channelId, m: 'Hello from the team' }, member)).sendChatMessage
    expect(sent.ok).toBe(true)
    expect(await seen).toEqual({ id: memberId, username: 'chatmod' })
    expect(await lineOf(sent.id)).toMatchObject({ text: 'Hello from the team', fromBot: true, sentBy: { id: memberId, username: 'chatmod' } })
    // The member reads it too (their group sees the chatboard).
    expect((await lineOf(sent.id, member)).sentBy).toEqual({ id: memberId, username: 'chatmod' })

    const own = (await ok(SEND, { c: channelId, m: 'Hello from the owner' })).sendChatMessage
    expect((await lineOf(own.id)).sentBy).toEqual({ id: ownerId, username: 'demo-client' })
    // A viewer's line has no dashboard sender.
    await ok(SANDBOX_CHAT, { c: channelId, t: 'just watching' })
    const viewerLine = await waitFor(async () => (await history()).find((l) => l.text === 'just watching'), "the viewer's line")
    expect(viewerLine.sentBy).toBeNull()
  })

  it("another channel's owner reads neither the lines nor their senders", async () => {
    const other = (await t.loginAs('reseller')).accessToken
    expect(await code(HISTORY, { c: channelId }, other)).toBe('NOT_FOUND')
    const sub = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${other}` },
      body: JSON.stringify({ query: `subscription { chatMessages(channelId: "${channelId}") { sentBy { username } } }` }),
    })
    expect(await readSse(sub, (d) => d.errors?.[0]?.extensions?.code)).toBe('NOT_FOUND')
  })

  it('the senders leave with the lines when the history ring is trimmed', async () => {
    const kept = async () =>
      (
        await t.database.db
          .select()
          .from(chatSenders)
          .where(eq(chatSenders.channelId, Number(channelId)))
      ).length
    expect(await kept()).toBe(2)
    // More viewer lines than the ring holds (10): the chatboard lines fall out, and their senders with them.
    for (let i = 0; i < 25; i++) await ok(SANDBOX_CHAT, { c: channelId, t: `filler ${i}` })
    await waitFor(async () => (await history()).some((l) => l.text === 'filler 24'), 'the last filler line')
    await waitFor(async () => (await kept()) === 0, 'the senders trimmed')
  })
})
