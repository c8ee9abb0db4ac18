import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plans } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { conversationLog, conversationRules, conversationSettings } from '../../server/src/modules/conversation/conversation.tables'
import { createConversationService } from '../../server/src/modules/conversation/conversation.service'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { startModelServer, type ModelServer } from '../support/model-server'
import { createTestApp, type TestApp, gqlCaller } from '../support/test-app'
import { connectChannel } from '../support/connect-flow'

const BROADCASTER = { id: '1001', login: 'democaster', displayName: 'DemoCaster' }
const VIEWER = { userId: '3003', login: 'viewer1', name: 'Viewer1' }
const VIEWER2 = { userId: '3004', login: 'viewer2', name: 'Viewer2' }
const DAY = 86_400_000

const BOT = `query($id: ID!, $s: String, $f: Int, $o: Int) { channel(id: $id) { conversation { enabled modelConfigured modelName modelEnabled systemPrompt fallbackAnswer
  answersThisMonth answersPerMonth rules { id kind pattern answer priority cooldownSeconds userCooldownSeconds permission enabled useCount problem }
  log(search: $s, first: $f, offset: $o) { total items { viewerName question answer source latencyMs error } } } } }`
const CREATE = `mutation($c: ID!, $i: ConversationRuleInput!) { createConversationRule(channelId: $c, input: $i) { id kind pattern answer priority permission enabled } }`
const UPDATE = `mutation($id: ID!, $i: ConversationRulePatch!) { updateConversationRule(id: $id, input: $i) { id pattern enabled } }`
const DELETE = `mutation($id: ID!) { deleteConversationRule(id: $id) }`
const SETTINGS = `mutation($c: ID!, $i: ConversationSettingsInput!) { updateConversationSettings(channelId: $c, input: $i) { modelEnabled systemPrompt fallbackAnswer } }`
const MODULE = `mutation($c: ID!, $on: Boolean!) { setBotModule(channelId: $c, module: conversationBot, enabled: $on) { id } }`

