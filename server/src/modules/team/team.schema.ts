import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import { guardedByParent } from '../../graphql/field-auth'
import { channelModules, type channelGrants, type memberGroups, type ChannelRights } from '../../permissions/channel-rights'
import type { NamedChannelAuditRow } from '../channels/channel-audit'
import type { channelAuditModules } from '../channels/channel-audit.tables'
import { ChannelRef, PlatformEnum } from '../channels/channels.schema'
import { UserDataRef } from '../../auth/auth.schema'
import type { TeamMemberView, TeamView } from './team.service'
import type { ChannelInvitationRow } from './team.tables'

const MemberGroupEnum = builder.enumType('MemberGroup', {
  description:
    'A team member’s group: editor (everything of the channel but billing, licence, disconnecting and the team), moderator (chat, moderation, regulars; reads commands and timers), viewer (reads), custom (per module).',
  values: {
    editor: { description: 'Manages every module of the channel (not billing, the licence, disconnecting or the team).' },
    moderator: { description: 'Manages moderation (chatboard, regulars); views commands and timers; nothing else.' },
    viewer: { description: 'Views every module, changes nothing.' },
    custom: { description: 'The rights the owner picked per module (a module left out: none).' },
  } satisfies Record<(typeof memberGroups)[number], { description: string }>,
})
const ChannelModuleEnum = builder.enumType('ChannelModule', {
  description:
    'A part of a channel a team member may be granted: commands (and timers, counters), moderation (and chatboard, regulars), conversation, raids, videos (and clips), followers (and analytics), switches (bot panel), audit (the channel log).',
  values: {
    commands: { description: 'Chat commands, timers and counters.' },
    moderation: { description: 'Moderation settings and filters, the chatboard and regulars.' },
    conversation: { description: "The bot's conversation settings and rules." },
    raids: { description: 'Raids and their settings.' },
    videos: { description: 'Videos and clips.' },
    followers: { description: 'Followers and the analytics.' },
    switches: { description: 'The bot panel: the switches that turn modules on and off.' },
    audit: { description: 'The channel log (view only: nobody writes it by hand).' },
  } satisfies Record<(typeof channelModules)[number], { description: string }>,
})
const ChannelGrantEnum = builder.enumType('ChannelGrant', {
  description: 'none, view, or manage (which includes view).',
  values: {
    none: { description: 'No access: the module is hidden and its fields refused.' },
    view: { description: 'Read the module, change nothing.' },
    manage: { description: 'Read and change the module.' },
  } satisfies Record<(typeof channelGrants)[number], { description: string }>,
})
const ChannelAuditModuleEnum = builder.enumType('ChannelAuditModule', {
  description: 'The modules of the channel log: the channel modules and team.',
  values: {
    commands: { description: 'Changes to commands, timers and counters.' },
    moderation: { description: 'Changes to moderation settings and regulars.' },
    conversation: { description: 'Changes to the conversation settings and rules.' },
    raids: { description: 'Changes to raids.' },
    videos: { description: 'Changes to videos and clips.' },
    followers: { description: 'Changes in the followers module.' },
    switches: { description: 'Switches turned on or off on the bot panel.' },
    audit: { description: 'The channel log module (no change is written under it today).' },
    team: { description: 'Team changes: invitations made, withdrawn or accepted, members changed, removed or leaving.' },
    alerts: { description: 'Changes to the alerts and the overlay (its secret address replaced, never the secret itself).' },
    quotes: { description: 'Quotes added, changed or deleted, and who may add them.' },
    giveaways: { description: 'Giveaways opened, closed and drawn.' },
    webhooks: { description: 'Webhook endpoints added, changed, deleted or given a new secret (never the secret itself).' },
  } satisfies Record<(typeof channelAuditModules)[number], { description: string }>,
})

const ModuleRightRef = builder.objectRef<{ module: (typeof channelModules)[number]; grant: (typeof channelGrants)[number] }>('ModuleRight').implement({
  extensions: guardedByParent,
  description: 'One module and what a member may do there.',
  fields: (t) => ({
    module: t.field({ type: ChannelModuleEnum, description: 'The module.', resolve: (r) => r.module }),
    grant: t.field({ type: ChannelGrantEnum, description: 'What the member may do there: none, view or manage.', resolve: (r) => r.grant }),
  }),
})

