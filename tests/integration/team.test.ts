import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CONNECT = 'mutation { connectSandboxChannel { id } }'
const INVITE = `mutation($c: ID!, $e: String!, $a: TeamGroupInput!) { inviteTeamMember(channelId: $c, email: $e, access: $a) { id email group expiresAt } }`
const ACCEPT = 'mutation($t: String!) { acceptTeamInvitation(token: $t) { id displayName } }'
const PREVIEW = 'query($t: String!) { teamInvitation(token: $t) { channelName email group } }'
const TEAM = 'query($c: ID!) { team(channelId: $c) { limit members { userId username group rights { module grant } } invitations { id email } } }'
const UPDATE = `mutation($c: ID!, $u: ID!, $a: TeamGroupInput!) { updateTeamMember(channelId: $c, userId: $u, access: $a) { group } }`
const REMOVE = 'mutation($c: ID!, $u: ID!) { removeTeamMember(channelId: $c, userId: $u) }'
const WITHDRAW = 'mutation($id: ID!) { withdrawTeamInvitation(id: $id) }'
const MODULES = '{ viewer { teamModules } }'
const CHANNELS = '{ channels { id myAccess { owner group rights { module grant } } account { login } } }'
const COMMANDS = 'query($c: ID!) { channel(id: $c) { commands { trigger } } }'
const CONVERSATION = 'query($c: ID!) { channel(id: $c) { conversation { enabled } } }'
const ADD_COMMAND = `mutation($c: ID!, $t: String!) { createChatCommand(channelId: $c, input: { trigger: $t, response: "hello" }) { id trigger } }`
const ADD_REGULAR = 'mutation($c: ID!, $l: String!) { addModerationRegular(channelId: $c, login: $l) { login addedBy } }'
const AUDIT = `query($c: ID!, $m: ChannelAuditModule, $a: ID, $after: String) { channelAudit(channelId: $c, module: $m, actorId: $a, first: 2, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { actorId actorName module action before after } } } }`