describe.each(engines)('the conversation bot on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let model: ModelServer
  let worker: BotWorker
  let token: string
  let channelId: string

  const { gql, ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const conv = async (vars: Record<string, unknown> = {}) => (await ok(BOT, { id: channelId, ...vars })).channel.conversation
  const sent = () => twitch.sent.filter((s) => s.isSent).map((s) => s.message)
  const bot = () => worker.get(Number(channelId))!
  /** A viewer writes; resolves when the bot handled it (model calls included). */
  const say = async (from: { userId: string; login: string; name?: string; badges?: string[] }, text: string) => {
    const before = bot().stats.handled
    twitch.chat(BROADCASTER.id, from, text)
    await waitFor(() => bot().stats.handled > before, 'the bot to read the line')
    await bot().idle()
    await waitFor(() => bot().queued === 0 && bot().stats.sent >= bot().stats.replies, 'the answers to be sent')
  }
  const setLimit = async (n: number | null) => {
    for (const p of await t.database.db.select().from(plans)) {
      await t.database.db
        .update(plans)
        .set({ limits: { ...p.limits, conversationAnswersPerMonth: n } })
        .where(eq(plans.id, p.id))
    }
  }

  beforeAll(async () => {
    const now = () => (t ? t.clock.t : Date.now())
    twitch = await startTwitchServer({ now, keepaliveSeconds: 600 })
    twitch.addUser(BROADCASTER)
    model = await startModelServer({ key: 'sk-local' })
    t = await createTestApp(engine, {
      PUBLIC_URL: 'http://app.test',
      ...localPlatformEnv(twitch),
      CONVERSATION_MODEL_URL: model.url,
      CONVERSATION_MODEL: 'tiny-chat',
      CONVERSATION_MODEL_KEY: 'sk-local',
      CONVERSATION_MODEL_TIMEOUT_MS: '300',
      PLANS_CACHE_MS: '0',
    })
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
    await model?.close()
  })

  it('starts empty, off, with the deployment model known but not enabled (the key is never exposed)', async () => {
    const c = await conv()
    expect(c).toMatchObject({
      enabled: false,
      modelConfigured: true,
      modelName: 'tiny-chat',
      modelEnabled: false,
      systemPrompt: '',
      rules: [],
      answersThisMonth: 0,
      answersPerMonth: 500,
    })
    expect(c.log).toEqual({ total: 0, items: [] })
    expect(JSON.stringify(c)).not.toContain('sk-local')
  })

  it('refuses bad input with a code and changes nothing; another user reads the channel and rules as missing', async () => {
    const base = { kind: 'keyword', pattern: 'discord', answer: 'Join at discord.gg/x' }
    // What the linear-time engine cannot run (back-references, lookarounds) or finds too large.
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'regex', pattern: '(a)\\1' } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'regex', pattern: 'a(?=b)' } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'regex', pattern: '(?:\\p{L}{100}){10}' } })).toBe('REGEX_UNSAFE')
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'regex', pattern: '(abc' } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'regex', pattern: 'a'.repeat(201) } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, pattern: 'two words' } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, answer: 'hi ${nobody}' } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, answer: 'x'.repeat(501) } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, priority: 5000 } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, cooldownSeconds: -1 } })).toBe('BAD_USER_INPUT')
    expect(await code(CREATE, { c: channelId, i: { ...base, kind: 'nope' } })).toBe('BAD_USER_INPUT')
    expect(await code(SETTINGS, { c: channelId, i: { systemPrompt: 'x'.repeat(2001) } })).toBe('BAD_USER_INPUT')
    expect(await code(SETTINGS, { c: channelId, i: { fallbackAnswer: 'sorry ${nope}' } })).toBe('BAD_USER_INPUT')
    expect(await code(BOT, { id: channelId, s: 'x'.repeat(101) })).toBe('BAD_USER_INPUT')
    expect(await code(BOT, { id: channelId, f: 0 })).toBe('BAD_USER_INPUT')
    expect(await code(BOT, { id: channelId, o: -1 })).toBe('BAD_USER_INPUT')
    expect(await t.database.db.select().from(conversationRules)).toEqual([])
    expect(await t.database.db.select().from(conversationSettings)).toEqual([])

    const other = (await t.loginAs('reseller')).accessToken
    const rule = (await ok(CREATE, { c: channelId, i: base })).createConversationRule
    expect(await code(CREATE, { c: channelId, i: base }, other)).toBe('NOT_FOUND')
    expect(await code(UPDATE, { id: rule.id, i: { pattern: 'hacked' } }, other)).toBe('NOT_FOUND')
    expect(await code(DELETE, { id: rule.id }, other)).toBe('NOT_FOUND')
    expect(await code(SETTINGS, { c: channelId, i: { systemPrompt: 'hacked' } }, other)).toBe('NOT_FOUND')
    expect(await code(UPDATE, { id: '999999', i: { pattern: 'x' } })).toBe('NOT_FOUND')
    expect((await gql(BOT, { id: channelId }, other)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect(await code(UPDATE, { id: rule.id, i: { kind: 'regex', pattern: '(?<!x)y' } })).toBe('BAD_USER_INPUT')
    expect((await conv()).rules).toMatchObject([{ pattern: 'discord', kind: 'keyword' }])
    expect(await ok(DELETE, { id: rule.id })).toEqual({ deleteConversationRule: true })
    expect((await conv()).rules).toEqual([])
  })

  it('enabling the model needs a configured endpoint (MODEL_NOT_CONFIGURED otherwise)', async () => {
    const s = t.services
    const bare = createConversationService({
      db: t.database.db,
      log: createLogger('silent'),
      now: () => new Date(t.clock.t),
      channels: s.channels,
      pubsub: s.pubsub,
      config: { ...t.config, CONVERSATION_MODEL_URL: undefined },
    })
    const me = (await ok('{ viewer { id } }')).viewer.id
    await expect(bare.updateSettings(Number(me), channelId, { modelEnabled: true })).rejects.toMatchObject({ code: 'MODEL_NOT_CONFIGURED' })
    expect(bare.modelConfigured).toBe(false)
  })

  it("answers a viewer's message by the matching rule, with variables, priority, permission and cooldowns, only with the module on", async () => {
    await ok(CREATE, {
      c: channelId,
      i: { kind: 'keyword', pattern: 'Discord', answer: '@${user} our Discord: discord.gg/demo', cooldownSeconds: 30, userCooldownSeconds: 0 },
    })
    await ok(CREATE, {
      c: channelId,
      i: { kind: 'phrase', pattern: 'discord rules', answer: 'Be nice, ${user}.', priority: 10, cooldownSeconds: 0 },
    })
    await ok(CREATE, {
      c: channelId,
      i: { kind: 'regex', pattern: '^(hi|hallo|привет)\\b', answer: 'Hi ${user}!', cooldownSeconds: 0, userCooldownSeconds: 600 },
    })
    await ok(CREATE, { c: channelId, i: { kind: 'keyword', pattern: 'secret', answer: 'mods only', permission: 'moderator', cooldownSeconds: 0 } })
    expect((await conv()).rules.map((r: { pattern: string }) => r.pattern)).toEqual(['discord rules', 'Discord', '^(hi|hallo|привет)\\b', 'secret'])

    await say(VIEWER, 'where is the discord?')
    expect(sent()).toEqual([]) // the module is off

    await ok(MODULE, { c: channelId, on: true })
    await waitFor(() => bot().settings.conversationBot, 'the bot to see the switch')
    await say(VIEWER, 'where is the DISCORD? Kappa')
    expect(sent().at(-1)).toBe('@Viewer1 our Discord: discord.gg/demo')
    await say(VIEWER2, 'discord pls')
    expect(sent()).toHaveLength(1) // the channel cooldown (30 s)
    await say(VIEWER2, 'what are the Discord   RULES?')
    expect(sent().at(-1)).toBe('Be nice, Viewer2.')
    await say(VIEWER, 'ПРИВЕТ всем 👋')
    expect(sent().at(-1)).toBe('Hi Viewer1!')
    await say(VIEWER, 'привет again')
    expect(sent()).toHaveLength(3) // the viewer's own cooldown
    await say(VIEWER2, 'hallo')
    expect(sent().at(-1)).toBe('Hi Viewer2!')
    await say(VIEWER, 'tell me the secret')
    expect(sent()).toHaveLength(4) // moderators only
    await say({ ...VIEWER2, badges: ['moderator'] }, 'the SECRET?')
    expect(sent().at(-1)).toBe('mods only')
    // Commands take precedence: a "!" line never reaches the conversation bot.
    await say(VIEWER2, '!discord rules')
    expect(sent()).toHaveLength(5)
    // The bot speaks as the channel's bot account (here the broadcaster, there being no bot account).
    expect(twitch.sent.filter((s) => s.isSent).every((s) => s.senderId === BROADCASTER.id)).toBe(true)
    const c = await conv()
    expect(c.answersThisMonth).toBe(5)
    expect(c.log.items[0]).toMatchObject({ viewerName: 'Viewer2', question: 'the SECRET?', answer: 'mods only', source: 'rule', error: null })
  })

  it('asks the model only when no rule matched and the bot is named; streams; cuts to 500 characters', async () => {
    await ok(SETTINGS, {
      c: channelId,
      i: { modelEnabled: true, systemPrompt: 'You love pixel art.', fallbackAnswer: 'Sorry ${user}, I cannot answer right now.' },
    })
    await waitFor(async () => (await conv()).modelEnabled, 'the settings')
    const asked = model.requests.length
    await say(VIEWER, 'what are you drawing today?')
    expect(model.requests.length).toBe(asked) // not addressed to the bot
    model.mode = 'ok'
    model.answer = 'A pixel castle!'
    await say(VIEWER, '@democaster what are you drawing today?')
    expect(sent().at(-1)).toBe('A pixel castle!')
    const req = model.requests.at(-1)!
    expect(req.auth).toBe('Bearer sk-local')
    expect(req.body).toMatchObject({ model: 'tiny-chat', stream: true })
    expect(req.body.messages[0]!.content).toContain('You love pixel art.')
    expect(req.body.messages[1]).toEqual({ role: 'user', content: 'Viewer1: @democaster what are you drawing today?' })
    // A rule that matches wins over the model.
    await say(VIEWER2, 'democaster the discord rules?')
    expect(sent().at(-1)).toBe('Be nice, Viewer2.')
    expect(model.requests.length).toBe(asked + 1)
    model.answer = 'word '.repeat(300)
    await say(VIEWER2, 'democaster tell me a long story')
    expect([...sent().at(-1)!].length).toBeLessThanOrEqual(500)
    expect((await conv({ s: 'long story' })).log.items[0]).toMatchObject({ source: 'model', viewerName: 'Viewer2' })
  })

  it('falls back to the rule-based line on 500, 429 and a timeout', async () => {
    for (const mode of ['500', '429', 'slow'] as const) {
      model.mode = mode
      const n = sent().length
      await say(VIEWER, `democaster are you there (${mode})?`)
      await waitFor(() => sent().length > n, `the fallback after ${mode}`)
      expect(sent().at(-1)).toBe('Sorry Viewer1, I cannot answer right now.')
    }
    model.mode = 'ok'
    const log = (await conv({ s: 'are you there' })).log
    expect(log.total).toBe(3)
    expect(log.items.map((i: { source: string }) => i.source)).toEqual(['fallback', 'fallback', 'fallback'])
    expect(log.items.map((i: { error: string }) => i.error)).toEqual([
      expect.stringContaining('did not answer within 300 ms'),
      expect.stringContaining('HTTP 429'),
      expect.stringContaining('HTTP 500'),
    ])
  })

  it('searches and pages the log', async () => {
    const all = (await conv({ f: 100 })).log
    expect(all.total).toBeGreaterThanOrEqual(8)
    const page1 = (await conv({ f: 3, o: 0 })).log
    const page2 = (await conv({ f: 3, o: 3 })).log
    expect(page1.items).toHaveLength(3)
    expect(page2.items).toHaveLength(3)
    expect(page1.items.concat(page2.items)).toEqual(all.items.slice(0, 6))
    expect((await conv({ s: 'viewer2' })).log.items.every((i: { viewerName: string }) => i.viewerName === 'Viewer2')).toBe(true)
    expect((await conv({ s: '100%_' })).log).toEqual({ total: 0, items: [] })
    expect((await conv({ s: 'ПРИВЕТ' })).log.total).toBe(1)
  })

  it("one viewer's hostile line against heavy expressions neither freezes the server nor stops the rules; a stored rule the engine refuses is skipped and shown", async () => {
    // On the backtracking engine the first hostile line held the event loop for longer than any
    // test timeout (28 characters: 6.6 s, doubling with each one): nothing below returned.
    // A rule saved before the engine refused its pattern ((a)\1 would match "aaaa"): skipped, and the page says why.
    await t.database.db
      .insert(conversationRules)
      .values({ channelId: Number(channelId), kind: 'regex', pattern: '(a)\\1', answer: 'never', priority: 99, cooldownSeconds: 0 })
    await ok(MODULE, { c: channelId, on: true })
    await waitFor(() => bot().settings.conversationBot, 'the module on')
    const rule = (pattern: string, answer: string, priority: number) =>
      ok(CREATE, { c: channelId, i: { kind: 'regex', pattern, answer, priority, cooldownSeconds: 0, userCooldownSeconds: 0 } })
    await rule('^(?:a+){1,40}$', 'only a, ${user}', 30)
    await rule('\\w*\\w*\\w*\\w*\\w*\\w*!', 'no shouting, ${user}', 20)
    await waitFor(async () => {
      await say(VIEWER, 'aaaa')
      return sent().at(-1) === 'only a, Viewer1'
    }, 'the bot to have the new rules')
    const healthy = async () => expect((await t.json('GET', '/healthz')).status).toBe(200)
    const rules = (await conv()).rules as { pattern: string; problem: string | null }[]
    expect(rules.find((r) => r.pattern === '(a)\\1')?.problem).toContain('Back-references')
    expect(rules.filter((r) => r.problem !== null)).toHaveLength(1)

    const n = sent().length
    const line = say(VIEWER2, `${'a'.repeat(40)}?`) // the first rule's worst case (and no rule matches it)
    await healthy() // while the line is on its way and handled
    await line
    await healthy()
    await say(VIEWER2, 'b'.repeat(499)) // the second rule's
    await healthy()
    expect(sent()).toHaveLength(n)
    // Both rules still answer what they match.
    await say(VIEWER2, 'aaa')
    await say(VIEWER2, 'hey!')
    expect(sent().slice(n)).toEqual(['only a, Viewer2', 'no shouting, Viewer2'])
  })

  it("keeps the plan's monthly limit and starts afresh next month; prunes the log after CONVERSATION_LOG_DAYS", async () => {
    const used = (await conv()).answersThisMonth
    await setLimit(used + 1)
    await say(VIEWER2, 'discord rules again')
    expect(sent().at(-1)).toBe('Be nice, Viewer2.')
    const n = sent().length
    await say(VIEWER2, 'discord rules once more')
    await say(VIEWER, 'democaster hello?')
    expect(sent()).toHaveLength(n) // the limit is used up: neither rules nor the model answer
    expect(await conv()).toMatchObject({ answersThisMonth: used + 1, answersPerMonth: used + 1 })

    // Next month (and past the 30 days the log keeps).
    const d = new Date(t.clock.t)
    t.clock.t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12) + 31 * DAY - 31 * DAY
    t.clock.t += 31 * DAY
    token = (await t.loginAs('client')).accessToken
    expect((await conv()).answersThisMonth).toBe(0)
    await say(VIEWER2, 'discord rules, new month')
    expect(sent().at(-1)).toBe('Be nice, Viewer2.')
    const rows = await t.database.db.select().from(conversationLog)
    expect(rows).toHaveLength(1) // the older entries were pruned on write

    // Answers racing for the last places of the month: exactly the limit gets through.
    await setLimit(3)
    const channel = (await t.services.channels.byId(Number(channelId)))!
    const [rule] = await t.database.db.select().from(conversationRules).where(eq(conversationRules.pattern, 'discord rules'))
    const chat = (i: number) => ({ userId: `race-${i}`, userName: `Racer${i}`, text: 'discord rules' })
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => t.services.conversation.ruleAnswer(channel, rule!, chat(i), (n) => `answer ${n}`)))
    expect(results.filter((r) => r !== null)).toHaveLength(2)
    expect(await t.database.db.select().from(conversationLog)).toHaveLength(3)
    await setLimit(500)
  })
})