const listRights = (rights: ChannelRights) => channelModules.map((module) => ({ module, grant: rights[module] }))

const ChannelAccessRef = builder.objectRef<{ owner: boolean; group: (typeof memberGroups)[number] | null; rights: ChannelRights }>('ChannelAccess').implement({
  extensions: guardedByParent,
  description: "The caller's standing on a channel: its owner, or a team member with a group and rights (the client hides what they may not do).",
  fields: (t) => ({
    owner: t.exposeBoolean('owner', { description: 'The caller owns the channel (and may do everything, the team included).' }),
    group: t.field({ type: MemberGroupEnum, nullable: true, description: "The member's group; null for the owner.", resolve: (a) => a.group }),
    rights: t.field({ type: [ModuleRightRef], description: 'Per module: none, view or manage.', resolve: (a) => listRights(a.rights) }),
  }),
})

builder.objectField(ChannelRef, 'myAccess', (t) =>
  t.field({
    type: ChannelAccessRef,
    description: "The caller's standing on this channel (owner, or team member and their rights).",
    resolve: async (c, _a, ctx) =>
      (ctx.principal ? await ctx.services.channels.standing(ctx.principal.userId, c) : null) ?? { owner: false, group: null, rights: listNone() },
  }),
)

builder.objectField(UserDataRef, 'teamModules', (t) =>
  t.field({
    type: [ChannelModuleEnum],
    nullable: true,
    description:
      'For the menu: the channel modules this account may view through its team memberships; null when nothing is hidden (it owns a channel, helps on none, or is staff). Read again on the next load of the app; the server checks every call anyway.',
    resolve: async (u, _a, ctx) => (u.role !== 'client' || ctx.principal?.userId !== u.id ? null : ctx.services.team.viewableModules(u.id)),
  }),
)

const listNone = (): ChannelRights => Object.fromEntries(channelModules.map((m) => [m, 'none'])) as ChannelRights

const TeamMemberRef = builder.objectRef<TeamMemberView>('TeamMember').implement({
  extensions: guardedByParent,
  description: 'An account on a channel’s team (the owner sees it on the team page).',
  fields: (t) => ({
    userId: t.id({ description: "The member's account id (the argument of updateTeamMember / removeTeamMember).", resolve: (m) => String(m.userId) }),
    username: t.exposeString('username', { description: "The member's account username." }),
    email: t.exposeString('email', { description: 'The address the owner invited.' }),
    group: t.field({ type: MemberGroupEnum, description: "The member's group.", resolve: (m) => m.group }),
    rights: t.field({ type: [ModuleRightRef], description: 'The effective rights (the preset’s, or the custom map).', resolve: (m) => listRights(m.rights) }),
    addedAt: t.field({ type: 'DateTime', description: 'When the member joined (accepted the invitation).', resolve: (m) => m.addedAt }),
  }),
})

const TeamInvitationRef = builder.objectRef<ChannelInvitationRow>('TeamInvitation').implement({
  extensions: guardedByParent,
  description: 'An open invitation by e-mail (not accepted, withdrawn or expired).',
  fields: (t) => ({
    id: t.id({ description: 'The invitation (the argument of withdrawTeamInvitation).', resolve: (i) => String(i.id) }),
    email: t.exposeString('email', { description: 'The invited address (lower-cased): only the account with it may accept.' }),
    group: t.field({ type: MemberGroupEnum, description: 'The group the invitee gets on accepting.', resolve: (i) => i.group }),
    createdAt: t.field({ type: 'DateTime', description: 'When the owner sent it.', resolve: (i) => i.createdAt }),
    expiresAt: t.field({
      type: 'DateTime',
      description: 'After this the link no longer works (TEAM_INVITATION_DAYS after sending).',
      resolve: (i) => i.expiresAt,
    }),
  }),
})

