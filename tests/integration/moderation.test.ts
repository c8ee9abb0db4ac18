import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { createModerationService } from '../../server/src/modules/moderation/moderation.service'
import { createLogger } from '../../server/src/logger'
import { moderationSettings } from '../../server/src/modules/moderation/moderation.tables'
import { offencesFromLog } from '../../server/src/modules/moderation/offences'
import { defaultSettings, type ModerationSettings } from '../../server/src/modules/moderation/settings'
import type { KickServer } from '../../server/src/platforms/sandbox/kick-server'
import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { startLocalPlatforms } from '../support/platform-harness'
import { gqlCaller, type TestApp } from '../support/test-app'

const BROADCASTER = { id: '1001', login: 'democaster', displayName: 'DemoCaster' }
const KICK_BROADCASTER = { id: 501, name: 'KickCaster' }
const MOD = { userId: '2002', login: 'moddy', badges: ['moderator'] }
const viewer = (n: number) => ({ userId: String(3000 + n), login: `viewer${n}` })

const PANEL = `query($id: ID!, $s: String, $f: String, $a: String) { channel(id: $id) { moderation { settings rightsProblem botLogin
  regulars { login addedBy } counts { filter count lastDay lastWeek }
  log(search: $s, filter: $f, action: $a, first: 50) { total items { id viewerLogin source filter moderator detail excerpt action durationSeconds ok status answer undoable } } } } }`
const SAVE = `mutation($c: ID!, $s: ModerationSettingsInput!) { updateModerationSettings(channelId: $c, input: $s) }`
const UNDO = `mutation($id: ID!) { undoModerationAction(id: $id) { ok status message } }`
const ADD_REGULAR = `mutation($c: ID!, $l: String!) { addModerationRegular(channelId: $c, login: $l) { login } }`
const NUKE = `mutation($c: ID!, $p: String!) { nukeChat(channelId: $c, input: { phrase: $p, lookbackSeconds: 120, timeoutSeconds: 300 }) { messages viewers } }`

