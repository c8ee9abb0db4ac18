import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { platformNames } from '../../platforms/types'
import type { BotStatusEvent } from '../../realtime/pubsub'
import type { botModules } from './channels.service'
import type { botStates, ChannelAccountRow, ChannelRow, PendingConnectionRow } from './channels.tables'
import type { PlanLimits } from './plan-limits'
import { statusReasonCodes } from './status-reasons'

export const PlatformEnum = builder.enumType('Platform', {
  description: 'A streaming platform the assistant connects to.',
  values: {
    twitch: { description: 'Twitch (twitch.tv).' },
    kick: { description: 'Kick (kick.com).' },
  } satisfies Record<(typeof platformNames)[number], { description: string }>,
})
export const BotStateEnum = builder.enumType('BotState', {
  description: 'stopped (off, or waiting for the stream with Autostart), connecting, running, error (see reason).',
  values: {
    stopped: { description: 'Not running: switched off, or waiting for the stream to go live (Autostart).' },
    connecting: { description: 'Joining the channel’s chat and events.' },
    running: { description: 'In the channel and answering.' },
    error: { description: 'Stopped by a failure (see `reason` and `code`).' },
  } satisfies Record<(typeof botStates)[number], { description: string }>,
})
export const BotModuleEnum = builder.enumType('BotModule', {
  description: 'The switches of /pages/enable.',
  values: {
    chatBot: { description: 'The chat bot: commands and their answers.' },
    categoryChatBot: { description: 'Commands with a category answer only while the stream is in it.' },
    conversationBot: { description: 'The conversation bot (answers questions in chat; see `Channel.conversation`).' },
    timers: { description: 'Timers: messages posted at intervals while live.' },
    raidAnnouncements: { description: 'Announces incoming raids in chat.' },
  } satisfies Record<(typeof botModules)[number], { description: string }>,
})

export interface BotStatusShape {
  state: BotStatusEvent['state']
  reason: string | null
  code: string | null
  args: Record<string, string | number> | null
  since: Date | string
  live: boolean
  liveSince: Date | null
  category: string | null
}

export const statusOf = (c: ChannelRow): BotStatusShape => ({
  state: c.status,
  reason: c.statusReason,
  code: c.statusCode,
  args: c.statusArgs,
  since: c.statusAt,
  live: c.live,
  liveSince: c.liveSince,
  category: c.category,
})

export const BotStatusRef = builder.objectRef<BotStatusShape>('BotStatus').implement({
  extensions: guardedByParent,
  description: "The bot's status in a channel as the worker last reported it.",
  fields: (t) => ({
    state: t.field({ type: BotStateEnum, description: 'What the bot is doing.', resolve: (s) => s.state }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why the bot stopped or failed, in English words.' }),
    code: t.exposeString('code', {
      nullable: true,
      description: `Why, as a code to say in the UI language with \`args\` (${statusReasonCodes.join(', ')}); null: show \`reason\` as it is.`,
    }),
    args: t.field({ type: 'JSON', nullable: true, description: 'The arguments of `code` (e.g. { reason, seconds } for RETRYING).', resolve: (s) => s.args }),
    since: t.field({ type: 'DateTime', description: 'When it entered this state.', resolve: (s) => (s.since instanceof Date ? s.since : new Date(s.since)) }),
    live: t.exposeBoolean('live', { description: 'Whether the stream is live.' }),
    liveSince: t.field({ type: 'DateTime', nullable: true, description: 'When the stream went live; null while offline.', resolve: (s) => s.liveSince }),
    category: t.exposeString('category', { nullable: true, description: "The stream's category (game)." }),
  }),
})

const BotPanelRef = builder.objectRef<ChannelRow>('BotPanel').implement({
  extensions: guardedByParent,
  description: 'The Bot-Panel of a channel (spec Botpanel: Active, Autostart, Chatbot, CategoryChatbot).',
  fields: (t) => ({
    active: t.exposeBoolean('active', { description: 'The bot runs now.' }),
    autostart: t.exposeBoolean('autostart', { description: 'The bot switches itself on when the stream goes live.' }),
    chatBot: t.exposeBoolean('chatBot', { description: 'The chat bot (commands) is on.' }),
    categoryChatBot: t.exposeBoolean('categoryChatBot', {
      description: 'Commands with a category answer only while the stream is in that category.',
    }),
  }),
})

const BotModulesRef = builder.objectRef<ChannelRow>('BotModules').implement({
  extensions: guardedByParent,
  description: 'One switch per module (/pages/enable); chatBot and categoryChatBot are the Bot-Panel switches.',
  fields: (t) => ({
    chatBot: t.exposeBoolean('chatBot', { description: 'Commands are answered.' }),
    categoryChatBot: t.exposeBoolean('categoryChatBot', { description: 'Commands with a category answer only in that category.' }),
    conversationBot: t.exposeBoolean('conversationBot', { description: 'The conversation bot is on.' }),
    timers: t.exposeBoolean('timers', { description: 'Timers post while live.' }),
    raidAnnouncements: t.exposeBoolean('raidAnnouncements', { description: 'Incoming raids are announced in chat.' }),
  }),
})

const ChannelAccountRef = builder.objectRef<ChannelAccountRow>('ChannelAccount').implement({
  extensions: guardedByParent,
  description: 'A platform account connected to a channel (its tokens are never exposed).',
  fields: (t) => ({
    platformUserId: t.exposeString('platformUserId', { description: 'The account’s user id on the platform, e.g. `"141981764"` on Twitch.' }),
    login: t.exposeString('login', { description: 'The account’s login name on the platform.' }),
    scopes: t.exposeStringList('scopes', { description: 'The OAuth scopes the platform granted, e.g. `chat:read`.' }),
    tokenExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the access token runs out (the server refreshes it before); null: the platform gave no expiry.',
      resolve: (a) => a.expiresAt,
    }),
  }),
})

