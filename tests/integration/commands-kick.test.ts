import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNKNOWN_VALUE } from '../../server/src/modules/commands/template'
import type { KickServer } from '../../server/src/platforms/sandbox/kick-server'
import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { startLocalPlatforms } from '../support/platform-harness'
import { gqlCaller, type TestApp } from '../support/test-app'

const BROADCASTER = { id: 601, name: 'KickHost' }
const MOD = { id: 602, name: 'KickMod', badges: ['moderator'] }
const fan = (n: number) => ({ id: 700 + n, name: `KickFan${n}` })
const CREATE = 'mutation($c: ID!, $i: ChatCommandInput!) { createChatCommand(channelId: $c, input: $i) { id } }'

/**
 * The command language, quotes and giveaways on Kick's local server (signed chat webhooks in,
 * POST /public/v1/chat out): an argument with its default, an alias, an online-only command
 * silent while offline, ${followage} unknown (Kick gives no follow dates), !addquote by a
 * moderator then !quote 1, and a !join giveaway among three viewers drawn on the server.
 */
describe.each(engines)('commands, quotes and giveaways on Kick (%s)', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let kick: KickServer
  let worker: BotWorker
  let token: string
  let channelId: string
  const { ok } = gqlCaller(
    () => t,
    () => token,
  )
  const bot = () => worker.get(Number(channelId))!
  const sent = () => kick.sent.filter((s) => s.broadcasterId === BROADCASTER.id).map((s) => s.content)
  /** A viewer's line, once the bot has handled it and queued out what it answers. */
  const say = async (from: { id: number; name: string; badges?: string[] }, text: string) => {
    const before = bot().stats.handled
    expect(await kick.chat(BROADCASTER.id, from, text)).toBe(200)
    await waitFor(() => bot().stats.handled > before, `the bot to read "${text}"`)
    await bot().idle()
    await waitFor(() => bot().queued === 0, 'the replies to be queued out')
  }
  /** The bot's next line after `text`. */
  const ask = async (from: { id: number; name: string; badges?: string[] }, text: string) => {
    const before = sent().length
    await say(from, text)
    await waitFor(() => sent().length > before, `an answer to "${text}"`)
    return sent().at(-1)
  }
  const create = (input: Record<string, unknown>) => ok(CREATE, { c: channelId, i: { cooldownSeconds: 0, ...input } })

  // Two servers, a database and an OAuth round on a shared, busy machine: a generous bound.
  beforeAll(async () => {
    ;({ t, twitch, kick } = await startLocalPlatforms(engine))
    kick.addUser(BROADCASTER)
    ;({ worker } = await startTestWorker(t))
    token = (await t.loginAs('client')).accessToken
    kick.consentAs(BROADCASTER.id)
    channelId = await connectChannel(t, token, kick, 'kick')
    await create({ trigger: '!so', response: 'Go follow ${1|nobody}!', aliases: ['!shout'] })
    await create({ trigger: '!live', response: 'We are live', availability: 'online' })
    await create({ trigger: '!marker', response: 'marker' })
    await create({ trigger: '!since', response: '${user} follows since ${followage}' })
    await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: channelId })
    await waitFor(() => worker.get(Number(channelId))?.isConnected, 'the Kick bot')
    // The connection's own reload may restart the bot right now: a line sent meanwhile is handed
    // to the new bot. Yet once on CI (PostgreSQL, under load) a marker sent just after the bot
    // connected was not answered within 20 s, and it could not be reproduced; so the set-up sends
    // it again if unanswered after 10 s, and says so (the tests below need a bot that answers).
    const before = sent().length
    for (let attempt = 1; sent().length === before; attempt++) {
      if (attempt > 1) console.warn(`commands-kick (${engine}): marker ${attempt - 1} unanswered after 10 s, sending it again`)
      expect(await kick.chat(BROADCASTER.id, fan(0), '!marker')).toBe(200)
      await waitFor(() => sent().length > before, 'the marker to be answered', 10_000).catch((e: unknown) => {
        if (attempt >= 6) throw e
      })
    }
    await worker.settled()
    await bot().idle()
    await waitFor(() => bot().queued === 0, 'the marker answers to be queued out')
  }, 120_000)

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
    await kick?.close()
  })

  it('fills an argument or its default, answers an alias, keeps an online-only command silent offline, says when a value is unknown', async () => {
    expect(await ask(fan(1), '!so @someone')).toBe('Go follow @someone!')
    expect(await ask(fan(1), '!so')).toBe('Go follow nobody!')
    expect(await ask(fan(2), '!shout pal')).toBe('Go follow pal!')
    const before = sent().length
    await say(fan(2), '!live')
    expect(await ask(fan(2), '!marker')).toBe('marker')
    expect(sent().slice(before)).toEqual(['marker'])
    expect(await ask(fan(3), '!since')).toBe(`${fan(3).name} follows since ${UNKNOWN_VALUE}`)
  })

  it('a moderator adds a quote in chat and !quote 1 says it; a viewer may not add one', async () => {
    const added = await ask(MOD, '!addquote The rook is the best piece')
    expect(added).toContain('#1')
    expect(await ask(fan(4), '!quote 1')).toContain('"The rook is the best piece"')
    const before = (await ok('query($c: ID!) { channel(id: $c) { quotes { number } } }', { c: channelId })).channel.quotes.length
    await say(fan(4), '!addquote not allowed')
    expect((await ok('query($c: ID!) { channel(id: $c) { quotes { number } } }', { c: channelId })).channel.quotes).toHaveLength(before)
  })

  it('a !join giveaway: three viewers enter, the server draws one of them, the history shows it', async () => {
    const open = (await ok('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "A board", keyword: "!join" }) { id } }', { c: channelId }))
      .openGiveaway
    for (const n of [5, 6, 7]) await say(fan(n), '!join')
    await say(fan(5), '!join') // once only
    await ok('mutation($id: ID!) { closeGiveaway(id: $id) { state } }', { id: open.id })
    const draw = (await ok('mutation($id: ID!) { drawGiveaway(id: $id) { entriesDrawnFrom winner { login } } }', { id: open.id })).drawGiveaway
    expect(draw.entriesDrawnFrom).toBe(3)
    expect(['kickfan5', 'kickfan6', 'kickfan7']).toContain(draw.winner.login)
    const history = (await ok('query($c: ID!) { channel(id: $c) { giveaways { prize state entryCount draws { winner { login } } } } }', { c: channelId }))
      .channel.giveaways
    expect(history[0]).toMatchObject({ prize: 'A board', state: 'closed', entryCount: 3, draws: [{ winner: { login: draw.winner.login } }] })
  })

  it('answers a line that reaches the bot exactly while the worker restarts it (a reconnect), once', async () => {
    const id = Number(channelId)
    const old = bot()
    let before = sent().length
    // The line reaches the running bot, and the restart replaces it before it has handled the line.
    const line = kick.chat(BROADCASTER.id, fan(8), '!marker')
    const restart = worker.reload(id, true)
    expect(await line).toBe(200)
    await restart
    expect(bot()).not.toBe(old)
    await waitFor(() => sent().length > before, 'the answer to the line sent as the bot was replaced')
    await bot().idle()
    await waitFor(() => bot().queued === 0, 'the replies to be queued out')
    expect(sent().slice(before)).toEqual(['marker'])
    // The line reaches the new bot while it is still starting: handled once its commands are loaded.
    before = sent().length
    const replaced = bot()
    const again = worker.reload(id, true)
    await waitFor(() => bot() !== replaced, 'the new bot to take the channel')
    expect(await kick.chat(BROADCASTER.id, fan(9), '!marker')).toBe(200)
    await again
    await waitFor(() => sent().length > before, 'the answer to the line sent as the new bot started')
    await bot().idle()
    await waitFor(() => bot().queued === 0, 'the replies to be queued out')
    expect(sent().slice(before)).toEqual(['marker'])
  })
})