const TeamRef = builder.objectRef<TeamView>('Team').implement({
  extensions: guardedByParent,
  description: "A channel's team, for its owner.",
  fields: (t) => ({
    channelId: t.id({ description: 'The channel.', resolve: (v) => String(v.channel.id) }),
    members: t.field({ type: [TeamMemberRef], description: 'The members, oldest first (the owner is not one).', resolve: (v) => v.members }),
    invitations: t.field({ type: [TeamInvitationRef], description: 'The open invitations, oldest first.', resolve: (v) => v.invitations }),
    limit: t.int({
      nullable: true,
      description: "Members (open invitations included) the owner's plan allows per channel; null: no limit.",
      resolve: (v) => v.limit,
    }),
  }),
})

const InvitationPreviewRef = builder
  .objectRef<{ row: ChannelInvitationRow; channel: { displayName: string; platform: 'twitch' | 'kick' } }>('TeamInvitationPreview')
  .implement({
    extensions: guardedByParent,
    description: 'What an invitation link offers, shown before accepting.',
    fields: (t) => ({
      channelName: t.string({ description: "The channel's display name.", resolve: (p) => p.channel.displayName }),
      platform: t.field({ type: PlatformEnum, description: "The channel's platform.", resolve: (p) => p.channel.platform }),
      email: t.string({ description: 'The invited address: the account that accepts must have it.', resolve: (p) => p.row.email }),
      group: t.field({ type: MemberGroupEnum, description: 'The group the invitee gets on accepting.', resolve: (p) => p.row.group }),
      expiresAt: t.field({ type: 'DateTime', description: 'After this the link no longer works.', resolve: (p) => p.row.expiresAt }),
    }),
  })

const ChannelAuditEntryRef = builder.objectRef<NamedChannelAuditRow>('ChannelAuditEntry').implement({
  extensions: guardedByParent,
  description: 'One change to a channel: who (owner or team member), when, which module, what, before and after.',
  fields: (t) => ({
    id: t.id({ description: 'The entry (ids grow: a later change has a larger id).', resolve: (e) => String(e.id) }),
    actorId: t.id({ nullable: true, description: 'Null once the account was deleted.', resolve: (e) => (e.actorId === null ? null : String(e.actorId)) }),
    actorName: t.string({ nullable: true, description: "The acting account's username.", resolve: (e) => e.actorName }),
    module: t.field({ type: ChannelAuditModuleEnum, description: 'The module the change belongs to.', resolve: (e) => e.module }),
    action: t.exposeString('action', { description: 'thing.verb, e.g. command.create, member.remove.' }),
    before: t.string({ nullable: true, description: 'Before, as JSON.', resolve: (e) => (e.before ? JSON.stringify(e.before) : null) }),
    after: t.string({ nullable: true, description: 'After, as JSON.', resolve: (e) => (e.after ? JSON.stringify(e.after) : null) }),
    at: t.field({ type: 'DateTime', description: 'When the change was made.', resolve: (e) => e.at }),
  }),
})
const ChannelAuditConnectionRef = connectionOf<NamedChannelAuditRow>('ChannelAuditEntry', ChannelAuditEntryRef, 'Entries matching the filters.')

const ModuleRightInput = builder.inputType('ModuleRightInput', {
  description: 'One module of a custom group.',
  fields: (t) => ({
    module: t.field({ type: ChannelModuleEnum, required: true, description: 'The module (each at most once).' }),
    grant: t.field({ type: ChannelGrantEnum, required: true, description: 'What the member may do there.' }),
  }),
})
const TeamGroupInput = builder.inputType('TeamGroupInput', {
  description: 'A group; for custom, its rights per module (a module left out: none).',
  fields: (t) => ({
    group: t.field({ type: MemberGroupEnum, required: true, description: 'The group: a preset, or custom.' }),
    rights: t.field({ type: [ModuleRightInput], description: 'Only for custom.' }),
  }),
})