export const ChannelRef = builder.objectRef<ChannelRow>('Channel')

const PlanLimitsRef = builder.objectRef<PlanLimits>('BotLimits').implement({
  extensions: guardedByParent,
  description: "Limits of the user's plan; null means unlimited. Commands and timers count per channel.",
  fields: (t) => ({
    plan: t.exposeString('plan', { nullable: true, description: 'null: no plan, the Starter limits apply.' }),
    channels: t.exposeInt('channels', { nullable: true, description: 'Channels the user may connect.' }),
    commands: t.exposeInt('commands', { nullable: true, description: 'Custom commands per channel.' }),
    timers: t.exposeInt('timers', { nullable: true, description: 'Timers per channel.' }),
    teamMembers: t.exposeInt('teamMembers', { nullable: true, description: 'Team members per channel, open invitations included.' }),
  }),
})

const ConnectionStartRef = builder.objectRef<{ authorizeUrl: string; expiresAt: Date; scopes: string[] }>('ChannelConnectionStart').implement({
  extensions: guardedByParent,
  description: 'A started connection: where to send the browser.',
  fields: (t) => ({
    authorizeUrl: t.exposeString('authorizeUrl', { description: "Send the browser here (the platform's consent page)." }),
    expiresAt: t.field({ type: 'DateTime', description: 'The consent must be finished by then.', resolve: (s) => s.expiresAt }),
    scopes: t.exposeStringList('scopes', { description: 'What the platform will be asked for.' }),
  }),
})

const PendingConnectionRef = builder.objectRef<PendingConnectionRow>('PendingChannelConnection').implement({
  extensions: guardedByParent,
  description: 'A finished consent at the platform, held until the user confirms the account it names; nothing is linked before confirmChannelConnection.',
  fields: (t) => ({
    id: t.id({ description: 'The pending connection id (the `confirm` of the panel address).', resolve: (p) => String(p.id) }),
    platform: t.field({ type: PlatformEnum, description: 'The platform.', resolve: (p) => p.platform }),
    platformUserId: t.exposeString('platformUserId', { description: 'The account’s user id on the platform.' }),
    login: t.exposeString('login', { description: 'The platform account that consented.' }),
    displayName: t.exposeString('displayName', { description: 'The account’s display name.' }),
    botForChannelId: t.id({
      nullable: true,
      description: 'Set when the account is to become this channel’s bot account.',
      resolve: (p) => (p.channelId === null ? null : String(p.channelId)),
    }),
    scopes: t.exposeStringList('scopes', { description: 'What the platform granted.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'Confirm before then; after it the pending connection is dropped.', resolve: (p) => p.expiresAt }),
  }),
})

ChannelRef.implement({
  extensions: guardedByParent,
  description: 'A connected Twitch or Kick channel and its assistant.',
  fields: (t) => ({
    id: t.id({ description: 'The channel id in this product (a decimal number as a string; not the platform’s id).', resolve: (c) => String(c.id) }),
    platform: t.field({ type: PlatformEnum, description: 'Its platform.', resolve: (c) => c.platform }),
    platformUserId: t.exposeString('platformUserId', { description: 'The broadcaster’s user id on the platform.' }),
    login: t.exposeString('login', { description: 'The channel’s login name, e.g. `mychannel`.' }),
    displayName: t.exposeString('displayName', { description: 'The channel’s display name, e.g. `MyChannel`.' }),
    connectedAt: t.field({ type: 'DateTime', description: 'When it was connected.', resolve: (c) => c.connectedAt }),
    panel: t.field({ type: BotPanelRef, description: 'The Bot-Panel switches.', resolve: (c) => c }),
    modules: t.field({ type: BotModulesRef, description: 'The module switches.', resolve: (c) => c }),
    status: t.field({ type: BotStatusRef, description: 'The bot’s status.', resolve: statusOf }),
    account: t.field({
      type: ChannelAccountRef,
      nullable: true,
      description: 'The connected broadcaster account.',
      resolve: (c, _a, ctx) => ctx.services.channels.account(c.id, 'broadcaster'),
    }),
    botAccount: t.field({
      type: ChannelAccountRef,
      nullable: true,
      description: 'The account the bot speaks as, when one is connected (else it speaks as the broadcaster).',
      resolve: (c, _a, ctx) => ctx.services.channels.account(c.id, 'bot'),
    }),
  }),
})

const BotPanelInput = builder.inputType('BotPanelInput', {
  description: 'Only the given switches change.',
  fields: (t) => ({
    active: t.boolean({ description: 'Switch the bot on (true) or off (false) now.' }),
    autostart: t.boolean({ description: 'Start the bot when the stream goes live.' }),
    chatBot: t.boolean({ description: 'Answer commands.' }),
    categoryChatBot: t.boolean({ description: 'Commands with a category answer only in that category.' }),
  }),
})

builder.queryFields((t) => ({
  // The assistant (channels, panel, commands, timers, chat). Signed in; the services check
  // that the channel belongs to the caller (another user's channel is NOT_FOUND).
  channels: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: [ChannelRef],
    description:
      "The signed-in user's connected channels, then the channels they help with on a team (see `myAccess`; what a member may read of each is their group's, graphql/channel-fields.ts).",
    resolve: async (_r, _a, ctx) => [
      ...(await ctx.services.channels.listForUser(ctx.principal.userId)),
      ...(await ctx.services.channels.memberOf(ctx.principal.userId)),
    ],
  }),
  channel: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: ChannelRef,
    description: 'One channel of the caller, or one they help with on a team.',
    args: { id: t.arg.id({ required: true, description: 'The channel id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.channels.reachable(ctx.principal.userId, String(id)),
  }),
  pendingChannelConnection: t.withAuth({ signedIn: true }).field({
    type: PendingConnectionRef,
    description: 'The platform account a finished consent names (the panel opens with ?confirm=<id>), to confirm or cancel.',
    args: { id: t.arg.id({ required: true, description: 'The pending connection id (`?confirm=<id>`).' }) },
    resolve: (_r, { id }, ctx) => ctx.services.channels.pendingConnection(ctx.principal.userId, String(id)),
  }),
  botLimits: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: PlanLimitsRef,
    description: 'The limits of the caller’s plan.',
    resolve: (_r, _a, ctx) => ctx.services.channels.limits(ctx.principal.userId),
  }),
}))

