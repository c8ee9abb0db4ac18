import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { createGiveawaysService, ticketOwner } from '../../server/src/modules/giveaways/giveaways.service'
import { giveawayDraws, giveawayEntries } from '../../server/src/modules/giveaways/giveaways.tables'
import { createLogger } from '../../server/src/logger'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { botLinesOf, startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CHAT = 'mutation($c: ID!, $v: String!, $b: [SandboxBadge!], $t: String!) { sandboxChat(channelId: $c, viewer: $v, badges: $b, text: $t) }'
const GIVEAWAYS = `query($c: ID!) { channel(id: $c) { giveaways { id prize state keyword entryCount
  entries { login tickets subscriber } draws { ticket totalTickets entriesDrawnFrom winner { login } winnerMessages { text } } } } }`

/** Quotes and giveaways from the sandbox channel's chat (the local Twitch server), and their dashboard side. */
describe.each(engines)('quotes and giveaways on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let token: string
  let channelId: string
  let id: number

  const { ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const botLines = () => botLinesOf(t, id)
  const say = (viewer: string, text: string, badges: string[] = []) => ok(CHAT, { c: channelId, v: viewer, b: badges, t: text })
  const answers = async (viewer: string, text: string, reply: string | RegExp, badges: string[] = []) => {
    const match = (l: string) => (typeof reply === 'string' ? l === reply : reply.test(l))
    const before = (await botLines()).filter(match).length
    await say(viewer, text, badges)
    await waitFor(async () => (await botLines()).filter(match).length > before, `${reply} for ${text}`)
  }
  /** Every line so far handled by the bot (the chat line is stored when handled). */
  const handled = (viewer: string, text: string) =>
    waitFor(async () => {
      const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.channelId, id))
      return rows.some((r) => r.userName === viewer && r.text === text) && (await worker.get(id)!.idle(), true)
    }, `${viewer}: ${text} handled`)

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', COUNT_CACHE_TTL: '0' })
    worker = (await startTestWorker(t)).worker
    token = (await t.loginAs('client')).accessToken
    channelId = (await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id
    id = Number(channelId)
    await waitFor(() => worker.get(id)?.isConnected, 'the sandbox bot')
  })

  afterAll(() => stopTestApp(t, worker))

  describe('quotes', () => {
    it('adds quotes in chat (moderators by default) with the game, and finds them by number, words or at random', async () => {
      await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: true, category: "Chess") }', { c: channelId })
      await waitFor(async () => (await ok('query($c: ID!) { channel(id: $c) { status { live } } }', { c: channelId })).channel.status.live, 'live')
      await say('Ann', '!addquote not a mod')
      await answers('Mod', '!addquote Checkmate in one, they said', '@Mod Added quote #1.', ['moderator'])
      await answers('Mod', '!addquote Never resign', '@Mod Added quote #2.', ['moderator'])
      const day = t.clock.now().toISOString().slice(0, 10)
      await answers('Ann', '!quote 1', `#1: "Checkmate in one, they said" (Chess, ${day})`)
      await t.clock.advance(6)
      await answers('Ann', '!quote resign', `#2: "Never resign" (Chess, ${day})`)
      await t.clock.advance(6)
      await answers('Ann', '!quote', /^#[12]: "/)
      await t.clock.advance(6)
      await answers('Ann', '!quote 9', 'There is no quote #9.')
      const list = (await ok('query($c: ID!) { channel(id: $c) { quotes { id number text game addedBy } } }', { c: channelId })).channel.quotes
      expect(list).toMatchObject([
        { number: 1, game: 'Chess', addedBy: 'mod' },
        { number: 2, text: 'Never resign' },
      ])
      expect(list.some((q: { text: string }) => q.text === 'not a mod')).toBe(false)
    })

    it('lets the owner let everyone add, and edit and delete on the dashboard', async () => {
      await ok('mutation($c: ID!) { setQuoteAddPermission(channelId: $c, permission: everyone) }', { c: channelId })
      await answers('Ann', '!addquote From a viewer', '@Ann Added quote #3.')
      const created = (await ok('mutation($c: ID!) { createQuote(channelId: $c, input: { text: "Typed in" }) { id number } }', { c: channelId })).createQuote
      expect(created.number).toBe(4)
      await ok('mutation($id: ID!) { updateQuote(id: $id, input: { text: "Typed in, edited", game: "Go" }) { id } }', { id: created.id })
      expect(await code('mutation($id: ID!) { updateQuote(id: $id, input: { text: "" }) { id } }', { id: created.id })).toBe('BAD_USER_INPUT')
      expect(await ok('mutation($id: ID!) { deleteQuote(id: $id) }', { id: created.id })).toEqual({ deleteQuote: true })
      const list = (await ok('query($c: ID!) { channel(id: $c) { quotes { number } } }', { c: channelId })).channel.quotes
      expect(list.map((q: { number: number }) => q.number)).toEqual([1, 2, 3])
    })
  })

  describe('giveaways', () => {
    it('draws a winner among three test viewers who typed !join, rerolls, and keeps the history', async () => {
      const open = (
        await ok('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "A chess set", keyword: "!join", subscriberTickets: 3 }) { id state } }', {
          c: channelId,
        })
      ).openGiveaway
      expect(open.state).toBe('open')
      expect(await code('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "Second" }) { id } }', { c: channelId })).toBe('CONFLICT')
      await say('ViewerOne', '!join')
      await say('ViewerTwo', '!join', ['subscriber'])
      await say('ViewerThree', 'hello !join') // not the keyword first: no entry
      await say('ViewerThree', '!JOIN')
      await say('ViewerOne', '!join') // once only
      await handled('ViewerOne', '!join')
      await handled('ViewerThree', '!JOIN')
      const entries = await t.database.db
        .select()
        .from(giveawayEntries)
        .where(eq(giveawayEntries.giveawayId, Number(open.id)))
      expect(entries.map((e) => [e.login, e.tickets]).sort()).toEqual([
        ['viewerone', 1],
        ['viewerthree', 1],
        ['viewertwo', 3],
      ])
      const first = (await ok('mutation($id: ID!) { drawGiveaway(id: $id) { totalTickets entriesDrawnFrom ticket winner { login } } }', { id: open.id }))
        .drawGiveaway
      expect(first).toMatchObject({ totalTickets: 5, entriesDrawnFrom: 3 })
      expect(['viewerone', 'viewertwo', 'viewerthree']).toContain(first.winner.login)
      const reroll = (await ok('mutation($id: ID!) { drawGiveaway(id: $id) { entriesDrawnFrom winner { login } } }', { id: open.id })).drawGiveaway
      expect(reroll.entriesDrawnFrom).toBe(2)
      expect(reroll.winner.login).not.toBe(first.winner.login)
      // The draw is recorded with what it drew from, and can be checked.
      const draws = await t.database.db
        .select()
        .from(giveawayDraws)
        .where(eq(giveawayDraws.giveawayId, Number(open.id)))
      for (const d of draws) expect(ticketOwner(d.pool, d.ticket)).toBe(d.entryId)
      // The winner's next lines show on the dashboard; the winner was announced by the bot.
      const winnerName = entries.find((e) => e.login === reroll.winner.login)!.name
      await waitFor(async () => (await botLines()).includes(`The winner of A chess set is @${winnerName}! Congratulations!`), 'the announcement')
      t.clock.advance(1)
      await say(winnerName, 'I am here!')
      await handled(winnerName, 'I am here!')
      const history = (await ok(GIVEAWAYS, { c: channelId })).channel.giveaways
      expect(history[0]).toMatchObject({ prize: 'A chess set', state: 'closed', entryCount: 3 })
      expect(history[0].draws[1].winnerMessages).toEqual([{ text: 'I am here!' }])
      await ok('mutation($id: ID!) { drawGiveaway(id: $id) { id } }', { id: open.id })
      expect(await code('mutation($id: ID!) { drawGiveaway(id: $id) { id } }', { id: open.id })).toBe('CONFLICT')
    })

    it('keeps entries to eligible viewers: subscribers only, followers with a follow age, within the entry limit', async () => {
      const subs = (
        await ok('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "Sub prize", eligibility: subscribers }) { id } }', { c: channelId })
      ).openGiveaway
      await say('Plain', 'hi there')
      await say('Subbed', 'hello', ['subscriber'])
      await say('Subbed', '!notanentry', ['subscriber'])
      await handled('Subbed', '!notanentry')
      expect((await ok(GIVEAWAYS, { c: channelId })).channel.giveaways[0].entries).toEqual([{ login: 'subbed', tickets: 1, subscriber: true }])
      await ok('mutation($id: ID!) { closeGiveaway(id: $id) { state } }', { id: subs.id })

      await ok('mutation($c: ID!) { sandboxFollow(channelId: $c, viewer: "OldFan", daysAgo: 30) }', { c: channelId })
      await ok('mutation($c: ID!) { sandboxFollow(channelId: $c, viewer: "NewFan", daysAgo: 1) }', { c: channelId })
      await ok(
        'mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "Fan prize", keyword: "join", eligibility: followers, minFollowDays: 7, maxEntries: 1 }) { id } }',
        {
          c: channelId,
        },
      )
      for (const v of ['Stranger', 'NewFan', 'OldFan']) await say(v, '!join')
      await handled('OldFan', '!join')
      expect((await ok(GIVEAWAYS, { c: channelId })).channel.giveaways[0].entries.map((e: { login: string }) => e.login)).toEqual(['oldfan'])
      expect(await code('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "x", minFollowDays: 3 }) { id } }', { c: channelId })).toBe(
        'BAD_USER_INPUT',
      )
    })

    it("another process's cached answer follows the change feed: a giveaway opened or closed here is seen there at once", async () => {
      // A second process's service (its own cache) on the same database and change feed. The
      // test clock stands still, so no expiry of the cached answer can explain what it sees.
      const { channels, chat, pubsub } = t.services
      const other = createGiveawaysService({ db: t.database.db, channels, chat, now: t.clock.now, pubsub, log: createLogger('silent') })
      // The test above left its giveaway open: the other process has it cached, then sees it closed.
      const left = await other.openGiveaway(id)
      expect(left?.prize).toBe('Fan prize')
      await ok('mutation($id: ID!) { closeGiveaway(id: $id) { state } }', { id: String(left!.id) })
      await waitFor(async () => (await other.openGiveaway(id)) === null, 'the other process seeing it closed')
      await ok('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "Fed prize" }) { id } }', { c: channelId })
      await waitFor(async () => (await other.openGiveaway(id))?.prize === 'Fed prize', 'the other process seeing the next one opened')
    })
  })
})
