import { readFileSync } from 'node:fs'
import { buildSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, desc, eq } from 'drizzle-orm'
import { mailOutbox, users } from '../../server/src/db/schema'
import { giveawayEntries } from '../../server/src/modules/giveaways/giveaways.tables'
import { channelAudit } from '../../server/src/modules/channels/channel-audit.tables'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

/**
 * Every change to a channel is in its log (issue 31). The mutations that reach a channel are
 * found in the schema (a `channelId` argument), plus those that change a channel's record by
 * its id; each is either run here and must write the entry named, or listed in NOT_LOGGED or
 * ELSEWHERE with the reason. A new channel mutation fails the first test until it is sorted.
 */

/** Mutations that change one of a channel's records by the record's id (the schema cannot tell them from others). */
const BY_RECORD_ID = [
  'updateChatCommand',
  'deleteChatCommand',
  'updateChatTimer',
  'deleteChatTimer',
  'deleteChatCounter',
  'updateConversationRule',
  'deleteConversationRule',
  'updateQuote',
  'deleteQuote',
  'closeGiveaway',
  'drawGiveaway',
  'withdrawTeamInvitation',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookSecret',
  'undoModerationAction',
] as const

/** Channel mutations that write no entry, and why. */
const NOT_LOGGED: Record<string, string> = {
  disconnectChannel: 'the channel and its log go together',
  removeSandboxChannel: 'the sandbox channel and its log go together',
  refreshChannelMedia: 'reads the platform; changes nothing of the channel',
  sendTestAlert: 'shows a marked test on the overlay; changes nothing',
  sendChatMessage: 'a chat line, kept by the chatboard with the account that sent it (chat_senders), and by the platform',
  moderateChat: 'kept in the moderation log with the acting account (moderation_log), and by the platform',
  nukeChat: 'kept in the moderation log with the acting account (moderation_log), and by the platform',
  undoModerationAction: 'kept in the moderation log with the acting account (moderation_log), and by the platform',
  sandboxChat: 'a simulated viewer in the sandbox, not a change to the channel',
  sandboxClip: 'a simulated viewer in the sandbox',
  sandboxFollow: 'a simulated viewer in the sandbox',
  sandboxRaid: 'a simulated raider in the sandbox',
  sandboxStream: 'the sandbox stream going on or off',
  sandboxSupport: 'a simulated viewer in the sandbox',
}

/** Logged, and asserted in the test file named (they need a platform the sandbox does not simulate). */
const ELSEWHERE: Record<string, string> = {
  createClip: 'videos.test.ts (clip.create)',
  deleteVideo: 'videos.test.ts (video.delete)',
  startRaid: 'raids.test.ts (raid.start)',
  cancelRaid: 'raids.test.ts (raid.cancel)',
}

