import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelAccounts, channels } from '../../server/src/modules/channels/channels.tables'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { chatCommands, chatTimers } from '../../server/src/modules/commands/commands.tables'
import { viewer } from '../../server/src/modules/sandbox/sandbox-deps'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CONNECT = 'mutation { connectSandboxChannel { id platform sandbox login panel { active } } }'
const CHAT = 'mutation($c: ID!, $v: String!, $b: [SandboxBadge!], $t: String!) { sandboxChat(channelId: $c, viewer: $v, badges: $b, text: $t) }'

describe.each(engines)('sandbox channels on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let token: string
  let sandboxId: string
  let realId: number

  const { gql, ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const lines = async (channelId: number) => t.database.db.select().from(chatMessages).where(eq(chatMessages.channelId, channelId))

  beforeAll(async () => {
    // No TWITCH_CLIENT_ID / KICK_CLIENT_ID: only the sandbox can be connected.
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', COUNT_CACHE_TTL: '0' })
    worker = (await startTestWorker(t)).worker
    token = (await t.loginAs('client')).accessToken
  })

  afterAll(() => stopTestApp(t, worker))

  it('offers only the sandbox when no platform application is configured', async () => {
    expect((await ok('{ connectOptions { twitch kick sandbox } }')).connectOptions).toEqual({ twitch: false, kick: false, sandbox: true })
  })

  it('connects a sandbox channel through its OAuth flow, outside the plan limits', async () => {
    const first = (await ok(CONNECT)).connectSandboxChannel
    expect(first).toMatchObject({ platform: 'twitch', sandbox: true, panel: { active: true } })
    sandboxId = first.id
    // A new sandbox has the starter commands, so a test viewer gets answers at once.
    const starter = await t.database.db
      .select()
      .from(chatCommands)
      .where(eq(chatCommands.channelId, Number(sandboxId)))
    expect(starter.map((c) => c.trigger).sort()).toEqual(['!hello', '!lurk', '!uptime'])
    // Its follower total was read when it connected (was null, "–", until the hourly sync): a new account has none.
    expect(await ok('query($c: ID!) { channel(id: $c) { followerTotal } }', { c: sandboxId })).toEqual({ channel: { followerTotal: 0 } })
    // The client's Starter plan allows one channel: sandbox channels do not count.
    const second = (await ok(CONNECT)).connectSandboxChannel
    expect((await ok('{ channels { id sandbox } }')).channels).toHaveLength(2)
    expect(await ok('mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: second.id })).toEqual({ removeSandboxChannel: true })
    const [acc] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.channelId, Number(sandboxId)))
    expect(acc!.accessToken).toMatch(/^v1\./)
    expect(acc!.scopes).toContain('user:write:chat')
  })

  it('the bot answers a test viewer and follows stream events', async () => {
    await ok('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!mods", response: "mods only", permission: moderator }) { id } }', {
      c: sandboxId,
    })
    const id = Number(sandboxId)
    await waitFor(() => worker.get(id)?.isConnected, 'the sandbox bot to connect')
    await ok(CHAT, { c: sandboxId, v: 'TestViewer', b: [], t: '!mods' })
    await ok(CHAT, { c: sandboxId, v: 'TestViewer', b: ['subscriber'], t: '!hello' })
    await waitFor(
      async () => (await lines(id)).some((l) => l.fromBot && l.text === 'Hello TestViewer, welcome to the sandbox! 👋'),
      "the starter command's answer",
    )
    await ok(CHAT, { c: sandboxId, v: 'ModViewer', b: ['moderator', 'vip'], t: '!mods' })
    await waitFor(async () => (await lines(id)).some((l) => l.fromBot && l.text === 'mods only'), 'the moderator command')
    // A viewer without the badge got no answer to !mods: one reply for the moderator only.
    expect((await lines(id)).filter((l) => l.text === 'mods only')).toHaveLength(1)

    await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: true, category: "Chess") }', { c: sandboxId })
    await waitFor(async () => (await ok('query($c: ID!) { channel(id: $c) { status { live category } } }', { c: sandboxId })).channel.status.live, 'live')
    expect((await ok('query($c: ID!) { channel(id: $c) { status { category } } }', { c: sandboxId })).channel.status.category).toBe('Chess')
    await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: false) }', { c: sandboxId })
    await waitFor(async () => !(await ok('query($c: ID!) { channel(id: $c) { status { live } } }', { c: sandboxId })).channel.status.live, 'offline')
  })

  it('records follows (listed by Helix), raids and clips in the sandbox platform', async () => {
    const p = await t.services.platforms.sandbox!.ready()
    const [row] = await t.database.db
      .select()
      .from(channels)
      .where(eq(channels.id, Number(sandboxId)))
    for (const v of ['FanOne', 'FanTwo', 'FanThree'])
      await ok('mutation($c: ID!, $v: String!) { sandboxFollow(channelId: $c, viewer: $v) }', { c: sandboxId, v })
    expect(p.server.followersOf(row!.platformUserId).map((f) => f.name)).toEqual(['FanThree', 'FanTwo', 'FanOne'])
    // Helix GET /channels/followers: the total for any token, the list (cursor paging) with moderator:read:followers.
    p.server.restoreToken(row!.platformUserId, { accessToken: 'followers-reader', refreshToken: null, scopes: ['moderator:read:followers'], expiresAt: null })
    const get = async (after?: string) => {
      const res = await fetch(`${p.server.apiUrl}/channels/followers?broadcaster_id=${row!.platformUserId}&first=2${after ? `&after=${after}` : ''}`, {
        headers: { authorization: 'Bearer followers-reader', 'client-id': p.server.clientId },
      })
      return (await res.json()) as { data: Array<{ user_name: string }>; total: number; pagination: { cursor?: string } }
    }
    const one = await get()
    const two = await get(one.pagination.cursor)
    expect(one.total).toBe(3)
    expect(one.data.map((f) => f.user_name)).toEqual(['FanThree', 'FanTwo'])
    expect(two.data.map((f) => f.user_name)).toEqual(['FanOne'])
    expect(two.pagination.cursor).toBeUndefined()
    expect(await ok('mutation($c: ID!) { sandboxRaid(channelId: $c, fromChannel: "OtherStreamer", viewers: 42) }', { c: sandboxId })).toEqual({
      sandboxRaid: true,
    })
    const clip = (await ok('mutation($c: ID!) { sandboxClip(channelId: $c, title: "Great play") { id title viewCount creatorName } }', { c: sandboxId }))
      .sandboxClip
    expect(clip).toMatchObject({ title: 'Great play', viewCount: 0 })
    expect(p.server.clips().map((c) => c.id)).toContain(clip.id)
  })

  it('lists a sandbox clip in the library at once, linked to a page of the product, never twitch.tv (issue 36, item 7a/7b)', async () => {
    const LIBRARY = 'query($c: ID!) { channelMedia(channelId: $c) { clips { items { id title url } } } }'
    // The library was read once: before, its copy stayed fresh for an hour and a new clip waited for "Refresh".
    await ok(LIBRARY, { c: sandboxId })
    const clip = (await ok('mutation($c: ID!) { sandboxClip(channelId: $c, title: "After the first read") { id url } }', { c: sandboxId })).sandboxClip
    expect(clip.url).toBe(`http://app.test/pages/VOD?clip=${clip.id}`)
    t.clock.advance(1) // the library lists what was made before now (this clock stands still)
    const items = (await ok(LIBRARY, { c: sandboxId })).channelMedia.clips.items
    expect(items).toContainEqual({ id: clip.id, title: 'After the first read', url: clip.url })
    expect(JSON.stringify(items)).not.toMatch(/twitch\.tv/)
  })

  it("raids one of the sandbox's own live test channels, as on Twitch (issue 36, item 7)", async () => {
    const SEARCH = 'query($c: ID!, $q: String!) { searchRaidTargets(channelId: $c, query: $q) { id login live } }'
    const found = (await ok(SEARCH, { c: sandboxId, q: 'sandbox test' })).searchRaidTargets
    expect(found.map((c: { login: string }) => c.login)).toEqual(['sandbox_test_channel_1', 'sandbox_test_channel_2', 'sandbox_test_channel_3'])
    // Before: "Please check your input" (BAD_USER_INPUT), as only decimal ids were taken.
    const START = 'mutation($c: ID!, $t: ID!) { startRaid(channelId: $c, targetId: $t) { state otherLogin } }'
    expect(await ok(START, { c: sandboxId, t: 'sandbox-test-1' })).toEqual({ startRaid: { state: 'pending', otherLogin: 'sandbox_test_channel_1' } })
    expect(await ok('query($c: ID!) { channel(id: $c) { raid { raidActive raidedChannel } } }', { c: sandboxId })).toEqual({
      channel: { raid: { raidActive: true, raidedChannel: 'Sandbox test channel 1' } },
    })
    expect(await ok('mutation($c: ID!) { cancelRaid(channelId: $c) { state } }', { c: sandboxId })).toEqual({ cancelRaid: { state: 'cancelled' } })
  })

  it('holds a timeout: a timed-out test viewer cannot write until it ends (issue 36, item 7)', async () => {
    const p = await t.services.platforms.sandbox!.ready()
    const [row] = await t.database.db
      .select()
      .from(channels)
      .where(eq(channels.id, Number(sandboxId)))
    const b = row!.platformUserId
    p.server.restoreToken(b, { accessToken: 'timeout-giver', refreshToken: null, scopes: ['moderator:manage:banned_users'], expiresAt: null })
    const res = await fetch(`${p.server.apiUrl}/moderation/bans?broadcaster_id=${b}&moderator_id=${b}`, {
      method: 'POST',
      headers: { authorization: 'Bearer timeout-giver', 'client-id': p.server.clientId, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { user_id: viewer('Spammer').userId, duration: 60 } }),
    })
    expect(res.status).toBe(200)
    // Before: the viewer wrote again at once.
    expect(await code(CHAT, { c: sandboxId, v: 'Spammer', t: 'again' })).toBe('SANDBOX_VIEWER_RESTRICTED')
    expect(await code(CHAT, { c: sandboxId, v: 'spammer', t: 'again' })).toBe('SANDBOX_VIEWER_RESTRICTED')
    expect((await gql(CHAT, { c: sandboxId, v: 'Bystander', t: 'hi' })).body.errors).toBeUndefined()
  })

  it("drives the sandbox channel's overlay: a subscription and a 500-bit cheer from the test console", async () => {
    const { channel } = await ok('query($c: ID!) { channel(id: $c) { overlay { path } } }', { c: sandboxId })
    const res = await t.app.request(`${channel.overlay.path}/events`)
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    let seen = ''
    const SUPPORT = 'mutation($c: ID!, $k: SandboxSupportKind!, $a: Int!) { sandboxSupport(channelId: $c, viewer: "Supporter", kind: $k, amount: $a) }'
    await waitFor(() => worker.get(Number(sandboxId))?.isConnected, 'the sandbox bot')
    expect(await ok(SUPPORT, { c: sandboxId, k: 'sub', a: 1 })).toEqual({ sandboxSupport: true })
    expect(await ok(SUPPORT, { c: sandboxId, k: 'cheer', a: 500 })).toEqual({ sandboxSupport: true })
    await waitFor(async () => {
      seen += new TextDecoder().decode((await reader.read()).value)
      return seen.includes('Supporter cheered 500 bits!')
    }, 'both alerts on the overlay')
    expect(seen.indexOf('Thank you for subscribing, Supporter!')).toBeGreaterThan(0)
    expect(seen.indexOf('Thank you for subscribing, Supporter!')).toBeLessThan(seen.indexOf('Supporter cheered 500 bits!'))
    await reader.cancel()
    // The bot says both in chat too, after the overlay: the next test counts the channel's lines.
    await waitFor(async () => (await lines(Number(sandboxId))).some((l) => l.text === 'Supporter cheered 500 bits!'), "the bot's chat lines")
    expect(await code(SUPPORT, { c: sandboxId, k: 'gift', a: 0 })).toBe('BAD_USER_INPUT')
  })

  it('refuses bad input and real channels with a coded error, changing nothing', async () => {
    // A sandbox channel of its own: a late line of the tests before (a reply, an alert's thanks) cannot reach it.
    const own = (await ok(CONNECT)).connectSandboxChannel.id as string
    const ownId = Number(own)
    await waitFor(() => worker.get(ownId)?.isConnected, 'its sandbox bot to connect')
    expect(await code(CHAT, { c: own, v: 'x', t: 'hi' })).toBe('BAD_USER_INPUT')
    expect(await code(CHAT, { c: own, v: 'Viewer', t: 'a'.repeat(501) })).toBe('BAD_USER_INPUT')
    expect(await code(CHAT, { c: own, v: 'Viewer', b: ['admin'], t: 'hi' })).toBe('BAD_USER_INPUT')
    expect(await code('mutation($c: ID!) { sandboxRaid(channelId: $c, fromChannel: "Other", viewers: 0) }', { c: own })).toBe('BAD_USER_INPUT')
    expect(await code('mutation($c: ID!) { sandboxClip(channelId: $c, title: "   ") { id } }', { c: own })).toBe('BAD_USER_INPUT')
    // A good line after them: the bot reads the chat in order, so once it stored this one it
    // would have stored any refused line that had reached the chat (and anything it answered).
    await ok(CHAT, { c: own, v: 'Viewer', b: [], t: 'after the refused ones' })
    await waitFor(async () => (await lines(ownId)).length > 0, 'the good line to be stored')
    await worker.get(ownId)!.idle()
    await waitFor(() => worker.get(ownId)!.queued === 0, 'the bot to have sent what it owes')
    expect((await lines(ownId)).map((l) => l.text)).toEqual(['after the refused ones'])
    // A real channel (as OAuth against a real platform would have stored it).
    const [client] = await t.database.db.select({ userId: channels.userId }).from(channels).where(eq(channels.id, ownId))
    const [real] = await t.database.db
      .insert(channels)
      .values({ userId: client!.userId, platform: 'twitch', platformUserId: '777', login: 'realcaster', displayName: 'RealCaster', active: true })
      .returning({ id: channels.id })
    realId = real!.id
    for (const [q, v] of [
      [CHAT, { c: realId, v: 'Viewer', t: 'hi' }],
      ['mutation($c: ID!) { sandboxStream(channelId: $c, online: true) }', { c: realId }],
      ['mutation($c: ID!) { sandboxFollow(channelId: $c, viewer: "Fan") }', { c: realId }],
      ['mutation($c: ID!) { sandboxRaid(channelId: $c, fromChannel: "Other", viewers: 3) }', { c: realId }],
      ['mutation($c: ID!) { sandboxClip(channelId: $c, title: "x") { id } }', { c: realId }],
      ['mutation($c: ID!) { sandboxSupport(channelId: $c, viewer: "Fan", kind: cheer, amount: 100) }', { c: realId }],
      ['mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: realId }],
    ] as const) {
      expect(await code(q, v), q).toBe('SANDBOX_ONLY')
    }
    // Someone else's sandbox channel does not exist for them.
    const other = (await t.loginAs('reseller')).accessToken
    expect((await gql(CHAT, { c: own, v: 'Viewer', t: 'hi' }, other)).body.errors[0].extensions.code).toBe('NOT_FOUND')
    await t.database.db.delete(channels).where(eq(channels.id, realId))
    expect(await ok('mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: own })).toEqual({ removeSandboxChannel: true })
  })

  it('counts its running bot in the admin figures as the client sees it, and removal deletes everything of the channel', async () => {
    const admin = (await t.loginAs('admin')).accessToken
    // The sandbox bot runs and the client's page shows it running: "bots running" says the same (issue 36, item 6).
    expect(await ok('{ runningBots }', {}, admin)).toEqual({ runningBots: 1 })
    const id = Number(sandboxId)
    await ok('mutation($c: ID!) { createChatTimer(channelId: $c, input: { name: "T", message: "m", intervalMinutes: 5, minLines: 1 }) { id } }', {
      c: sandboxId,
    })
    expect((await lines(id)).length).toBeGreaterThan(0)
    const p = await t.services.platforms.sandbox!.ready()
    const [row] = await t.database.db.select().from(channels).where(eq(channels.id, id))
    expect(await ok('mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: sandboxId })).toEqual({ removeSandboxChannel: true })
    expect(await ok('{ runningBots }', {}, admin)).toEqual({ runningBots: 0 })
    expect(await t.database.db.select().from(channels).where(eq(channels.id, id))).toEqual([])
    expect(await t.database.db.select().from(channelAccounts).where(eq(channelAccounts.channelId, id))).toEqual([])
    expect(await t.database.db.select().from(chatCommands).where(eq(chatCommands.channelId, id))).toEqual([])
    expect(await t.database.db.select().from(chatTimers).where(eq(chatTimers.channelId, id))).toEqual([])
    expect(await lines(id)).toEqual([])
    expect(p.server.followersOf(row!.platformUserId)).toEqual([])
    expect(p.server.tokenOf(row!.platformUserId)).toEqual([])
  })
  it('survives a restart of the sandbox: stored tokens are accepted and refreshed', async () => {
    const channel = (await ok(CONNECT)).connectSandboxChannel
    const id = Number(channel.id)
    const runtime = t.services.platforms.sandbox!
    const before = await runtime.ready()
    await runtime.close()
    const after = await runtime.ready()
    expect(after.server.url).not.toBe(before.server.url)
    const [row] = await t.database.db.select().from(channels).where(eq(channels.id, id))
    const live = async () =>
      t.services.channels.actAs(id, 'broadcaster', async (as) => (await t.services.platforms.of(row!)).stream(as.token, as.broadcasterId))
    expect(await live()).toMatchObject({ live: false })
    // An expired token is refreshed against the restarted sandbox.
    after.server.expireTokens()
    expect(await live()).toMatchObject({ live: false })
    expect(after.server.tokenOf(row!.platformUserId).length).toBeGreaterThan(0)
    await ok('mutation($c: ID!) { removeSandboxChannel(channelId: $c) }', { c: channel.id })
  })
})
