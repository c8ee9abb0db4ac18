import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { PlatformResult } from '../../platforms/types'
import type { BotStatusEvent, ChatMessageEvent } from '../../realtime/pubsub'
import { BotStatusRef, ChannelRef, type BotStatusShape } from '../channels/channels.schema'
import { moderationActions } from './chat.service'

const ChatMessageRef = builder.objectRef<ChatMessageEvent>('ChatMessage').implement({
  extensions: guardedByParent,
  description: 'A chat line as the bot received it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    channelId: t.exposeID('channelId'),
    platformMessageId: t.exposeString('platformMessageId', { description: 'For moderateChat(action: delete).' }),
    userId: t.exposeString('userId', { description: "The viewer's platform id, for timeouts and bans." }),
    userLogin: t.exposeString('userLogin'),
    userName: t.exposeString('userName'),
    text: t.exposeString('text'),
    roles: t.exposeStringList('roles', { description: 'broadcaster, moderator, vip, subscriber.' }),
    fromBot: t.exposeBoolean('fromBot', { description: 'Sent by the bot account.' }),
    removed: t.boolean({ description: 'Removed by moderation (published again with true when it happens).', resolve: (m) => m.removed ?? false }),
    at: t.field({ type: 'DateTime', resolve: (m) => new Date(m.at) }),
  }),
})

const PlatformResultRef = builder.objectRef<PlatformResult>('PlatformResult').implement({
  extensions: guardedByParent,
  description: "The platform's own answer to an action (shown to the user as it came).",
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    status: t.exposeInt('status', { description: 'HTTP status the platform answered (0: unreachable).' }),
    message: t.exposeString('message'),
    id: t.exposeString('id', { nullable: true, description: 'The sent message id, when the platform gave one.' }),
  }),
})

const ModerationActionEnum = builder.enumType('ModerationAction', { values: moderationActions })

const ModerationInput = builder.inputType('ModerationInput', {
  description: 'delete needs messageId (ChatMessage.platformMessageId); timeout and ban need userId; timeout lasts durationSeconds (default 600).',
  fields: (t) => ({
    action: t.field({ type: ModerationActionEnum, required: true }),
    messageId: t.string(),
    userId: t.string(),
    durationSeconds: t.int(),
    reason: t.string(),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  recentMessages: t.field({
    authScopes: { token: 'chat:read' },
    type: [ChatMessageRef],
    description: 'The latest chat lines, oldest first (the server keeps the last CHAT_HISTORY_SIZE).',
    args: { first: t.arg.int({ defaultValue: 50 }) },
    resolve: (c, { first }, ctx) => ctx.services.chat.recent(c.id, first ?? 50),
  }),
  messagesLastHour: t.int({
    description: 'Chat activity: lines received in the last hour.',
    resolve: (c, _a, ctx) => ctx.services.chat.countSince(c.id, new Date(Date.now() - 3600_000)),
  }),
}))

builder.mutationFields((t) => ({
  // The assistant (channels, panel, commands, timers, chat). Signed in; the services check
  // that the channel belongs to the caller (another user's channel is NOT_FOUND).
  sendChatMessage: t.withAuth({ signedIn: true, token: 'chat:write' }).field({
    type: PlatformResultRef,
    description: "Sends as the bot (within the channel's chat limit: RATE_LIMITED when it is reached).",
    args: { channelId: t.arg.id({ required: true }), message: t.arg.string({ required: true }) },
    resolve: (_r, { channelId, message }, ctx) => ctx.services.chat.send(ctx.principal.userId, String(channelId), message),
  }),
  moderateChat: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: PlatformResultRef,
    description: "Delete a message, time out or ban a viewer through the platform's moderation API.",
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: ModerationInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.chat.moderate(ctx.principal.userId, String(channelId), input),
  }),
}))

const toStatus = (e: BotStatusEvent): BotStatusShape => ({
  state: e.state,
  reason: e.reason,
  code: e.code ?? null,
  args: e.args ?? null,
  since: e.at,
  live: e.live,
  liveSince: null,
  category: e.category,
})

builder.subscriptionFields((t) => ({
  chatMessages: t.withAuth({ signedIn: true, token: 'chat:read' }).field({
    type: ChatMessageRef,
    description: "The channel's live chat as the bot receives it (over SSE: POST /graphql with Accept: text/event-stream).",
    args: { channelId: t.arg.id({ required: true }) },
    subscribe: async (_r, { channelId }, ctx) => {
      const channel = await ctx.services.channels.owned(ctx.principal.userId, String(channelId))
      return ctx.services.pubsub.subscribe('chatMessage', String(channel.id))
    },
    resolve: (m) => m,
  }),
  botStatus: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: BotStatusRef,
    description: "The bot's status in a channel, whenever it changes.",
    args: { channelId: t.arg.id({ required: true }) },
    subscribe: async (_r, { channelId }, ctx) => {
      const channel = await ctx.services.channels.owned(ctx.principal.userId, String(channelId))
      return ctx.services.pubsub.subscribe('botStatus', String(channel.id))
    },
    resolve: (e) => toStatus(e),
  }),
}))
