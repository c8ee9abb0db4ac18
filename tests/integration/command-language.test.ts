import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { chatCommands } from '../../server/src/modules/commands/commands.tables'
import { CHAT_COMMAND_VARIABLES, templateProblems } from '../../server/src/modules/commands/template'
import { STARTER_COMMANDS } from '../../server/src/modules/sandbox/connect'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { botLinesOf, startTestWorker, stopTestApp, waitFor, type ManualScheduler } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CHAT = 'mutation($c: ID!, $v: String!, $b: [SandboxBadge!], $t: String!) { sandboxChat(channelId: $c, viewer: $v, badges: $b, text: $t) }'
const CREATE = 'mutation($c: ID!, $i: ChatCommandInput!) { createChatCommand(channelId: $c, input: $i) { id trigger aliases availability } }'

/**
 * The command language end to end on the sandbox channel (the local Twitch server: Helix and
 * EventSub as documented): arguments, aliases, online-only, platform variables, counters,
 * viewer lists, mod commands in chat, neutralised replies.
 */
describe.each(engines)('the command language on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let scheduler: ManualScheduler
  let token: string
  let channelId: string
  let id: number

  const { ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const botLines = () => botLinesOf(t, id)
  const say = (viewer: string, text: string, badges: string[] = []) => ok(CHAT, { c: channelId, v: viewer, b: badges, t: text })
  /** A line is answered with `reply` (exactly, once more than before). */
  const answers = async (viewer: string, text: string, reply: string, badges: string[] = []) => {
    const before = (await botLines()).filter((l) => l === reply).length
    await say(viewer, text, badges)
    await waitFor(async () => (await botLines()).filter((l) => l === reply).length > before, `"${reply}" for ${text}`)
  }
  /** The bot stays silent on `text`: a marker command sent after it is answered, and nothing came between. */
  const silent = async (viewer: string, text: string, badges: string[] = []) => {
    const before = (await botLines()).length
    await say(viewer, text, badges)
    await answers('Marker', '!marker', 'marker')
    expect((await botLines()).slice(before)).toEqual(['marker'])
  }
  const create = (input: Record<string, unknown>) => ok(CREATE, { c: channelId, i: { cooldownSeconds: 0, ...input } })
  /** The bot has loaded `n` of this file's commands (besides the sandbox's starter commands). */
  const commandsSeen = (n: number) =>
    waitFor(() => (worker.get(id) as unknown as { commands: unknown[] }).commands.length === n + STARTER_COMMANDS.length, `the bot to load ${n} commands`)

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', COUNT_CACHE_TTL: '0' })
    ;({ worker, scheduler } = await startTestWorker(t))
    token = (await t.loginAs('client')).accessToken
    channelId = (await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id
    id = Number(channelId)
    await create({ trigger: '!marker', response: 'marker' })
    await waitFor(() => worker.get(id)?.isConnected, 'the sandbox bot')
  })

  afterAll(() => stopTestApp(t, worker))

  it('answers with arguments and defaults, through an alias too', async () => {
    const so = (await create({ trigger: '!so', response: 'Go follow ${1|nobody}, they play ${game}!', aliases: ['!shoutout', 'SO2'] })).createChatCommand
    expect(so).toMatchObject({ trigger: '!so', aliases: ['!shoutout', '!so2'], availability: 'always' })
    await commandsSeen(2)
    await answers('Ann', '!so @streamer', 'Go follow @streamer, they play (unknown)!')
    await answers('Ann', '!SHOUTOUT', 'Go follow nobody, they play (unknown)!')
    await answers('Ann', '!so2 x', 'Go follow x, they play (unknown)!')
  })

  it('neutralises a reply that would start a platform command, and reads no variable out of an argument', async () => {
    await create({ trigger: '!echo', response: '${1:}' })
    await commandsSeen(3)
    await answers('Ann', '!echo /ban someone', 'ban someone')
    await answers('Ann', '!echo .timeout x 600', 'timeout x 600')
    await answers('Ann', '!echo ${user} ${counter deaths}', '${user} ${counter deaths}')
  })

  it('keeps an online-only command silent offline, and reads the title and game once live', async () => {
    await create({ trigger: '!live', response: 'Live: ${title} (${game})', availability: 'online' })
    await create({ trigger: '!brb', response: 'Back soon', availability: 'offline' })
    await commandsSeen(5)
    await silent('Ann', '!live')
    await answers('Ann', '!brb', 'Back soon')
    await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: true, category: "Chess", title: "Sunday blitz") }', { c: channelId })
    await waitFor(async () => (await ok('query($c: ID!) { channel(id: $c) { status { live } } }', { c: channelId })).channel.status.live, 'live')
    await answers('Ann', '!live', 'Live: Sunday blitz (Chess)')
    // Warm cache: the same reply again asks the platform nothing.
    const calls = t.services.commands.platformCalls()
    await scheduler.advance(1_000)
    await answers('Bob', '!live', 'Live: Sunday blitz (Chess)')
    expect(t.services.commands.platformCalls()).toBe(calls)
    await silent('Ann', '!brb')
  })

  it("shows a test viewer's follow age, and says when someone does not follow", async () => {
    await create({ trigger: '!followage', response: '${user} follows for ${followage}', aliases: ['!fa'] })
    await commandsSeen(6)
    await ok('mutation($c: ID!) { sandboxFollow(channelId: $c, viewer: "FanOne", daysAgo: 3) }', { c: channelId })
    await answers('FanOne', '!fa', 'FanOne follows for 3 days')
    await answers('Stranger', '!followage', 'Stranger follows for not following')
  })

  it('admits allowed viewers below the level and never a denied one', async () => {
    await create({ trigger: '!secret', response: 'psst', permission: 'moderator', allowedUsers: ['@Friend'], deniedUsers: ['badmod'] })
    await commandsSeen(7)
    await silent('Ann', '!secret')
    await answers('Friend', '!secret', 'psst')
    await silent('BadMod', '!secret', ['moderator'])
    await answers('GoodMod', '!secret', 'psst', ['moderator'])
  })

  it('counts with named counters: moderators change them in chat, the dashboard sets them', async () => {
    await create({ trigger: '!deaths', response: 'Deaths: ${counter deaths} (asked ${count} times)' })
    await commandsSeen(8)
    await answers('Mod', '!deaths +1', 'Deaths: 1 (asked 1 times)', ['moderator'])
    await answers('Mod', '!deaths +2', 'Deaths: 3 (asked 2 times)', ['moderator'])
    await answers('Ann', '!deaths +5', 'Deaths: 3 (asked 3 times)')
    const counters = (await ok('query($c: ID!) { channel(id: $c) { counters { id name value } } }', { c: channelId })).channel.counters
    expect(counters).toMatchObject([{ name: 'deaths', value: 3 }])
    await ok('mutation($c: ID!) { setChatCounter(channelId: $c, name: "deaths", value: 10) { value } }', { c: channelId })
    await answers('Ann', '!deaths', 'Deaths: 10 (asked 4 times)')
    expect(await code('mutation($c: ID!) { setChatCounter(channelId: $c, name: "no good!", value: 1) { value } }', { c: channelId })).toBe('BAD_USER_INPUT')
  })

  it('lets moderators add, edit and delete commands in chat, validated and audited', async () => {
    await silent('Ann', '!addcom !discord nope')
    await answers('Mod', '!addcom !discord Join ${1|us} at discord.gg/x', '@Mod Added !discord.', ['moderator'])
    await commandsSeen(9)
    await answers('Ann', '!discord', 'Join us at discord.gg/x')
    await answers('Mod', '!addcom !bad hi ${nope}', `@Mod ${templateProblems('hi ${nope}', CHAT_COMMAND_VARIABLES)[0]}`, ['moderator'])
    await answers('Mod', '!addcom !so dup', '@Mod The channel already has !so', ['moderator'])
    await answers('Mod', '!editcom discord Come to ${1|discord.gg/y}', '@Mod Changed !discord.', ['moderator'])
    // A command added in chat has the default 5 s cooldown.
    await scheduler.advance(6_000)
    await waitFor(async () => {
      await say('Ann', '!discord')
      return (await botLines()).includes('Come to discord.gg/y')
    }, 'the edited reply')
    await answers('Mod', '!delcom !discord', '@Mod Deleted !discord.', ['moderator'])
    const rows = await t.database.db.select().from(chatCommands).where(eq(chatCommands.channelId, id))
    expect(rows.map((r) => r.trigger)).not.toContain('!bad')
    expect(rows.map((r) => r.trigger)).not.toContain('!discord')
    // The chat's own command edits (the sandbox's starter commands are the owner's).
    const audit = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'chatCommand'))).filter((a) => a.actorRole === 'chat-moderator')
    expect(audit.map((a) => [a.action, a.actorRole, a.actorId])).toEqual([
      ['chatCommand.create', 'chat-moderator', null],
      ['chatCommand.update', 'chat-moderator', null],
      ['chatCommand.delete', 'chat-moderator', null],
    ])
    expect(audit[0]!.after).toMatchObject({ trigger: '!discord', by: 'mod' })
  })

  it('refuses bad commands on the dashboard with coded errors, saving nothing', async () => {
    const before = (await t.database.db.select().from(chatCommands)).length
    const bad = async (input: Record<string, unknown>) =>
      expect(await code(CREATE, { c: channelId, i: { trigger: '!x', response: 'ok', ...input } })).toBe('BAD_USER_INPUT')
    await bad({ response: 'hi ${user' })
    await bad({ response: 'hi ${nope}' })
    await bad({ response: '${time Mars/Base}' })
    await bad({ aliases: ['!so'] })
    await bad({ aliases: ['not a trigger'] })
    await bad({ trigger: '!y', aliases: ['!y'] })
    await bad({ allowedUsers: ['no spaces allowed'] })
    expect((await t.database.db.select().from(chatCommands)).length).toBe(before)
  })
  it("limits a command to the channel's regulars (the moderation module's list), VIPs and up", async () => {
    await create({ trigger: '!club', response: 'welcome to the club', permission: 'regular' })
    await commandsSeen(9)
    await answers('Marker', '!marker', 'marker') // the lines before are answered (in order): nothing late below
    await silent('Reggie', '!club')
    await silent('Subby', '!club', ['subscriber'])
    await answers('Vippy', '!club', 'welcome to the club', ['vip'])
    await ok('mutation($c: ID!) { addModerationRegular(channelId: $c, login: "reggie") { login } }', { c: channelId })
    // The bot's cached list follows the change feed (the worker shares these services).
    await waitFor(() => t.services.moderation.isRegular(id, 'Reggie'), 'the regular in the cached list')
    await answers('Reggie', '!club', 'welcome to the club')
    await silent('Subby', '!club', ['subscriber'])
  })

  it("fills timers and conversation answers through the commands' resolver: platform values, counters, follow age", async () => {
    const bot = () => worker.get(id)!
    const rules = () => (bot() as unknown as { conversationRules: unknown[] }).conversationRules.length
    await ok('mutation($c: ID!) { setBotModule(channelId: $c, module: conversationBot, enabled: true) { id } }', { c: channelId })
    await ok('mutation($c: ID!) { setBotModule(channelId: $c, module: timers, enabled: true) { id } }', { c: channelId })
    await waitFor(() => bot().settings.conversationBot && bot().settings.timers, 'the modules on')
    const answer = '${user} follows for ${followage}, watching ${title} in ${game} (deaths: ${counter deaths})'
    await ok('mutation($c: ID!, $i: ConversationRuleInput!) { createConversationRule(channelId: $c, input: $i) { id } }', {
      c: channelId,
      i: { kind: 'keyword', pattern: 'howlong', answer, cooldownSeconds: 0 },
    })
    await waitFor(() => rules() === 1, 'the bot to load the rule')
    await answers('FanOne', 'howlong have I been here', 'FanOne follows for 3 days, watching Sunday blitz in Chess (deaths: 10)')

    await ok('mutation($c: ID!, $i: ChatTimerInput!) { createChatTimer(channelId: $c, input: $i) { id } }', {
      c: channelId,
      i: { name: 'now', message: 'Now: ${title} in ${game}, ${viewers} watching, deaths ${counter deaths}, ${time UTC}', intervalMinutes: 5, minLines: 0 },
    })
    await waitFor(() => scheduler.armedFor(5 * 60_000), 'the timer to be armed')
    await scheduler.advance(5 * 60_000)
    await waitFor(
      async () => (await botLines()).some((l) => /^Now: Sunday blitz in Chess, (\d+|offline|\(unknown\)) watching, deaths 10, \d\d:\d\d \(UTC\)$/.test(l)),
      'the timer line with every value filled',
    )
  })
})