builder.queryFields((t) => ({
  team: t.withAuth({ signedIn: true, token: 'team:read' }).field({
    type: TeamRef,
    description: "A channel's members, open invitations and plan limit: its owner only (a member cannot read the team).",
    args: { channelId: t.arg.id({ required: true, description: 'The channel.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.team.team(ctx.principal.userId, String(channelId)),
  }),
  teamInvitation: t.field({
    type: InvitationPreviewRef,
    authScopes: { public: true },
    description: 'What an invitation link offers (the mailed token is the proof); INVITATION_INVALID once used, withdrawn or expired.',
    args: { token: t.arg.string({ required: true, description: 'The token of the mailed link.' }) },
    resolve: (_r, { token }, ctx) => ctx.services.team.invitation(token),
  }),
  channelAudit: t.withAuth({ signedIn: true }).field({
    type: ChannelAuditConnectionRef,
    description: "A channel's log, newest first: its owner, and members whose group may view `audit`.",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel.' }),
      first: t.arg.int({ description: '1 to 100 (default 20).' }),
      after: t.arg.string({ description: 'The endCursor of the previous page.' }),
      actorId: t.arg.id({ description: 'Only this account’s acts.' }),
      module: t.arg({ type: ChannelAuditModuleEnum, description: 'Only this module.' }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.channels.auditPage(ctx.principal.userId, String(a.channelId), {
        first: a.first,
        after: a.after,
        actorId: a.actorId === null || a.actorId === undefined ? null : String(a.actorId),
        module: a.module,
      }),
  }),
}))

builder.mutationFields((t) => ({
  inviteTeamMember: t.withAuth({ signedIn: true }).field({
    type: TeamInvitationRef,
    description: "The owner invites an address onto a channel's team: an invitation mail through the outbox, within the plan's member limit.",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel.' }),
      email: t.arg.string({ required: true, description: 'The address to invite.' }),
      access: t.arg({ type: TeamGroupInput, required: true, description: 'The group, and a custom group’s rights.' }),
    },
    resolve: (_r, { channelId, email, access }, ctx) => ctx.services.team.invite(ctx.principal.userId, String(channelId), email, access),
  }),
  withdrawTeamInvitation: t.withAuth({ signedIn: true }).boolean({
    description: 'The owner withdraws an open invitation (its link stops working); false when it was no longer open.',
    args: { id: t.arg.id({ required: true, description: 'The invitation.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.team.withdraw(ctx.principal.userId, String(id)),
  }),
  acceptTeamInvitation: t.withAuth({ signedIn: true }).field({
    type: ChannelRef,
    description: "The signed-in account with the invited address joins the channel's team.",
    args: { token: t.arg.string({ required: true, description: 'The token of the mailed link.' }) },
    resolve: (_r, { token }, ctx) => ctx.services.team.accept(ctx.principal.userId, token),
  }),
  updateTeamMember: t.withAuth({ signedIn: true }).field({
    type: TeamMemberRef,
    description: "The owner changes a member's group (in force on the member's next request, within the caller cache's window).",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel.' }),
      userId: t.arg.id({ required: true, description: 'The member.' }),
      access: t.arg({ type: TeamGroupInput, required: true, description: 'The new group, and a custom group’s rights.' }),
    },
    resolve: (_r, { channelId, userId, access }, ctx) => ctx.services.team.update(ctx.principal.userId, String(channelId), String(userId), access),
  }),
  leaveTeam: t.withAuth({ signedIn: true }).boolean({
    description: "A member leaves a channel's team themselves (their access ends at once); the owner cannot (BAD_USER_INPUT).",
    args: { channelId: t.arg.id({ required: true, description: 'The channel the caller helps with.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.team.leave(ctx.principal.userId, String(channelId)),
  }),
  removeTeamMember: t.withAuth({ signedIn: true }).boolean({
    description: 'The owner removes a member from the team; their access ends on their next request (within the caller cache’s window).',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel.' }),
      userId: t.arg.id({ required: true, description: 'The member.' }),
    },
    resolve: (_r, { channelId, userId }, ctx) => ctx.services.team.remove(ctx.principal.userId, String(channelId), String(userId)),
  }),
}))