describe.each(engines)('a channel team on %s', (engine) => {
  let t: TestApp
  let owner: string
  let member: string
  let memberId: string
  let channelId: string
  let otherChannel: string
  const { gql, ok, code } = gqlCaller(
    () => t,
    () => owner,
  )
  /** The token of the newest invitation mail to `to` (the link in the outbox). */
  const mailedToken = async (to: string) => {
    const [m] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1)
    return /token=([A-Za-z0-9_-]+)/.exec(m!.text)![1]!
  }
  const register = async (name: string) => {
    const res = await t.json('POST', '/jwt/register', { username: name, email: `${name}@example.com`, password: 'a-good-passphrase' })
    expect(res.status).toBe(200)
    return res.body as { accessToken: string; userData: { id: number } }
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test' })
    owner = (await t.loginAs('client')).accessToken
    channelId = (await ok(CONNECT)).connectSandboxChannel.id
    const reseller = (await t.loginAs('reseller')).accessToken
    otherChannel = (await ok(CONNECT, {}, reseller)).connectSandboxChannel.id
  })
  afterAll(async () => {
    await t?.close()
  })

  it('invites a new address by mail; the link works after registration and joins the team as Moderator', async () => {
    const inv = (await ok(INVITE, { c: channelId, e: 'Mod1@Example.com', a: { group: 'moderator' } })).inviteTeamMember
    expect(inv).toMatchObject({ email: 'mod1@example.com', group: 'moderator' })
    const token = await mailedToken('mod1@example.com')
    expect((await ok(PREVIEW, { t: token }, '')).teamInvitation).toMatchObject({ email: 'mod1@example.com', group: 'moderator' })
    const someoneElse = await register('notinvited')
    expect(await code(ACCEPT, { t: token }, someoneElse.accessToken)).toBe('FORBIDDEN')
    const reg = await register('mod1')
    member = reg.accessToken
    memberId = String(reg.userData.id)
    expect((await ok(ACCEPT, { t: token }, member)).acceptTeamInvitation.id).toBe(channelId)
    expect(await code(ACCEPT, { t: token }, member)).toBe('INVITATION_INVALID')
    const team = (await ok(TEAM, { c: channelId })).team
    expect(team.members).toEqual([expect.objectContaining({ userId: memberId, username: 'mod1', group: 'moderator' })])
    expect(team.invitations).toEqual([])
    // The menu's list: what the group lets the member view; nothing hidden for an owner or an account on no team.
    expect((await ok(MODULES, {}, member)).viewer.teamModules).toEqual(['commands', 'moderation'])
    expect((await ok(MODULES)).viewer.teamModules).toBeNull()
    expect((await ok(MODULES, {}, someoneElse.accessToken)).viewer.teamModules).toBeNull()
  })

  it("shows the member the channel within their group, and never the owner's platform account", async () => {
    const listed = (await ok(CHANNELS, {}, member)).channels
    expect(listed).toHaveLength(1)
    expect(listed[0].id).toBe(channelId)
    expect(listed[0].account).toBeNull()
    expect(listed[0].myAccess).toMatchObject({ owner: false, group: 'moderator' })
    // A moderator reads the commands (the sandbox's starter ones) but may not add one.
    expect((await ok(COMMANDS, { c: channelId }, member)).channel.commands.map((c: { trigger: string }) => c.trigger).sort()).toEqual([
      '!hello',
      '!lurk',
      '!uptime',
    ])
    expect(await code(CONVERSATION, { c: channelId }, member)).toBe('FORBIDDEN')
    expect(await code(ADD_COMMAND, { c: channelId, t: '!nope' }, member)).toBe('FORBIDDEN')
    // The member's act is named by the member, never as the owner's ("dashboard").
    expect((await ok(ADD_REGULAR, { c: channelId, l: 'helper1' }, member)).addModerationRegular).toEqual([{ login: 'helper1', addedBy: 'mod1' }])
    // Another owner's channel stays invisible (the same NOT_FOUND as an unknown id).
    expect(await code(COMMANDS, { c: otherChannel }, member)).toBe('NOT_FOUND')
    expect(await code(ADD_REGULAR, { c: otherChannel, l: 'x1' }, member)).toBe('NOT_FOUND')
  })

  it('the REST commands routes check the team the same way as GraphQL', async () => {
    const rest = (method: string, path: string, body?: unknown) => t.json(method, path, body, { authorization: `Bearer ${member}` })
    const list = await rest('GET', `/api/v1/channels/${channelId}/commands`)
    expect(list.status).toBe(200)
    expect(list.body.commands.map((c: { trigger: string }) => c.trigger).sort()).toEqual(['!hello', '!lurk', '!uptime'])
    const post = await rest('POST', `/api/v1/channels/${channelId}/commands`, { trigger: '!restnope', response: 'x' })
    expect(post.status).toBe(403)
    expect(post.body.code).toBe('FORBIDDEN')
    expect((await rest('GET', `/api/v1/channels/${otherChannel}/commands`)).status).toBe(404)
    expect((await rest('POST', `/api/v1/channels/${otherChannel}/commands`, { trigger: '!restnope', response: 'x' })).status).toBe(404)
  })

  it('never lets a member escalate: no team, no invitation, no group change, no disconnect', async () => {
    expect(await code(TEAM, { c: channelId }, member)).toBe('NOT_FOUND')
    expect(await code(INVITE, { c: channelId, e: 'x@example.com', a: { group: 'editor' } }, member)).toBe('NOT_FOUND')
    expect(await code(UPDATE, { c: channelId, u: memberId, a: { group: 'editor' } }, member)).toBe('NOT_FOUND')
    expect(await code('mutation($c: ID!) { disconnectChannel(channelId: $c) }', { c: channelId }, member)).toBe('NOT_FOUND')
    expect(await code('query($c: ID!) { channel(id: $c) { alertScopesMissing } }', { c: channelId }, member)).toBe('FORBIDDEN')
  })

  it('promoted to Editor, the member adds a command; the log names each act by its account, paged and filtered', async () => {
    expect((await ok(UPDATE, { c: channelId, u: memberId, a: { group: 'editor' } })).updateTeamMember.group).toBe('editor')
    expect((await ok(ADD_COMMAND, { c: channelId, t: '!team' }, member)).createChatCommand.trigger).toBe('!team')
    const all = (await ok(AUDIT, { c: channelId })).channelAudit
    expect(all.totalCount).toBeGreaterThanOrEqual(5)
    expect(all.edges).toHaveLength(2)
    expect(all.edges[0].node).toMatchObject({ actorId: memberId, actorName: 'mod1', module: 'commands', action: 'command.create' })
    expect(JSON.parse(all.edges[0].node.after)).toMatchObject({ trigger: '!team' })
    const next = (await ok(AUDIT, { c: channelId, after: all.pageInfo.endCursor })).channelAudit
    expect(next.edges[0].node.action).not.toBe(all.edges[0].node.action)
    const mine = (await ok(AUDIT, { c: channelId, a: memberId, m: 'moderation' })).channelAudit
    expect(mine.edges.map((e: { node: { action: string } }) => e.node.action)).toEqual(['regular.add'])
    // An Editor reads the log; a bad filter is a coded error.
    expect((await ok(AUDIT, { c: channelId }, member)).channelAudit.totalCount).toBe(all.totalCount)
    expect(await code(AUDIT, { c: channelId, a: 'x' })).toBe('BAD_USER_INPUT')
    expect(await code(AUDIT, { c: channelId, after: 'nonsense' })).toBe('BAD_USER_INPUT')
  })

  it('a custom group grants per module; bad groups are refused and change nothing', async () => {
    const custom = { group: 'custom', rights: [{ module: 'conversation', grant: 'view' }] }
    const rights = (await ok(TEAM, { c: channelId })).team.members[0].rights
    expect(rights.every((r: { grant: string }) => r.grant === 'manage')).toBe(true)
    await ok(UPDATE, { c: channelId, u: memberId, a: custom })
    expect((await ok(CONVERSATION, { c: channelId }, member)).channel.conversation).toBeTruthy()
    expect(await code(COMMANDS, { c: channelId }, member)).toBe('FORBIDDEN')
    expect((await ok(MODULES, {}, member)).viewer.teamModules).toEqual(['conversation'])
    expect(await code(UPDATE, { c: channelId, u: memberId, a: { group: 'custom', rights: [{ module: 'nope', grant: 'view' }] } })).toBe('BAD_USER_INPUT')
    const twice = [
      { module: 'commands', grant: 'view' },
      { module: 'commands', grant: 'manage' },
    ]
    expect(await code(UPDATE, { c: channelId, u: memberId, a: { group: 'custom', rights: twice } })).toBe('BAD_USER_INPUT')
    expect(await code(UPDATE, { c: channelId, u: '99999', a: { group: 'viewer' } })).toBe('NOT_FOUND')
    expect((await ok(TEAM, { c: channelId })).team.members[0].group).toBe('custom')
  })

  it("enforces the plan's member limit (open invitations count), and withdrawn invitations stop working", async () => {
    const { limit } = (await ok(TEAM, { c: channelId })).team
    expect(limit).toBe(1) // the demo client has no plan: the Starter limits
    expect(await code(INVITE, { c: channelId, e: 'two@example.com', a: { group: 'viewer' } })).toBe('PLAN_LIMIT')
    await ok(REMOVE, { c: channelId, u: memberId })
    const inv = (await ok(INVITE, { c: channelId, e: 'two@example.com', a: { group: 'viewer' } })).inviteTeamMember
    const token = await mailedToken('two@example.com')
    expect(await ok(WITHDRAW, { id: inv.id })).toEqual({ withdrawTeamInvitation: true })
    const two = await register('two')
    expect(await code(ACCEPT, { t: token }, two.accessToken)).toBe('INVITATION_INVALID')
    expect(await code(INVITE, { c: channelId, e: 'not-an-address', a: { group: 'viewer' } })).toBe('BAD_USER_INPUT')
  })

  it('a removed member loses access on the next request', async () => {
    expect((await ok(CHANNELS, {}, member)).channels).toEqual([])
    expect(await code(COMMANDS, { c: channelId }, member)).toBe('NOT_FOUND')
    expect(await code(ADD_REGULAR, { c: channelId, l: 'helper2' }, member)).toBe('NOT_FOUND')
    const actions = (await ok(AUDIT, { c: channelId, m: 'team' })).channelAudit.totalCount
    expect(actions).toBeGreaterThanOrEqual(5)
    const res = await gql(AUDIT, { c: channelId }, member)
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND')
  })

  it('a member leaves the team themselves; the log names them; the owner cannot leave', async () => {
    const LEAVE = 'mutation($c: ID!) { leaveTeam(channelId: $c) }'
    await ok(INVITE, { c: channelId, e: 'leaver@example.com', a: { group: 'viewer' } })
    const token = await mailedToken('leaver@example.com')
    const leaver = await register('leaver')
    await ok(ACCEPT, { t: token }, leaver.accessToken)
    expect(await code(LEAVE, { c: otherChannel }, leaver.accessToken)).toBe('NOT_FOUND')
    expect(await code(LEAVE, { c: channelId })).toBe('BAD_USER_INPUT')
    expect(await ok(LEAVE, { c: channelId }, leaver.accessToken)).toEqual({ leaveTeam: true })
    expect((await ok(CHANNELS, {}, leaver.accessToken)).channels).toEqual([])
    expect(await code(COMMANDS, { c: channelId }, leaver.accessToken)).toBe('NOT_FOUND')
    expect(await code(LEAVE, { c: channelId }, leaver.accessToken)).toBe('NOT_FOUND')
    expect((await ok(TEAM, { c: channelId })).team.members).toEqual([])
    const last = (await ok(AUDIT, { c: channelId, m: 'team' })).channelAudit.edges[0].node
    expect(last).toMatchObject({ actorId: String(leaver.userData.id), actorName: 'leaver', action: 'member.leave' })
  })
})
