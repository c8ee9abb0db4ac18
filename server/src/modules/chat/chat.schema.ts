import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { PlatformResult } from '../../platforms/types'
import type { BotStatusEvent, ChatMessageEvent, ChatSender } from '../../realtime/pubsub'
import { BotStatusRef, ChannelRef, type BotStatusShape } from '../channels/channels.schema'
import type { moderationActions } from './chat.service'

// Reached only through a ChatMessage, which only those who may see the channel's chatboard
// (its owner, members with view on moderation) reach: Channel.recentMessages and chatMessages.
const ChatSenderRef = builder.objectRef<ChatSender>('ChatSender').implement({
  extensions: guardedByParent,
  description: 'The dashboard account (the channel owner or a team member) that sent a chatboard line.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The account’s id.' }),
    username: t.exposeString('username', { description: 'The account’s username, as the team list shows it.' }),
  }),
})

const ChatMessageRef = builder.objectRef<ChatMessageEvent>('ChatMessage').implement({
  extensions: guardedByParent,
  description: 'A chat line as the bot received it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The line’s id in this product.' }),
    channelId: t.exposeID('channelId', { description: 'The channel it was said in.' }),
    platformMessageId: t.exposeString('platformMessageId', { description: 'For moderateChat(action: delete).' }),
    userId: t.exposeString('userId', { description: "The viewer's platform id, for timeouts and bans." }),
    userLogin: t.exposeString('userLogin', { description: 'The viewer’s login name (lower case).' }),
    userName: t.exposeString('userName', { description: 'The viewer’s display name.' }),
    text: t.exposeString('text', { description: 'The line as written (user content: escape it when shown).' }),
    roles: t.exposeStringList('roles', { description: 'broadcaster, moderator, vip, subscriber.' }),
    fromBot: t.exposeBoolean('fromBot', { description: 'Sent by the bot account.' }),
    removed: t.boolean({ description: 'Removed by moderation (published again with true when it happens).', resolve: (m) => m.removed ?? false }),
    at: t.field({ type: 'DateTime', description: 'When the bot received it.', resolve: (m) => new Date(m.at) }),
    sentBy: t.field({
      type: ChatSenderRef,
      nullable: true,
      description: 'Who sent it from the chatboard (as the bot, or as the broadcaster without a bot account); null for any other line.',
      resolve: (m) => m.sentBy ?? null,
    }),
  }),
})

const PlatformResultRef = builder.objectRef<PlatformResult>('PlatformResult').implement({
  extensions: guardedByParent,
  description: "The platform's own answer to an action (shown to the user as it came).",
  fields: (t) => ({
    ok: t.exposeBoolean('ok', { description: 'Whether the platform accepted it.' }),
    status: t.exposeInt('status', { description: 'HTTP status the platform answered (0: unreachable).' }),
    message: t.exposeString('message', { description: 'The platform’s message, or ours when it was unreachable.' }),
    id: t.exposeString('id', { nullable: true, description: 'The sent message id, when the platform gave one.' }),
  }),
})

const ModerationActionEnum = builder.enumType('ModerationAction', {
  description: 'What moderateChat does.',
  values: {
    delete: { description: 'Removes one message (needs messageId).' },
    timeout: { description: 'Keeps a viewer from chatting for durationSeconds (needs userId).' },
    ban: { description: 'Bans a viewer from the chat (needs userId).' },
  } satisfies Record<(typeof moderationActions)[number], { description: string }>,
})

const ModerationInput = builder.inputType('ModerationInput', {
  description: 'delete needs messageId (ChatMessage.platformMessageId); timeout and ban need userId; timeout lasts durationSeconds (default 600).',
  fields: (t) => ({
    action: t.field({ type: ModerationActionEnum, required: true, description: 'What to do.' }),
    messageId: t.string({ description: 'For delete: ChatMessage.platformMessageId.' }),
    userId: t.string({ description: 'For timeout and ban: ChatMessage.userId (the platform’s id).' }),
    durationSeconds: t.int({ description: 'For timeout: 1 second to 2 weeks (default 600).' }),
    reason: t.string({ description: 'Shown to the viewer where the platform does; the first 500 characters.' }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  recentMessages: t.field({
    authScopes: { token: 'chat:read' },
    type: [ChatMessageRef],
    description: 'The latest chat lines, oldest first (the server keeps the last CHAT_HISTORY_SIZE).',
    args: { first: t.arg.int({ defaultValue: 50, description: 'How many of the latest lines: 1 to CHAT_HISTORY_SIZE.' }) },
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
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      message: t.arg.string({ required: true, description: 'Up to 500 characters.' }),
    },
    resolve: (_r, { channelId, message }, ctx) => ctx.services.chat.send(ctx.principal.userId, String(channelId), message),
  }),
  moderateChat: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: PlatformResultRef,
    description: "Delete a message, time out or ban a viewer through the platform's moderation API.",
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      input: t.arg({ type: ModerationInput, required: true, description: 'The action and whom or what it is for.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.chat.moderate(ctx.principal.userId, String(channelId), input, ctx.user?.username ?? 'dashboard'),
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
    args: { channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }) },
    subscribe: async (_r, { channelId }, ctx) => {
      const channel = await ctx.services.channels.access(ctx.principal.userId, String(channelId), 'moderation', 'view')
      return ctx.services.pubsub.subscribe('chatMessage', String(channel.id))
    },
    resolve: (m) => m,
  }),
  botStatus: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: BotStatusRef,
    description: "The bot's status in a channel, whenever it changes.",
    args: { channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }) },
    subscribe: async (_r, { channelId }, ctx) => {
      const channel = await ctx.services.channels.reachable(ctx.principal.userId, String(channelId))
      return ctx.services.pubsub.subscribe('botStatus', String(channel.id))
    },
    resolve: (e) => toStatus(e),
  }),
}))