describe.each(engines)('every channel mutation writes the channel log on %s', (engine) => {
  let t: TestApp
  let owner: string
  let channelId: string
  const { ok } = gqlCaller(
    () => t,
    () => owner,
  )
  /** The newest entry of the channel's log. */
  const newest = async () => {
    const [row] = await t.database.db
      .select()
      .from(channelAudit)
      .where(eq(channelAudit.channelId, Number(channelId)))
      .orderBy(desc(channelAudit.id))
      .limit(1)
    return row
  }
  const mailedToken = async (to: string) => {
    const [m] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1)
    return /token=([A-Za-z0-9_-]+)/.exec(m!.text)![1]!
  }
  const register = async (name: string) =>
    (await t.json('POST', '/jwt/register', { username: name, email: `${name}@example.com`, password: 'a-good-passphrase' })).body as {
      accessToken: string
      userData: { id: number }
    }
  /** Ids made by earlier steps, for the steps that change a record by its id. */
  const ids: Record<string, string> = {}
  let member: { accessToken: string; userData: { id: number } }

  /** Each logged mutation: how to run it, and the action it must write (by the caller named, the owner unless `as`). */
  const steps: Array<{ mutation: string; action: string; as?: () => string; run: () => Promise<unknown> }> = [
    {
      mutation: 'createChatCommand',
      action: 'command.create',
      run: async () => {
        const q = 'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!walk", response: "hi" }) { id } }'
        ids.command = (await ok(q, { c: channelId })).createChatCommand.id
      },
    },
    {
      mutation: 'updateChatCommand',
      action: 'command.update',
      run: () => ok('mutation($id: ID!) { updateChatCommand(id: $id, input: { response: "hello" }) { id } }', { id: ids.command }),
    },
    { mutation: 'deleteChatCommand', action: 'command.delete', run: () => ok('mutation($id: ID!) { deleteChatCommand(id: $id) }', { id: ids.command }) },
    {
      mutation: 'createChatTimer',
      action: 'timer.create',
      run: async () => {
        const q = 'mutation($c: ID!) { createChatTimer(channelId: $c, input: { name: "walk", message: "Hello", intervalMinutes: 10 }) { id } }'
        ids.timer = (await ok(q, { c: channelId })).createChatTimer.id
      },
    },
    {
      mutation: 'updateChatTimer',
      action: 'timer.update',
      run: () => ok('mutation($id: ID!) { updateChatTimer(id: $id, input: { intervalMinutes: 15 }) { id } }', { id: ids.timer }),
    },
    { mutation: 'deleteChatTimer', action: 'timer.delete', run: () => ok('mutation($id: ID!) { deleteChatTimer(id: $id) }', { id: ids.timer }) },
    {
      mutation: 'setChatCounter',
      action: 'counter.set',
      run: async () => {
        ids.counter = (await ok('mutation($c: ID!) { setChatCounter(channelId: $c, name: "deaths", value: 3) { id } }', { c: channelId })).setChatCounter.id
      },
    },
    { mutation: 'deleteChatCounter', action: 'counter.delete', run: () => ok('mutation($id: ID!) { deleteChatCounter(id: $id) }', { id: ids.counter }) },
    {
      mutation: 'createConversationRule',
      action: 'rule.create',
      run: async () => {
        const q = 'mutation($c: ID!) { createConversationRule(channelId: $c, input: { kind: keyword, pattern: "discord", answer: "Join us" }) { id } }'
        ids.rule = (await ok(q, { c: channelId })).createConversationRule.id
      },
    },
    {
      mutation: 'updateConversationRule',
      action: 'rule.update',
      run: () => ok('mutation($id: ID!) { updateConversationRule(id: $id, input: { answer: "Join us!" }) { id } }', { id: ids.rule }),
    },
    { mutation: 'deleteConversationRule', action: 'rule.delete', run: () => ok('mutation($id: ID!) { deleteConversationRule(id: $id) }', { id: ids.rule }) },
    {
      mutation: 'updateConversationSettings',
      action: 'settings.update',
      run: () =>
        ok('mutation($c: ID!) { updateConversationSettings(channelId: $c, input: { fallbackAnswer: "Ask a moderator" }) { enabled } }', { c: channelId }),
    },
    {
      mutation: 'updateModerationSettings',
      action: 'filters.update',
      run: async () => {
        const s = (await ok('query($c: ID!) { channel(id: $c) { moderation { settings } } }', { c: channelId })).channel.moderation.settings
        await ok('mutation($c: ID!, $s: ModerationSettingsInput!) { updateModerationSettings(channelId: $c, input: $s) }', {
          c: channelId,
          s: { ...s, enabled: !s.enabled },
        })
      },
    },
    {
      mutation: 'addModerationRegular',
      action: 'regular.add',
      run: () => ok('mutation($c: ID!) { addModerationRegular(channelId: $c, login: "walker") { login } }', { c: channelId }),
    },
    {
      mutation: 'removeModerationRegular',
      action: 'regular.remove',
      run: () => ok('mutation($c: ID!) { removeModerationRegular(channelId: $c, login: "walker") { login } }', { c: channelId }),
    },
    {
      mutation: 'updateBotPanel',
      action: 'switches.update',
      run: () => ok('mutation($c: ID!) { updateBotPanel(channelId: $c, input: { autostart: false }) { id } }', { c: channelId }),
    },
    {
      mutation: 'setBotModule',
      action: 'switches.update',
      run: () => ok('mutation($c: ID!) { setBotModule(channelId: $c, module: timers, enabled: false) { id } }', { c: channelId }),
    },
    {
      mutation: 'updateFollowerSettings',
      action: 'thanks.update',
      run: () =>
        ok('mutation($c: ID!) { updateFollowerSettings(channelId: $c, input: { thankYou: true, template: "Thanks {user}!" }) { thankYou } }', { c: channelId }),
    },
    {
      mutation: 'updateAlertSettings',
      action: 'alert.update',
      run: () =>
        ok(
          `mutation($c: ID!) { updateAlertSettings(channelId: $c, type: follow, input: { chat: false, overlay: true, template: "{user} follows!",
            minimum: 0, durationMs: 5000 }) { type } }`,
          { c: channelId },
        ),
    },
    {
      mutation: 'updateOverlay',
      action: 'overlay.update',
      run: () => ok('mutation($c: ID!) { updateOverlay(channelId: $c, hideBot: true) { hideBot } }', { c: channelId }),
    },
    {
      mutation: 'regenerateOverlayUrl',
      action: 'overlay.regenerate',
      run: () => ok('mutation($c: ID!) { regenerateOverlayUrl(channelId: $c) { path } }', { c: channelId }),
    },
    {
      mutation: 'createQuote',
      action: 'quote.create',
      run: async () => {
        ids.quote = (await ok('mutation($c: ID!) { createQuote(channelId: $c, input: { text: "Walk the walk" }) { id } }', { c: channelId })).createQuote.id
      },
    },
    {
      mutation: 'updateQuote',
      action: 'quote.update',
      run: () => ok('mutation($id: ID!) { updateQuote(id: $id, input: { game: "Chess" }) { id } }', { id: ids.quote }),
    },
    { mutation: 'deleteQuote', action: 'quote.delete', run: () => ok('mutation($id: ID!) { deleteQuote(id: $id) }', { id: ids.quote }) },
    {
      mutation: 'setQuoteAddPermission',
      action: 'quoteSettings.update',
      run: () => ok('mutation($c: ID!) { setQuoteAddPermission(channelId: $c, permission: everyone) }', { c: channelId }),
    },
    {
      mutation: 'openGiveaway',
      action: 'giveaway.open',
      run: async () => {
        ids.giveaway = (await ok('mutation($c: ID!) { openGiveaway(channelId: $c, input: { prize: "A mug" }) { id } }', { c: channelId })).openGiveaway.id
        // One entry, as the chat hook would write it, so that there is someone to draw.
        await t.database.db.insert(giveawayEntries).values({ giveawayId: Number(ids.giveaway), userId: '777', login: 'entrant', name: 'Entrant' })
      },
    },
    { mutation: 'closeGiveaway', action: 'giveaway.close', run: () => ok('mutation($id: ID!) { closeGiveaway(id: $id) { id } }', { id: ids.giveaway }) },
    { mutation: 'drawGiveaway', action: 'giveaway.draw', run: () => ok('mutation($id: ID!) { drawGiveaway(id: $id) { id } }', { id: ids.giveaway }) },
    {
      mutation: 'inviteTeamMember',
      action: 'invitation.create',
      run: async () => {
        const q = 'mutation($c: ID!, $e: String!) { inviteTeamMember(channelId: $c, email: $e, access: { group: viewer }) { id } }'
        ids.invitation = (await ok(q, { c: channelId, e: 'gone@example.com' })).inviteTeamMember.id
      },
    },
    {
      mutation: 'withdrawTeamInvitation',
      action: 'invitation.withdraw',
      run: () => ok('mutation($id: ID!) { withdrawTeamInvitation(id: $id) }', { id: ids.invitation }),
    },
    {
      mutation: 'acceptTeamInvitation',
      action: 'member.join',
      as: () => member.accessToken,
      run: async () => {
        await ok('mutation($c: ID!) { inviteTeamMember(channelId: $c, email: "walker@example.com", access: { group: viewer }) { id } }', { c: channelId })
        const token = await mailedToken('walker@example.com')
        member = await register('walker')
        await ok('mutation($t: String!) { acceptTeamInvitation(token: $t) { id } }', { t: token }, member.accessToken)
      },
    },
    {
      mutation: 'updateTeamMember',
      action: 'member.update',
      run: () =>
        ok(
          'mutation($c: ID!, $u: ID!) { updateTeamMember(channelId: $c, userId: $u, access: { group: custom, rights: [{ module: raids, grant: view }] }) { group } }',
          {
            c: channelId,
            u: String(member.userData.id),
          },
        ),
    },
    {
      mutation: 'removeTeamMember',
      action: 'member.remove',
      run: () => ok('mutation($c: ID!, $u: ID!) { removeTeamMember(channelId: $c, userId: $u) }', { c: channelId, u: String(member.userData.id) }),
    },
    {
      mutation: 'leaveTeam',
      action: 'member.leave',
      as: () => member.accessToken,
      run: async () => {
        await ok('mutation($c: ID!) { inviteTeamMember(channelId: $c, email: "walker@example.com", access: { group: editor }) { id } }', { c: channelId })
        await ok('mutation($t: String!) { acceptTeamInvitation(token: $t) { id } }', { t: await mailedToken('walker@example.com') }, member.accessToken)
        await ok('mutation($c: ID!) { leaveTeam(channelId: $c) }', { c: channelId }, member.accessToken)
      },
    },
    {
      mutation: 'createWebhookEndpoint',
      action: 'webhook.create',
      run: async () => {
        const q = 'mutation($c: ID!) { createWebhookEndpoint(channelId: $c, input: { url: "http://127.0.0.1:9/walk", events: ["follow"] }) { id secret } }'
        const created = (await ok(q, { c: channelId })).createWebhookEndpoint
        ids.webhook = created.id
        secrets.push(created.secret)
      },
    },
    {
      mutation: 'updateWebhookEndpoint',
      action: 'webhook.update',
      run: () => ok('mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { description: "walk receiver" }) { id } }', { id: ids.webhook }),
    },
    {
      mutation: 'rotateWebhookSecret',
      action: 'webhook.rotateSecret',
      run: async () =>
        secrets.push((await ok('mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id: ids.webhook })).rotateWebhookSecret.secret),
    },
    {
      mutation: 'deleteWebhookEndpoint',
      action: 'webhook.delete',
      run: () => ok('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: ids.webhook }),
    },
  ]
  /** The webhook secrets handed out by the steps: none may reach the log. */
  const secrets: string[] = []

  beforeAll(async () => {
    // A loopback webhook URL needs no name lookup (nothing is delivered in this test).
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on' })
    owner = (await t.loginAs('client')).accessToken
    channelId = (await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sorts every channel mutation of the schema: run here, logged elsewhere, or not logged with a reason', () => {
    const schema = buildSchema(readFileSync('schema/schema.graphql', 'utf8'))
    const fields = schema.getMutationType()!.getFields()
    const channelMutations = Object.values(fields)
      .filter((f) => f.args.some((a) => a.name === 'channelId'))
      .map((f) => f.name)
    const reaching = [...new Set([...channelMutations, ...BY_RECORD_ID, 'acceptTeamInvitation'])].sort()
    const sorted = [...new Set([...steps.map((s) => s.mutation), ...Object.keys(NOT_LOGGED), ...Object.keys(ELSEWHERE)])].sort()
    expect(reaching.filter((m) => !sorted.includes(m))).toEqual([])
    // Nothing listed that the schema no longer has.
    expect(sorted.filter((m) => !fields[m])).toEqual([])
  })

  it('each logged mutation writes its entry, by the account that acted', async () => {
    const [ownerRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    const ownerId = ownerRow!.id
    const missing: string[] = []
    for (const step of steps) {
      const before = (await newest())?.id ?? 0
      await step.run()
      const entry = await newest()
      const actor = step.as ? String(member.userData.id) : String(ownerId)
      if (!entry || entry.id <= before || entry.action !== step.action || String(entry.actorId) !== actor) {
        missing.push(
          `${step.mutation}: wanted ${step.action} by ${actor}, got ${entry && entry.id > before ? `${entry.action} by ${entry.actorId}` : 'nothing'}`,
        )
      }
    }
    expect(missing).toEqual([])
  })

  it('keeps what changed on a webhook endpoint, never its secret', async () => {
    const rows = await t.database.db
      .select()
      .from(channelAudit)
      .where(and(eq(channelAudit.channelId, Number(channelId)), eq(channelAudit.module, 'webhooks')))
      .orderBy(asc(channelAudit.id))
    expect(rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.rotateSecret', 'webhook.delete'])
    expect(rows[1]!.before).toMatchObject({ url: 'http://127.0.0.1:9/walk', description: '' })
    expect(rows[1]!.after).toMatchObject({ url: 'http://127.0.0.1:9/walk', description: 'walk receiver', events: ['follow'] })
    expect(secrets).toHaveLength(2)
    const logged = JSON.stringify(rows)
    for (const secret of secrets) expect(logged).not.toContain(secret)
    expect(logged).not.toContain('whsec_')
  })
})