describe.each(engines)('auto-moderation on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let kick: KickServer
  let worker: BotWorker
  let token: string
  let channelId: string
  const { ok, code, gql } = gqlCaller(
    () => t,
    () => token,
  )
  const bot = () => worker.get(Number(channelId))!
  const panel = async (vars: Record<string, unknown> = {}) => (await ok(PANEL, { id: channelId, ...vars })).channel.moderation
  const sent = () => twitch.sent.filter((s) => s.isSent).map((s) => s.message)
  const calls = () => twitch.moderation.map((m) => `${m.kind}:${m.userId ?? m.messageId}${m.duration ? `:${m.duration}` : ''}`)
  const say = async (from: { userId: string; login: string; badges?: string[] }, text: string) => {
    const before = bot().stats.handled
    const id = twitch.chat(BROADCASTER.id, from, text)
    await waitFor(() => bot().stats.handled > before, 'the bot to read the line')
    await bot().idle()
    await waitFor(() => bot().queued === 0, 'the replies to be queued out')
    return id
  }
  /** A line the bot answers: resolves with its answer. */
  const ask = async (from: { userId: string; login: string; badges?: string[] }, text: string) => {
    const before = sent().length
    await say(from, text)
    await waitFor(() => sent().length > before, 'the answer')
    return sent().at(-1)
  }
  const removed = async (messageId: string) =>
    (
      await t.database.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.platformMessageId, messageId)))
    )[0]?.removed
  const save = (s: ModerationSettings) => ok(SAVE, { c: channelId, s })

  beforeAll(async () => {
    ;({ t, twitch, kick } = await startLocalPlatforms(engine))
    twitch.addUser(BROADCASTER)
    kick.addUser(KICK_BROADCASTER)
    ;({ worker } = await startTestWorker(t))
    token = (await t.loginAs('client')).accessToken
    twitch.consentAs(BROADCASTER.id)
    channelId = await connectChannel(t, token, twitch, 'twitch')
    await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: channelId })
    await waitFor(() => worker.get(Number(channelId))?.isConnected, 'the bot to connect')
    await waitFor(() => twitch.subscriptions().some((s) => s.type === 'channel.chat.message'), 'the chat subscription')
  })

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
    await kick?.close()
  })

  it('starts off with the defaults; bad settings are refused with a code and nothing is stored; others see no channel', async () => {
    const p = await panel()
    expect(p.settings).toEqual(defaultSettings())
    expect(p).toMatchObject({ rightsProblem: null, botLogin: BROADCASTER.login, regulars: [], counts: [], log: { total: 0, items: [] } })
    const d = defaultSettings()
    const bad = (patch: (s: ModerationSettings) => void) => {
      const s = structuredClone(d)
      patch(s)
      return code(SAVE, { c: channelId, s })
    }
    expect(await bad((s) => (s.filters.terms.terms = Array.from({ length: 501 }, (_, i) => `t${i}`)))).toBe('BAD_USER_INPUT')
    expect(await bad((s) => (s.filters.terms.patterns = ['(a)\\1']))).toBe('BAD_USER_INPUT')
    expect(await bad((s) => (s.filters.terms.patterns = ['(?:\\p{L}{100}){10}']))).toBe('REGEX_UNSAFE')
    expect(await bad((s) => (s.filters.links.allowedDomains = ['nope']))).toBe('BAD_USER_INPUT')
    expect(await bad((s) => (s.filters.caps.percent = 500))).toBe('BAD_USER_INPUT')
    // Each refused value is named by its path, for the editor to show beside its input.
    const fieldsOf = async (s: ModerationSettings) => (await gql(SAVE, { c: channelId, s })).body.errors?.[0]?.extensions?.fields
    const twoBad = structuredClone(d)
    twoBad.filters.caps.percent = 500
    twoBad.filters.terms.patterns = ['ok', '(a)\\1']
    expect(Object.keys((await fieldsOf(twoBad)) ?? {})).toEqual(['filters.caps.percent'])
    twoBad.filters.caps.percent = 70
    expect(Object.keys((await fieldsOf(twoBad)) ?? {})).toEqual(['filters.terms.patterns.1'])
    expect(await code(SAVE, { c: channelId, s: { ...d, filters: { ...d.filters, caps: { ...d.filters.caps, action: 'explode' } } } })).toBeTruthy()
    expect(await t.database.db.select().from(moderationSettings)).toEqual([])
    const other = (await t.loginAs('reseller')).accessToken
    expect(await code(SAVE, { c: channelId, s: d }, other)).toBe('NOT_FOUND')
    expect(await code(ADD_REGULAR, { c: channelId, l: 'someone' }, other)).toBe('NOT_FOUND')
    expect(await code(NUKE, { c: channelId, p: 'xx' }, other)).toBe('NOT_FOUND')
    expect(await code(SAVE, { c: channelId, s: d }, '')).toBe('UNAUTHENTICATED')
  })

  it('a link is deleted with a warning, the second gets a timeout; a regular keeps theirs; !permit lets one through', async () => {
    const s = defaultSettings()
    s.enabled = true
    s.filters.terms.terms = ['free', 'buy followers']
    await save(s)
    const v1 = viewer(1)
    expect(await ask(v1, 'check my stream at evil-example.com')).toBe('@viewer1, no links without permission (warning)')
    const first = twitch.moderation[0]!.messageId!
    expect(calls()).toEqual([`delete:${first}`])
    expect(await removed(first)).toBe(true)
    await say(v1, 'again: https://evil-example.com/x')
    expect(calls().at(-1)).toBe(`timeout:${v1.userId}:600`)
    // A restarted worker reads the ladder back from the log: viewer1's next offence is the third.
    const ladder = await offencesFromLog({ db: t.database.db, now: t.clock.now }, Number(channelId), 600_000)
    expect(ladder.add(v1.userId, t.clock.t, 600_000)).toBe(3)
    expect(ladder.add(viewer(2).userId, t.clock.t, 600_000)).toBe(1)
    t.clock.advance(601)
    expect((await offencesFromLog({ db: t.database.db, now: t.clock.now }, Number(channelId), 600_000)).add(v1.userId, t.clock.t, 600_000)).toBe(1)
    t.clock.advance(-601)

    expect((await ok(ADD_REGULAR, { c: channelId, l: '@Viewer2' })).addModerationRegular).toEqual([{ login: 'viewer2' }])
    const before = calls().length
    const kept = await say(viewer(2), 'my clip: clips.example.com/abc')
    expect(calls().length).toBe(before)
    expect(await removed(kept)).toBe(false)

    expect(await ask(MOD, '!permit viewer3')).toBe('@viewer3 may post one link in the next 60 seconds.')
    await say(viewer(3), 'here it is: example.org')
    expect(calls().length).toBe(before)
    const second = await say(viewer(3), 'and another example.org')
    expect(calls().at(-1)).toBe(`delete:${second}`)
  })

  it('catches a banned term in full-width letters and with a Cyrillic look-alike, not inside other words', async () => {
    const caught = await say(viewer(4), 'get ｆｒｅｅ stuff')
    expect(calls().at(-1)).toBe(`delete:${caught}`)
    const n = calls().length
    await say(viewer(5), 'freedom for all')
    expect(calls().length).toBe(n)
    const cyr = await say(viewer(6), 'fr\u0435\u0435 subs')
    expect(calls().at(-1)).toBe(`delete:${cyr}`)
  })

  it('!regular add/remove by a moderator; viewers cannot use it', async () => {
    await say(viewer(7), '!regular add viewer7')
    expect((await panel()).regulars.map((r: { login: string }) => r.login)).toEqual(['viewer2'])
    expect(await ask(MOD, '!regular add @Viewer8')).toBe('@viewer8 is now a regular.')
    expect((await panel()).regulars).toEqual([
      { login: 'viewer2', addedBy: 'dashboard' },
      { login: 'viewer8', addedBy: 'moddy' },
    ])
    await say(MOD, '!regular remove viewer8')
    expect((await panel()).regulars.map((r: { login: string }) => r.login)).toEqual(['viewer2'])
  })

  it('a nuke removes the matching recent lines and times their senders out; !unnuke and undo lift it', async () => {
    const ids = [await say(viewer(10), 'cheap promo here'), await say(viewer(11), 'CHEAP promo!'), await say(viewer(12), 'so cheap promo lol')]
    await say(viewer(13), 'i like promos') // not the phrase
    expect(await ask(MOD, '!nuke cheap promo 60 300')).toBe('Nuked 3 message(s) from 3 viewer(s). !unnuke undoes it.')
    for (const id of ids) expect(await removed(id)).toBe(true)
    expect(calls().filter((c) => c.endsWith(':300'))).toEqual(['timeout:3012:300', 'timeout:3011:300', 'timeout:3010:300'])
    expect(await ask(MOD, '!unnuke')).toBe('Unnuked 3 viewer(s).')
    expect(calls().filter((c) => c.startsWith('unban'))).toHaveLength(3)

    const log = (await panel({ f: 'links', a: 'timeout' })).log
    expect(log.total).toBe(1)
    const row = log.items[0]
    expect(row).toMatchObject({
      viewerLogin: 'viewer1',
      source: 'filter',
      filter: 'links',
      action: 'timeout',
      durationSeconds: 600,
      ok: true,
      status: 200,
      undoable: true,
    })
    expect((await ok(UNDO, { id: row.id })).undoModerationAction).toMatchObject({ ok: true, status: 204 })
    expect(await code(UNDO, { id: row.id })).toBe('CONFLICT')
    const warn = (await panel({ s: 'viewer1', a: 'warn' })).log.items[0]
    expect(await code(UNDO, { id: warn.id })).toBe('CONFLICT')
    expect((await panel({ s: 'VIEWER3' })).log.items.map((r: { viewerLogin: string }) => r.viewerLogin)).toEqual(['viewer3']) // a search by viewer, any case
    expect((await panel()).counts).toEqual(
      expect.arrayContaining([
        { filter: 'links', count: 3, lastDay: 3, lastWeek: 3 },
        { filter: 'terms', count: 2, lastDay: 2, lastWeek: 2 },
      ]),
    )
    // Two days on: out of the last 24 hours, still within the week and the log.
    // (A session of two days ago has expired: sign in again, then once more back in the present.)
    t.clock.advance(2 * 86_400)
    token = (await t.loginAs('client')).accessToken
    expect((await panel()).counts).toEqual(expect.arrayContaining([{ filter: 'links', count: 3, lastDay: 0, lastWeek: 3 }]))
    t.clock.advance(-2 * 86_400)
    token = (await t.loginAs('client')).accessToken
  })

  it("logs the chatboard's own actions with the acting user's name; a timeout from the chatboard is undone from the log", async () => {
    const MODERATE = 'mutation($c: ID!, $i: ModerationInput!) { moderateChat(channelId: $c, input: $i) { ok status } }'
    const [owner] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.email, 'client@demo.local'))
    const line = await say(viewer(30), 'a perfectly fine line')
    expect((await ok(MODERATE, { c: channelId, i: { action: 'delete', messageId: line } })).moderateChat).toMatchObject({ ok: true })
    expect(
      (await ok(MODERATE, { c: channelId, i: { action: 'timeout', userId: viewer(30).userId, durationSeconds: 120, reason: 'calm down' } })).moderateChat,
    ).toMatchObject({ ok: true })
    expect(await removed(line)).toBe(true)
    const rows = (await panel({ s: 'viewer30' })).log.items
    expect(rows).toMatchObject([
      {
        viewerLogin: 'viewer30',
        source: 'moderator',
        moderator: owner!.username,
        action: 'timeout',
        durationSeconds: 120,
        detail: 'calm down',
        excerpt: 'a perfectly fine line',
        ok: true,
        undoable: true,
      },
      {
        viewerLogin: 'viewer30',
        source: 'moderator',
        moderator: owner!.username,
        action: 'delete',
        excerpt: 'a perfectly fine line',
        ok: true,
        undoable: false,
      },
    ])
    expect((await ok(UNDO, { id: rows[0].id })).undoModerationAction).toMatchObject({ ok: true })
    expect(calls().at(-1)).toBe(`unban:${viewer(30).userId}`)
    expect((await panel({ s: 'viewer30', a: 'timeout' })).log.items[0].undoable).toBe(false)
  })

  it('a !permit outlives the process that granted it: a new process lets the one link through once, and not after it expired', async () => {
    expect(await ask(MOD, '!permit @Viewer30')).toBe('@viewer30 may post one link in the next 60 seconds.')
    expect(await ask(MOD, '!permit viewer31')).toBe('@viewer31 may post one link in the next 60 seconds.')
    expect(await ask(MOD, '!permit not/a-name')).toMatch(/^@moddy A viewer name has/)
    // A new process (a restart, or the channel's lease moved): its own moderation state, the same database.
    const fresh = () =>
      createModerationService({
        db: t.database.db,
        log: createLogger('silent'),
        now: t.clock.now,
        pubsub: t.services.pubsub,
        channels: t.services.channels,
        platforms: t.services.platforms,
        chat: t.services.chat,
        config: t.config,
        webhooks: t.services.webhooks,
      })
    const [row] = await t.database.db
      .select()
      .from(channels)
      .where(eq(channels.id, Number(channelId)))
    let n = 0
    const line = (v: number, text: string) => ({
      messageId: `restart-${++n}`,
      userId: viewer(v).userId,
      userLogin: `viewer${v}`,
      userName: `viewer${v}`,
      text,
      roles: [],
      at: new Date(t.clock.t),
    })
    const io = () => ({ now: t.clock.t, reply: () => {} })
    const next = fresh()
    expect(await next.screen(row!, line(30, 'my shop: example.org'), io())).toBe(false)
    expect(await next.screen(row!, line(30, 'and again example.org'), io())).toBe(true) // one link per !permit
    // Used up in the database too: yet another process does not honour it again.
    expect(await fresh().screen(row!, line(30, 'third example.org'), io())).toBe(true)
    // viewer31's permit ran out while no process held the channel.
    t.clock.advance(61)
    expect(await fresh().screen(row!, line(31, 'late example.org'), io())).toBe(true)
    t.clock.advance(-61)
  })

  it('the dashboard nuke and a platform refusal (403) shown as the missing rights', async () => {
    await say(viewer(20), 'spam wave one')
    expect((await ok(NUKE, { c: channelId, p: 'spam wave' })).nukeChat).toEqual({ messages: 1, viewers: 1 })
    expect(await code(NUKE, { c: channelId, p: 'x' })).toBe('BAD_USER_INPUT')
    twitch.failRequests(BROADCASTER.id, 10, 403)
    await say(viewer(21), 'visit evil-example.com')
    expect((await panel()).rightsProblem).toBeTruthy()
  })

  it('on Kick: the same ladder through DELETE /chat/{id}, POST and DELETE /moderation/bans (minutes)', async () => {
    kick.consentAs(KICK_BROADCASTER.id)
    // A second owner (the first one's plan allows one channel).
    const owner = (await t.loginAs('reseller')).accessToken
    const kickChannel = await connectChannel(t, owner, kick, 'kick')
    await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: kickChannel }, owner)
    await waitFor(() => worker.get(Number(kickChannel))?.isConnected, 'the Kick bot')
    const s = defaultSettings()
    s.enabled = true
    await ok(SAVE, { c: kickChannel, s }, owner)
    const kbot = worker.get(Number(kickChannel))!
    const kickSay = async (text: string) => {
      const before = kbot.stats.handled
      expect(await kick.chat(KICK_BROADCASTER.id, { id: 901, name: 'kickspam' }, text)).toBe(200)
      await waitFor(() => kbot.stats.handled > before, 'the Kick line')
      await kbot.idle()
    }
    await kickSay('join evil-example.com')
    await kickSay('join evil-example.com now')
    expect(kick.moderation.map((m) => m.kind)).toEqual(['delete', 'timeout'])
    expect(kick.moderation[1]).toMatchObject({ userId: 901, duration: 10 })
    const row = (await ok(PANEL, { id: kickChannel, a: 'timeout' }, owner)).channel.moderation.log.items[0]
    expect((await ok(UNDO, { id: row.id }, owner)).undoModerationAction.ok).toBe(true)
    expect(kick.moderation.at(-1)).toMatchObject({ kind: 'unban', userId: 901 })
  })
})
