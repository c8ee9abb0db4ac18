import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { channelAccounts, channels, pendingConnections } from '../../server/src/modules/channels/channels.tables'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { chatCommands } from '../../server/src/modules/commands/commands.tables'
import { TwitchClient } from '../../server/src/platforms/twitch/twitch.client'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import type { KickServer } from '../../server/src/platforms/sandbox/kick-server'
import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { ManualScheduler, readSse, waitFor } from '../support/bot-harness'
import { confirmIdOf, connectFlow } from '../support/connect-flow'
import { engines } from '../support/databases'
import { startLocalPlatforms } from '../support/platform-harness'
import type { TestApp } from '../support/test-app'

const BROADCASTER = { id: '1001', login: 'democaster', displayName: 'DemoCaster' }
const BOT = { id: '2002', login: 'democasterbot', displayName: 'DemoCasterBot' }
const VIEWER = { userId: '3003', login: 'viewer1', name: 'viewer1' }
const KICK_BROADCASTER = { id: 501, name: 'KickCaster' }

const CHANNEL = `query($id: ID!) { channel(id: $id) { id platform login panel { active chatBot } modules { timers chatBot }
  status { state reason live category } account { login scopes } botAccount { login } } }`

describe.each(engines)('the assistant on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let kick: KickServer
  let worker: BotWorker
  let scheduler: ManualScheduler
  let token: string
  let channelId: string

  const gql = async (query: string, variables: Record<string, unknown> = {}, as = token) => t.gql(query, variables, as)
  const ok = async (query: string, variables: Record<string, unknown> = {}, as = token) => {
    const res = await gql(query, variables, as)
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
    return res.body.data
  }
  const bot = () => worker.get(Number(channelId))!
  const sentTexts = () => twitch.sent.filter((s) => s.isSent).map((s) => s.message)
  // One browser: the last start's binding cookie goes back to the callback, as a browser would send it.
  let flow: ReturnType<typeof connectFlow>
  const callback = async (url: URL, opts: { cookie?: string | null } = {}) => {
    const { status, location } = await flow.callback(url, opts)
    return { status, location }
  }
  /** The callback, then the confirmation of the account shown: the panel's address as the browser ends there. */
  const callbackAndConfirm = async (url: URL) => {
    const res = await callback(url)
    const id = confirmIdOf(res.location)
    if (!id) return res
    const confirmed = await flow.confirm(id)
    if (confirmed.body.errors) throw new Error(JSON.stringify(confirmed.body.errors))
    return { status: res.status, location: res.location.replace(/\?confirm=\d+$/, '?confirmed') }
  }
  const connect = async (platform: 'twitch' | 'kick', botFor?: string) => {
    flow = connectFlow(t, token)
    const start = await flow.start(platform, botFor ?? null)
    const server = platform === 'twitch' ? twitch : kick
    return { start, back: await server.authorize(start.authorizeUrl) }
  }
  const countRows = async () => ({
    channels: (await t.database.db.select().from(channels)).length,
    accounts: (await t.database.db.select().from(channelAccounts)).length,
    pending: (await t.database.db.select().from(pendingConnections)).length,
  })

  beforeAll(async () => {
    ;({ t, twitch, kick } = await startLocalPlatforms(engine))
    twitch.addUser(BROADCASTER)
    twitch.addUser(BOT)
    kick.addUser(KICK_BROADCASTER)
    scheduler = new ManualScheduler(t.clock)
    worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent'), scheduler, random: () => 0.5 })
    await worker.start()
    token = (await t.loginAs('client')).accessToken
    flow = connectFlow(t, token)
  })

  afterAll(async () => {
    await worker?.stop()
    await t?.services.realtime.close()
    await t?.close()
    await twitch?.close()
    await kick?.close()
  })

  describe('connecting a channel', () => {
    it('refuses a callback whose state is unknown, and a cancelled consent, creating nothing', async () => {
      expect(await callback(new URL('http://app.test/apps/oauth/twitch/callback?code=x&state=forged'))).toEqual({
        status: 302,
        location: '/pages/Panel?error=invalid_state',
      })
      twitch.consentAs(BROADCASTER.id)
      twitch.state.denyNext = true
      const { back } = await connect('twitch')
      expect(back.searchParams.get('error')).toBe('access_denied')
      expect((await callback(back)).location).toBe('/pages/Panel?error=access_denied')
      expect(await t.database.db.select().from(channels)).toEqual([])
    })

    it('binds the round trip to the starting browser: a callback without its cookie, or with another, links nothing', async () => {
      twitch.consentAs(BROADCASTER.id)
      const { back } = await connect('twitch')
      // The start set an HttpOnly, SameSite=Lax cookie limited to the callback path (not Secure over http).
      expect(flow.setCookie).toMatch(/^oauth_binding_twitch=[A-Za-z0-9_-]{43}; Path=\/apps\/oauth\/twitch\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/)
      // The consent link opened in another browser (no cookie): refused, the state spent, no code exchanged.
      const refused = await flow.callback(back, { cookie: null })
      expect(refused).toMatchObject({ status: 302, location: '/pages/Panel?error=browser_mismatch' })
      expect(refused.setCookie).toMatch(/^oauth_binding_twitch=; Path=\/apps\/oauth\/twitch\/callback; Max-Age=0/)
      expect((await callback(back)).location).toBe('/pages/Panel?error=invalid_state')
      // Another browser's own binding (it started a connection of its own) does not fit either.
      const { back: second } = await connect('twitch')
      const other = connectFlow(t, (await t.loginAs('reseller')).accessToken)
      await other.start('twitch')
      expect((await callback(second, { cookie: other.cookiePair })).location).toBe('/pages/Panel?error=browser_mismatch')
      const { back: third } = await connect('twitch')
      expect((await callback(third, { cookie: `${flow.cookiePair.split('=')[0]}=${'A'.repeat(43)}` })).location).toBe('/pages/Panel?error=browser_mismatch')
      expect(twitch.tokenOf(BROADCASTER.id)).toEqual([])
      expect(await countRows()).toEqual({ channels: 0, accounts: 0, pending: 0 })
    })

    it('asks Twitch for PKCE (S256); the local Twitch refuses a code without the matching verifier', async () => {
      twitch.consentAs(BROADCASTER.id)
      const { start } = await connect('twitch')
      const authorize = new URL(start.authorizeUrl)
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
      expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const client = new TwitchClient({
        clientId: twitch.clientId,
        clientSecret: twitch.clientSecret,
        apiUrl: twitch.apiUrl,
        authUrl: twitch.authUrl,
        eventSubUrl: twitch.eventSubUrl,
      })
      const verifier = 'v'.repeat(64)
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      const codeFor = async () => {
        const url = client.authorizeUrl({ state: 's', redirectUri: 'http://app.test/cb', scopes: ['user:read:chat'], codeChallenge: challenge })
        return (await twitch.authorize(url)).searchParams.get('code')!
      }
      await expect(client.exchangeCode({ code: await codeFor(), redirectUri: 'http://app.test/cb', codeVerifier: 'w'.repeat(64) })).rejects.toThrow(
        /code_verifier/,
      )
      await expect(client.exchangeCode({ code: await codeFor(), redirectUri: 'http://app.test/cb' })).rejects.toThrow(/code_verifier/)
      const tokens = await client.exchangeCode({ code: await codeFor(), redirectUri: 'http://app.test/cb', codeVerifier: verifier })
      await client.revoke(tokens.accessToken)
    })

    it('holds the account until the user confirms it: shown to the starter only, cancel links nothing', async () => {
      twitch.consentAs(BROADCASTER.id)
      const { back } = await connect('twitch')
      const res = await callback(back)
      const id = confirmIdOf(res.location)!
      expect(res.location).toBe(`/pages/Panel?confirm=${id}`)
      expect(await countRows()).toEqual({ channels: 0, accounts: 0, pending: 1 })
      const shown = await flow.pending(id)
      expect(shown.body.data.pendingChannelConnection).toMatchObject({
        platform: 'twitch',
        login: 'democaster',
        displayName: 'DemoCaster',
        platformUserId: '1001',
        botForChannelId: null,
      })
      // Another user neither sees nor confirms it.
      const stranger = connectFlow(t, (await t.loginAs('reseller')).accessToken)
      expect((await stranger.pending(id)).body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
      expect((await stranger.confirm(id)).body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
      expect(await countRows()).toEqual({ channels: 0, accounts: 0, pending: 1 })
      // Cancelled: the token is revoked at Twitch and nothing is linked.
      const granted = twitch.tokenOf(BROADCASTER.id)
      expect(await flow.cancel(id)).toMatchObject({ body: { data: { cancelChannelConnection: true } } })
      for (const p of granted) expect(twitch.revoked).toContain(p)
      expect((await flow.confirm(id)).body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
      expect(await countRows()).toEqual({ channels: 0, accounts: 0, pending: 0 })
    })

    it('drops a connection nobody confirmed in time, withdrawing its token at the platform', async () => {
      twitch.consentAs(BROADCASTER.id)
      const { back } = await connect('twitch')
      const id = confirmIdOf((await callback(back)).location)!
      const granted = twitch.tokenOf(BROADCASTER.id)
      expect(granted).toHaveLength(1)
      t.clock.advance(t.config.OAUTH_STATE_TTL + 1)
      token = (await t.loginAs('client')).accessToken
      flow = connectFlow(t, token)
      expect((await flow.confirm(id)).body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
      // The next finished consent clears it out.
      const { back: next } = await connect('twitch')
      const nextId = confirmIdOf((await callback(next)).location)!
      await waitFor(() => twitch.revoked.includes(granted[0]!), 'the stale token to be revoked')
      await flow.cancel(nextId)
      expect(await countRows()).toEqual({ channels: 0, accounts: 0, pending: 0 })
    })

    it('runs the Twitch OAuth round trip, stores the tokens encrypted and follows the login', async () => {
      twitch.consentAs(BROADCASTER.id)
      const { start, back } = await connect('twitch')
      const authorize = new URL(start.authorizeUrl)
      expect(authorize.origin + authorize.pathname).toBe(`${twitch.authUrl}/authorize`)
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://app.test/apps/oauth/twitch/callback')
      expect(start.scopes).toContain('user:write:chat')
      // Only what a feature needs: subscriptions and bits for alerts, nothing for channel points (no feature uses them).
      expect(start.scopes).toEqual(expect.arrayContaining(['channel:read:subscriptions', 'bits:read']))
      expect(start.scopes).not.toContain('channel:read:redemptions')
      const res = await callbackAndConfirm(back)
      expect(res).toEqual({ status: 302, location: '/pages/Panel?confirmed' })
      // The same state cannot be used twice.
      expect((await callback(back)).location).toBe('/pages/Panel?error=invalid_state')

      const [row] = await t.database.db.select().from(channels)
      channelId = String(row!.id)
      const [acc] = await t.database.db.select().from(channelAccounts).where(eq(channelAccounts.channelId, row!.id))
      const plain = twitch.tokenOf(BROADCASTER.id)
      expect(plain).toHaveLength(1)
      expect(acc!.accessToken).not.toContain(plain[0]!)
      expect(acc!.accessToken).toMatch(/^v1\./)
      expect(acc!.refreshToken).toMatch(/^v1\./)
      const [u] = await t.database.db.select({ twitchname: users.twitchname }).from(users).where(eq(users.email, 'client@demo.local'))
      expect(u!.twitchname).toBe('democaster')

      const data = await ok(CHANNEL, { id: channelId })
      expect(data.channel).toMatchObject({ platform: 'twitch', login: 'democaster', panel: { active: false }, account: { login: 'democaster' } })
    })

    it('lets no other client see or touch the channel', async () => {
      const other = (await t.loginAs('reseller')).accessToken
      for (const [q, v] of [
        [CHANNEL, { id: channelId }],
        ['mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: channelId }],
        ['mutation($id: ID!) { sendChatMessage(channelId: $id, message: "hi") { ok } }', { id: channelId }],
        ['mutation($id: ID!) { disconnectChannel(channelId: $id) }', { id: channelId }],
        ['mutation($id: ID!) { createChatCommand(channelId: $id, input: { trigger: "!x", response: "y" }) { id } }', { id: channelId }],
      ] as const) {
        const res = await gql(q, v, other)
        expect(res.body.errors?.[0]?.extensions?.code, q).toBe('NOT_FOUND')
      }
      expect((await ok('{ channels { id } }', {}, other)).channels).toEqual([])
      expect((await gql('{ channels { id } }', {}, '')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
      const sub = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${other}` },
        body: JSON.stringify({ query: `subscription { chatMessages(channelId: "${channelId}") { text } }` }),
      })
      const err = await readSse(sub, (d) => d.errors?.[0]?.extensions?.code)
      expect(err).toBe('NOT_FOUND')
    })
  })

  describe('commands and timers', () => {
    const CREATE = 'mutation($c: ID!, $i: ChatCommandInput!) { createChatCommand(channelId: $c, input: $i) { id trigger } }'

    it('refuses bad input with a clear message and saves nothing', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ trigger: 'hello', response: 'hi' }, /A trigger is ! followed by/],
        [{ trigger: '!hello world', response: 'hi' }, /A trigger is ! followed by/],
        [{ trigger: '!hello', response: 'x'.repeat(501) }, /501 characters; the most is 500/],
        [{ trigger: '!hello', response: 'Hi ${viewer}' }, /Unknown variable \$\{viewer\}/],
        [{ trigger: '!hello', response: 'Hi ${user' }, /not closed/],
        [{ trigger: '!coin', response: '${random heads}' }, /two or more options/],
      ]
      for (const [input, message] of cases) {
        const res = await gql(CREATE, { c: channelId, i: input })
        expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
        expect(res.body.errors[0].message).toMatch(message)
      }
      const timer = await gql('mutation($c: ID!) { createChatTimer(channelId: $c, input: { name: "t", message: "hi ${user}", intervalMinutes: 4 }) { id } }', {
        c: channelId,
      })
      expect(timer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect(timer.body.errors[0].extensions.fields.intervalMinutes[0]).toMatch(/5 to 1440 minutes/)
      expect(timer.body.errors[0].extensions.fields.message[0]).toMatch(/Unknown variable \$\{user\}/)
      expect(await t.database.db.select().from(chatCommands)).toEqual([])
    })

    it('creates commands within the plan limit, and refuses a duplicate trigger', async () => {
      await ok(CREATE, { c: channelId, i: { trigger: '!Hello', response: 'Hi ${user}, used ${count} times', cooldownSeconds: 30 } })
      const dup = await gql(CREATE, { c: channelId, i: { trigger: '!hello', response: 'again' } })
      expect(dup.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect((await ok('{ botLimits { plan commands timers channels } }')).botLimits).toEqual({ plan: 'Starter', commands: 25, timers: 3, channels: 1 })
      const list = await ok('query($id: ID!) { channel(id: $id) { commands { trigger response cooldownSeconds permission enabled } } }', { id: channelId })
      expect(list.channel.commands).toEqual([
        { trigger: '!hello', response: 'Hi ${user}, used ${count} times', cooldownSeconds: 30, permission: 'everyone', enabled: true },
      ])
    })
  })

  describe('the bot', () => {
    it('starts when the panel is switched on, and says so', async () => {
      await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { panel { active } } }', { id: channelId })
      await waitFor(() => bot()?.isConnected, 'the bot to connect')
      expect(
        twitch
          .subscriptions()
          .map((s) => s.type)
          .sort(),
      ).toEqual([
        'channel.chat.clear_user_messages', // the overlay's chat box drops removed lines
        'channel.chat.message',
        'channel.chat.message_delete',
        'channel.cheer', // alerts
        'channel.follow',
        'channel.raid', // from this broadcaster (its raids starting)
        'channel.raid', // to it (raids it receives)
        'channel.subscribe',
        'channel.subscription.gift',
        'channel.subscription.message',
        'channel.update',
        'stream.offline',
        'stream.online',
      ])
      const status = await waitFor(async () => {
        const d = await ok(CHANNEL, { id: channelId })
        return d.channel.status.state === 'running' && d.channel.status
      }, 'status running')
      expect(status).toMatchObject({ state: 'running', reason: null, live: false })
    })

    it("answers a viewer's command, and the cooldown holds", async () => {
      twitch.chat(BROADCASTER.id, VIEWER, '!hello')
      await waitFor(() => sentTexts().includes('Hi viewer1, used 1 times'), 'the answer')
      twitch.chat(BROADCASTER.id, { userId: '3004', login: 'viewer2' }, '!HELLO')
      await waitFor(async () => (await t.services.chat.recent(Number(channelId), 50)).some((m) => m.userLogin === 'viewer2'), 'the line')
      await bot().idle()
      expect(sentTexts().filter((m) => m.startsWith('Hi '))).toHaveLength(1)
      await scheduler.advance(31_000)
      twitch.chat(BROADCASTER.id, { userId: '3004', login: 'viewer2' }, '!hello')
      await waitFor(() => sentTexts().includes('Hi viewer2, used 2 times'), 'the answer after the cooldown')
    })

    it('follows the switches within moments', async () => {
      await ok('mutation($id: ID!) { setBotModule(channelId: $id, module: chatBot, enabled: false) { modules { chatBot } } }', { id: channelId })
      await waitFor(() => bot().settings.chatBot === false, 'the worker to see the switch')
      await scheduler.advance(31_000)
      const before = sentTexts().length
      twitch.chat(BROADCASTER.id, VIEWER, '!hello')
      await waitFor(async () => (await t.services.chat.recent(Number(channelId), 1))[0]?.text === '!hello', 'the line')
      await bot().idle()
      expect(sentTexts().length).toBe(before)
      await ok('mutation($id: ID!) { setBotModule(channelId: $id, module: chatBot, enabled: true) { id } }', { id: channelId })
      await waitFor(() => bot().settings.chatBot === true, 'the switch back')
    })

    it('fires a timer after its interval once enough chat lines have passed', async () => {
      await ok(
        'mutation($c: ID!) { createChatTimer(channelId: $c, input: { name: "socials", message: "Follow the socials! ${random a|b}", intervalMinutes: 5, minLines: 3 }) { id } }',
        {
          c: channelId,
        },
      )
      // The worker reloads the channel on the change's event, and the bot arms the timer then: the
      // clock moves only once it is set (a clock moved before would pass no timer).
      await waitFor(() => scheduler.armedFor(5 * 60_000), 'the timer to be armed')
      await scheduler.advance(5 * 60_000)
      await bot().idle()
      expect(sentTexts().some((m) => m.startsWith('Follow the socials!'))).toBe(false)
      for (let i = 0; i < 3; i++) twitch.chat(BROADCASTER.id, VIEWER, `line ${i}`)
      await waitFor(() => sentTexts().includes('Follow the socials! b'), 'the timer message')
    })

    it('shows the chat live over SSE and keeps recent lines', async () => {
      const res = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: `subscription { chatMessages(channelId: "${channelId}") { text userLogin roles fromBot at } }` }),
      })
      expect(res.headers.get('content-type')).toContain('text/event-stream')
      // The stream listens once its first read starts the subscription: probes published straight to
      // pub/sub (stored nowhere) until one comes through; only then does the viewer write.
      let listening = false
      const line = readSse(
        res,
        (d) => {
          if (d.data?.chatMessages?.text === 'probe') listening = true
          return d.data?.chatMessages?.text === 'hello from SSE' ? d.data.chatMessages : undefined
        },
        20_000,
      )
      void line.catch(() => {}) // awaited below; a failure meanwhile is reported there
      const probe = {
        id: '0',
        channelId,
        platformMessageId: 'probe',
        userId: '0',
        userLogin: 'probe',
        userName: 'probe',
        text: 'probe',
        roles: [],
        fromBot: false,
      }
      await waitFor(() => {
        if (!listening) t.services.pubsub.publish('chatMessage', channelId, { ...probe, at: new Date(t.clock.t).toISOString() })
        return listening
      }, 'the subscription to listen')
      twitch.chat(BROADCASTER.id, { ...VIEWER, badges: ['vip'] }, 'hello from SSE')
      expect(await line).toMatchObject({ userLogin: 'viewer1', roles: ['vip'], fromBot: false })
      const recent = await ok('query($id: ID!) { channel(id: $id) { recentMessages(first: 3) { text fromBot } messagesLastHour } }', { id: channelId })
      expect(recent.channel.recentMessages.at(-1).text).toBe('hello from SSE')
    })

    it('sends as the bot and moderates through the platform, showing its answer', async () => {
      const sent = await ok('mutation($id: ID!) { sendChatMessage(channelId: $id, message: "Welcome, everyone") { ok status message id } }', { id: channelId })
      expect(sent.sendChatMessage).toMatchObject({ ok: true, status: 200, message: 'Sent' })
      expect(sentTexts()).toContain('Welcome, everyone')
      const tooLong = await gql('mutation($id: ID!) { sendChatMessage(channelId: $id, message: $m) { ok } }'.replace('$m', `"${'x'.repeat(501)}"`), {
        id: channelId,
      })
      expect(tooLong.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')

      const msgId = twitch.chat(BROADCASTER.id, VIEWER, 'something rude')
      await waitFor(async () => (await t.services.chat.recent(Number(channelId), 1))[0]?.platformMessageId === msgId, 'the line')
      const MOD = 'mutation($id: ID!, $i: ModerationInput!) { moderateChat(channelId: $id, input: $i) { ok status message } }'
      expect((await ok(MOD, { id: channelId, i: { action: 'delete', messageId: msgId } })).moderateChat).toEqual({
        ok: true,
        status: 204,
        message: 'Message deleted',
      })
      expect((await ok(MOD, { id: channelId, i: { action: 'delete', messageId: 'nope' } })).moderateChat).toEqual({
        ok: false,
        status: 404,
        message: 'The message was not found.',
      })
      expect(
        (await ok(MOD, { id: channelId, i: { action: 'timeout', userId: VIEWER.userId, durationSeconds: 60, reason: 'calm down' } })).moderateChat.ok,
      ).toBe(true)
      expect((await ok(MOD, { id: channelId, i: { action: 'ban', userId: '3999' } })).moderateChat.ok).toBe(true)
      expect((await ok(MOD, { id: channelId, i: { action: 'ban', userId: '3999' } })).moderateChat).toEqual({
        ok: false,
        status: 400,
        message: 'The user specified in the user_id field is already banned.',
      })
      expect((await gql(MOD, { id: channelId, i: { action: 'timeout' } })).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect(twitch.moderation).toEqual([
        { kind: 'delete', broadcasterId: BROADCASTER.id, moderatorId: BROADCASTER.id, messageId: msgId },
        { kind: 'timeout', broadcasterId: BROADCASTER.id, moderatorId: BROADCASTER.id, userId: VIEWER.userId, duration: 60, reason: 'calm down' },
        { kind: 'ban', broadcasterId: BROADCASTER.id, moderatorId: BROADCASTER.id, userId: '3999', duration: undefined, reason: '' },
      ])
    })

    it('resumes after a dropped connection, and follows session_reconnect without subscribing again', async () => {
      const welcomes = bot().eventSub!.welcomes
      twitch.dropSockets()
      await waitFor(() => !bot().isConnected, 'the drop to be noticed')
      expect(twitch.connectedSessions()).toBe(0)
      // Backoff: attempt 1 waits between 0.5 and 1 × BOT_RECONNECT_BASE_MS (random 0.5 → 750 ms).
      await scheduler.advance(700)
      expect(bot().isConnected).toBe(false)
      await scheduler.advance(100)
      await waitFor(() => bot().isConnected && bot().eventSub!.welcomes === welcomes + 1, 'the reconnection')
      expect(twitch.subscriptions()).toHaveLength(13)

      const requests = twitch.state.eventSubRequests
      twitch.forceReconnect()
      await waitFor(() => bot().eventSub!.welcomes === welcomes + 2, 'the session_reconnect')
      await waitFor(() => twitch.state.connections > 0 && twitch.connectedSessions() === 1, 'one session')
      expect(twitch.state.eventSubRequests).toBe(requests)
      await scheduler.advance(31_000)
      twitch.chat(BROADCASTER.id, VIEWER, '!hello')
      await waitFor(() => sentTexts().some((m) => m.startsWith('Hi viewer1, used')), 'an answer after reconnecting')
    })

    it('never sends more than 20 messages in 30 s when the bot account is not a moderator', async () => {
      twitch.consentAs(BOT.id)
      const { back } = await connect('twitch', channelId)
      const previous = bot()
      expect((await callbackAndConfirm(back)).location).toBe('/pages/Panel?confirmed')
      await waitFor(() => bot() && bot() !== previous && bot().isConnected, 'the bot to restart as the bot account')
      expect((await ok(CHANNEL, { id: channelId })).channel.botAccount).toEqual({ login: 'democasterbot' })
      await ok(
        'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!lurk", response: "${user} is lurking", cooldownSeconds: 0 }) { id } }',
        { c: channelId },
      )
      // The bot knows !lurk before the viewers use it: a reload of the channel, which reads the stored
      // command (serialised with the one the change's event starts), resolves once the bot has it.
      await worker.reload(Number(channelId))
      await scheduler.advance(30_000) // an empty window: earlier lines no longer count
      const before = twitch.sent.length
      for (let i = 0; i < 25; i++) twitch.chat(BROADCASTER.id, { userId: `40${i}`, login: `lurker${i}` }, '!lurk')
      await waitFor(() => twitch.sent.length - before >= 20, `20 messages (${twitch.sent.length - before} so far)`)
      await bot().idle()
      await new Promise((r) => setTimeout(r, 100))
      expect(twitch.sent.length - before).toBe(20)
      expect(bot().queued).toBe(5)
      // The chatboard shares the channel's limit: refused now, with the wait in words.
      const rate = await gql('mutation($id: ID!) { sendChatMessage(channelId: $id, message: "one more") { ok } }', { id: channelId })
      expect(rate.body.errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } })
      expect(rate.body.errors[0].message).toMatch(/20 messages per 30 s/)
      await scheduler.advance(30_000)
      await waitFor(() => twitch.sent.length - before === 25, 'the rest after the window')
      const mine = twitch.sent.slice(before)
      expect(mine.every((s) => s.isSent && s.senderId === BOT.id)).toBe(true)
      for (const s of mine) expect(mine.filter((o) => o.at > s.at - 30_000 && o.at <= s.at).length).toBeLessThanOrEqual(20)
      // The bot's own lines come back through EventSub and are marked as the bot's.
      await waitFor(async () => (await t.services.chat.recent(Number(channelId), 1))[0]?.fromBot === true, 'the echo')
    })

    it('refreshes an expired token, and asks to reconnect when the platform refuses it', async () => {
      await scheduler.advance(30_000)
      twitch.expireTokens()
      const sent = await ok('mutation($id: ID!) { sendChatMessage(channelId: $id, message: "still here") { ok } }', { id: channelId })
      expect(sent.sendChatMessage.ok).toBe(true)
      const stored = await t.database.db
        .select()
        .from(channelAccounts)
        .where(eq(channelAccounts.channelId, Number(channelId)))
      twitch.revokeAll()
      const res = await gql('mutation($id: ID!) { sendChatMessage(channelId: $id, message: "and now?") { ok } }', { id: channelId })
      expect(res.body.errors[0].extensions.code).toBe('PLATFORM_ERROR')
      expect(res.body.errors[0].message).toMatch(/reconnect the channel/)
      expect(
        await t.database.db
          .select()
          .from(channelAccounts)
          .where(eq(channelAccounts.channelId, Number(channelId))),
      ).toEqual(stored)
      const status = await waitFor(async () => {
        const d = await ok(CHANNEL, { id: channelId })
        return d.channel.status.state === 'error' && d.channel.status
      }, 'status error')
      expect(status.reason).toMatch(/reconnect the channel/)
    })

    it('disconnects: tokens revoked at the platform, the channel and its data gone', async () => {
      const plain = [...twitch.tokenOf(BROADCASTER.id), ...twitch.tokenOf(BOT.id)]
      expect(await ok('mutation($id: ID!) { disconnectChannel(channelId: $id) }', { id: channelId })).toEqual({ disconnectChannel: true })
      for (const p of plain) expect(twitch.revoked).toContain(p)
      expect(await t.database.db.select().from(chatMessages)).toEqual([])
      const [u] = await t.database.db.select({ twitchname: users.twitchname }).from(users).where(eq(users.email, 'client@demo.local'))
      expect(u!.twitchname).toBeNull()
      await waitFor(() => !worker.get(Number(channelId)), 'the bot to stop')
    })
  })

  describe('Kick', () => {
    let kickChannel: string

    it('connects with OAuth 2.1 + PKCE and answers commands from signed webhooks', async () => {
      kick.consentAs(KICK_BROADCASTER.id)
      const { start, back } = await connect('kick')
      expect(new URL(start.authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256')
      expect((await callbackAndConfirm(back)).location).toBe('/kick/panel?confirmed')
      const list = await ok('{ channels { id platform login } }')
      kickChannel = list.channels.find((c: { platform: string }) => c.platform === 'kick').id
      await ok('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!discord", response: "${touser}: discord.gg/example" }) { id } }', {
        c: kickChannel,
      })
      await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: kickChannel })
      await waitFor(() => worker.get(Number(kickChannel))?.isConnected, 'the Kick bot')
      // Connected may come first from Autostart (the bot waits for the stream, answering nobody);
      // "running" is reported once the switched-on panel has reached the bot.
      await waitFor(async () => (await ok(CHANNEL, { id: kickChannel })).channel.status.state === 'running', 'the Kick bot switched on')
      expect(kick.subscriptions.map((s) => s.name)).toContain('chat.message.sent')
      expect(await kick.chat(KICK_BROADCASTER.id, { id: 777, name: 'kickfan' }, '!discord @friend')).toBe(200)
      await waitFor(() => kick.sent.some((s) => s.content === 'friend: discord.gg/example' && s.type === 'bot'), 'the Kick answer')
    })

    it('refuses webhooks with a bad signature, a stale timestamp or missing headers, acting on none', async () => {
      const before = (await t.services.chat.recent(Number(kickChannel), 200)).length
      expect(await kick.chat(KICK_BROADCASTER.id, { id: 778, name: 'mallory' }, '!discord', { tamper: true })).toBe(401)
      expect(await kick.chat(KICK_BROADCASTER.id, { id: 778, name: 'mallory' }, '!discord', { timestamp: '2020-01-01T00:00:00Z' })).toBe(401)
      const bare = await t.app.request('/apps/webhooks/kick', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(bare.status).toBe(400)
      expect(await bare.json()).toMatchObject({ ok: false, error: 'Missing Kick-Event-* headers' })
      await worker.get(Number(kickChannel))!.idle()
      expect((await t.services.chat.recent(Number(kickChannel), 200)).length).toBe(before)
    })

    it('with Autostart, waits for the stream and switches itself on when it goes live', async () => {
      await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: false, autostart: true }) { id } }', { id: kickChannel })
      const waiting = await waitFor(async () => {
        const d = await ok(CHANNEL, { id: kickChannel })
        return d.channel.status.state === 'stopped' && d.channel.status
      }, 'standby')
      expect(waiting.reason).toMatch(/Autostart/)
      // Chat is not answered while waiting.
      const answers = kick.sent.length
      await kick.chat(KICK_BROADCASTER.id, { id: 779, name: 'early' }, '!discord')
      await worker.get(Number(kickChannel))!.idle()
      expect(kick.sent.length).toBe(answers)
      expect(await kick.goLive(KICK_BROADCASTER.id, 'Chess')).toBe(200)
      const live = await waitFor(async () => {
        const d = await ok(CHANNEL, { id: kickChannel })
        return d.channel.panel.active && d.channel.status.state === 'running' && d.channel
      }, 'autostart')
      expect(live.status).toMatchObject({ live: true, reason: null })
      // Switched off during the stream: not "waiting for the stream to go live" while it is live.
      await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: false }) { id } }', { id: kickChannel })
      const off = await waitFor(async () => {
        const d = await ok(CHANNEL, { id: kickChannel })
        return !d.channel.panel.active && d.channel.status.state === 'stopped' && d.channel.status
      }, 'stopped while live')
      expect(off).toMatchObject({ live: true, reason: expect.stringMatching(/^The stream is live and the bot is off: switch Active on/) })
      await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: kickChannel })
      await waitFor(async () => (await ok(CHANNEL, { id: kickChannel })).channel.status.state === 'running', 'running again')
    })
  })

  it('respects Helix Ratelimit headers: waits for the reset instead of hammering', async () => {
    const sleeps: number[] = []
    const client = new TwitchClient(
      { clientId: twitch.clientId, clientSecret: twitch.clientSecret, apiUrl: twitch.apiUrl, authUrl: twitch.authUrl, eventSubUrl: twitch.eventSubUrl },
      {
        now: () => t.clock.t,
        sleep: async (ms) => {
          sleeps.push(ms)
          t.clock.t += ms
        },
      },
    )
    twitch.addUser({ id: '9009', login: 'ratelimited', displayName: 'RateLimited' })
    twitch.consentAs('9009')
    const url = client.authorizeUrl({ state: 's', redirectUri: 'http://app.test/cb', scopes: ['user:read:chat'] })
    const code = (await twitch.authorize(url)).searchParams.get('code')!
    const tokens = await client.exchangeCode({ code, redirectUri: 'http://app.test/cb' })
    const count429 = twitch.state.responses429
    twitch.exhaustRateLimit(5)
    expect(await client.me(tokens.accessToken)).toMatchObject({ login: 'ratelimited' })
    expect(twitch.state.responses429).toBe(count429 + 1)
    expect(sleeps).toHaveLength(1)
    expect(sleeps[0]).toBeGreaterThan(3000)
  })
})