builder.mutationFields((t) => ({
  startChannelConnection: t.withAuth({ signedIn: true }).field({
    type: ConnectionStartRef,
    description:
      "Starts the platform's OAuth flow and sets an HttpOnly cookie that binds it to this browser. The browser returns to /apps/oauth/<platform>/callback, which redirects to the panel with ?confirm=<id> (see pendingChannelConnection) or ?error=<code>. With botForChannelId, the account that consents becomes that channel's bot account.",
    args: {
      platform: t.arg({ type: PlatformEnum, required: true, description: 'The platform to connect.' }),
      botForChannelId: t.arg.id({ description: 'One of your channels: the consenting account becomes its bot account; omitted: connect a channel.' }),
    },
    resolve: async (_r, { platform, botForChannelId }, ctx) => {
      const started = await ctx.services.channels.startConnection(
        ctx.principal.userId,
        platform,
        botForChannelId === null || botForChannelId === undefined ? null : String(botForChannelId),
      )
      // Binds the round trip to this browser: the callback refuses one without this cookie.
      ctx.setCookie?.(ctx.services.channels.bindingCookie(platform, started.binding))
      return started
    },
  }),
  confirmChannelConnection: t.withAuth({ signedIn: true }).field({
    type: ChannelRef,
    description: 'Links the account a finished consent names (see pendingChannelConnection): as a channel, or as a channel’s bot account.',
    args: { id: t.arg.id({ required: true, description: 'The pending connection id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.channels.confirmConnection(ctx.principal.userId, String(id)),
  }),
  cancelChannelConnection: t.withAuth({ signedIn: true }).boolean({
    description: 'Declines the account a finished consent names: its token is revoked at the platform and nothing is linked.',
    args: { id: t.arg.id({ required: true, description: 'The pending connection id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.channels.cancelConnection(ctx.principal.userId, String(id)),
  }),
  disconnectChannel: t.withAuth({ signedIn: true }).boolean({
    description: "Revokes the channel's tokens at the platform and removes it with its commands, timers and chat history.",
    args: { channelId: t.arg.id({ required: true, description: 'One of your channels.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.channels.disconnect(ctx.principal.userId, String(channelId)),
  }),
  updateBotPanel: t.withAuth({ signedIn: true, token: 'channel:write' }).field({
    type: ChannelRef,
    description: 'Changes Bot-Panel switches of a channel; the running bot follows within seconds.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: BotPanelInput, required: true, description: 'The switches to change.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.channels.updatePanel(ctx.principal.userId, String(channelId), input),
  }),
  setBotModule: t.withAuth({ signedIn: true, token: 'channel:write' }).field({
    type: ChannelRef,
    description: 'One switch of /pages/enable, saved at once; the running bot follows within seconds.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      module: t.arg({ type: BotModuleEnum, required: true, description: 'The switch.' }),
      enabled: t.arg.boolean({ required: true, description: 'On (true) or off (false).' }),
    },
    resolve: (_r, { channelId, module, enabled }, ctx) => ctx.services.channels.setModule(ctx.principal.userId, String(channelId), module, enabled),
  }),
}))
