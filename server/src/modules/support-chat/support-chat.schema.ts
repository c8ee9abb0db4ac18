import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { AppError } from '../../errors'
import type { SupportChatEvent } from '../../realtime/pubsub'
import type { ChatMessageShape, ChatShape, ContactShape, ProfileUserShape } from './support-chat.service'
import type { chatStatuses } from './support-chat.tables'

const SupportChatStatusEnum = builder.enumType('SupportChatStatus', {
  description: "A user's chosen status; contacts see offline while the user is not connected.",
  values: {
    online: { description: 'Available.' },
    offline: { description: 'Not available (also shown while the user is not connected).' },
    busy: { description: 'Do not disturb.' },
    away: { description: 'Away for a while.' },
  } satisfies Record<(typeof chatStatuses)[number], { description: string }>,
})

const SupportChatMessageRef = builder.objectRef<ChatMessageShape>('SupportChatMessage').implement({
  extensions: guardedByParent,
  description: 'A support-chat message.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'The text (plain, 1 to 2000 characters).' }),
    time: t.field({ type: 'DateTime', description: 'When it was sent.', resolve: (m) => new Date(m.time) }),
    senderId: t.id({ description: 'The user who wrote it.', resolve: (m) => String(m.senderId) }),
  }),
})

const SupportChatContactRef = builder.objectRef<ContactShape>('SupportChatContact').implement({
  extensions: guardedByParent,
  description: 'A user in your scope you can chat with (a client: their reseller and the admins; a reseller: their clients and the admins; admins: everyone).',
  fields: (t) => ({
    id: t.id({ description: 'The contact’s user id.', resolve: (c) => String(c.id) }),
    fullName: t.exposeString('fullName', { description: 'Their name.' }),
    role: t.exposeString('role', { description: 'admin, client or reseller.' }),
    about: t.exposeString('about', { description: 'Their about text (may be empty).' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
    status: t.field({ type: SupportChatStatusEnum, description: 'Their status (offline while not connected).', resolve: (c) => c.status }),
  }),
})

const SupportChatSettingsRef = builder.objectRef<ProfileUserShape['settings']>('SupportChatSettings').implement({
  extensions: guardedByParent,
  description: 'Your support-chat settings.',
  fields: (t) => ({
    isTwoStepAuthVerificationEnabled: t.exposeBoolean('isTwoStepAuthVerificationEnabled', {
      description: "Whether the account's two-step verification is on (account settings); read only.",
    }),
    isNotificationsOn: t.exposeBoolean('isNotificationsOn', { description: 'Show a notification on a new message.' }),
  }),
})

const SupportChatProfileRef = builder.objectRef<ProfileUserShape>('SupportChatProfile').implement({
  extensions: guardedByParent,
  description: 'Your own support-chat profile.',
  fields: (t) => ({
    id: t.id({ description: 'Your user id.', resolve: (p) => String(p.id) }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
    fullName: t.exposeString('fullName', { description: 'Your name.' }),
    role: t.exposeString('role', { description: 'admin, client or reseller.' }),
    about: t.exposeString('about', { description: 'Your about text (may be empty).' }),
    status: t.field({ type: SupportChatStatusEnum, description: 'The status you chose.', resolve: (p) => p.status }),
    settings: t.field({ type: SupportChatSettingsRef, description: 'Your settings.', resolve: (p) => p.settings }),
  }),
})

const SupportChatRef = builder.objectRef<ChatShape>('SupportChat').implement({
  extensions: guardedByParent,
  description: 'A chat between you and one contact.',
  fields: (t) => ({
    id: t.id({ description: 'The chat id.', resolve: (c) => String(c.id) }),
    userId: t.id({ description: 'The contact.', resolve: (c) => String(c.userId) }),
    unseenMsgs: t.exposeInt('unseenMsgs', { description: 'Messages from the contact you have not read.' }),
    messages: t.field({ type: [SupportChatMessageRef], description: 'The newest 200, oldest first.', resolve: (c) => c.messages }),
  }),
})

interface Summary {
  contact: ContactShape
  chatId: number
  unseenMsgs: number
  lastMessage: ChatMessageShape | null
}

const SupportChatSummaryRef = builder.objectRef<Summary>('SupportChatSummary').implement({
  extensions: guardedByParent,
  description: 'One of your chats in the chat list.',
  fields: (t) => ({
    contact: t.field({ type: SupportChatContactRef, description: 'The other user.', resolve: (s) => s.contact }),
    chatId: t.id({ description: 'The chat id.', resolve: (s) => String(s.chatId) }),
    unseenMsgs: t.exposeInt('unseenMsgs', { description: 'Messages from the contact you have not read.' }),
    lastMessage: t.field({ type: SupportChatMessageRef, nullable: true, description: 'The newest message; null: none yet.', resolve: (s) => s.lastMessage }),
  }),
})

const SupportChatThreadRef = builder.objectRef<{ chat: ChatShape | null; contact: ContactShape }>('SupportChatThread').implement({
  extensions: guardedByParent,
  description: 'Your thread with one contact.',
  fields: (t) => ({
    contact: t.field({ type: SupportChatContactRef, description: 'The contact.', resolve: (s) => s.contact }),
    chat: t.field({ type: SupportChatRef, nullable: true, description: 'Null until a first message is written.', resolve: (s) => s.chat }),
  }),
})

const SupportChatEventKind = builder.enumType('SupportChatEventKind', {
  description: 'What a support-chat event is about.',
  values: {
    message: { description: 'A new message (see `chatId` and `message`).' },
    presence: { description: 'A contact’s status changed (see `status`).' },
  } as const,
})

const SupportChatEventRef = builder.objectRef<SupportChatEvent>('SupportChatEvent').implement({
  extensions: guardedByParent,
  description: 'A new message in one of your chats (sent or received), or a contact whose presence changed.',
  fields: (t) => ({
    kind: t.field({ type: SupportChatEventKind, description: 'What happened.', resolve: (e) => e.kind }),
    contactId: t.id({ description: 'The other user of the chat, or the user whose presence changed.', resolve: (e) => String(e.contactId) }),
    chatId: t.id({ nullable: true, description: 'message: the chat; null for presence.', resolve: (e) => (e.kind === 'message' ? String(e.chatId) : null) }),
    message: t.field({
      type: SupportChatMessageRef,
      nullable: true,
      description: 'message: the new message; null for presence.',
      resolve: (e) => (e.kind === 'message' ? { message: e.message, time: e.time, senderId: e.senderId } : null),
    }),
    status: t.field({
      type: SupportChatStatusEnum,
      nullable: true,
      description: 'presence: the new status; null for message.',
      resolve: (e) => (e.kind === 'presence' ? e.status : null),
    }),
  }),
})

const SupportChatProfileInput = builder.inputType('SupportChatProfileInput', {
  description: 'Profile fields to change; an omitted one stays.',
  fields: (t) => ({
    about: t.string({ description: 'Up to 500 characters.' }),
    status: t.field({ type: SupportChatStatusEnum, description: 'Your status.' }),
    isNotificationsOn: t.boolean({ description: 'Notify on new messages.' }),
  }),
})

builder.queryFields((t) => ({
  // Support chat and tasks: signed in; the services scope (contacts: a client's reseller and
  // the admins, a reseller's clients and the admins, admins everyone; tasks written by or
  // assigned to the caller). Anyone else's thread or task reads as null / NOT_FOUND.
  supportChatProfile: t.withAuth({ signedIn: true }).field({
    type: SupportChatProfileRef,
    description: 'Your own support-chat profile (status as you chose it).',
    resolve: (_r, _a, ctx) => ctx.services.supportChat.profile(ctx.principal),
  }),
  supportChatContacts: t.withAuth({ signedIn: true }).field({
    type: [SupportChatContactRef],
    description: 'The users you can chat with, by name (the first 100), searched on name and username.',
    args: { q: t.arg.string({ description: 'Part of a name or username (at most 100 characters).' }) },
    resolve: (_r, { q }, ctx) => ctx.services.supportChat.contacts(ctx.principal, q),
  }),
  supportChats: t.withAuth({ signedIn: true }).field({
    type: [SupportChatSummaryRef],
    description: 'Your chats, latest message first, with unseen counts.',
    resolve: async (_r, _a, ctx) =>
      (await ctx.services.supportChat.chatsContacts(ctx.principal)).map(({ chat, ...contact }) => ({
        contact,
        chatId: chat.id,
        unseenMsgs: chat.unseenMsgs,
        lastMessage: chat.lastMessage,
      })),
  }),
  supportChat: t.withAuth({ signedIn: true }).field({
    type: SupportChatThreadRef,
    nullable: true,
    description: 'The thread with a contact (null when the id is not one of your contacts). Reading does not mark it read: markSupportChatRead does.',
    args: { contactId: t.arg.id({ required: true, description: 'The contact’s user id.' }) },
    resolve: (_r, { contactId }, ctx) => ctx.services.supportChat.chat(ctx.principal, contactId),
  }),
}))

builder.mutationFields((t) => ({
  sendSupportChatMessage: t.withAuth({ signedIn: true }).field({
    type: SupportChatMessageRef,
    description: 'Sends to a contact (NOT_FOUND for anyone else). senderId, when given, must be you (FORBIDDEN otherwise).',
    args: {
      contactId: t.arg.id({ required: true, description: 'The contact’s user id.' }),
      message: t.arg.string({ required: true, description: 'The text, 1 to 2000 characters.' }),
      senderId: t.arg.id({ description: 'Optional: your own user id (any other answers FORBIDDEN).' }),
    },
    resolve: async (_r, { contactId, message, senderId }, ctx) => {
      const sent = await ctx.services.supportChat.send(ctx.principal, contactId, { message, senderId })
      if (!sent) throw new AppError('NOT_FOUND', 'No such contact')
      return sent.newMessageData
    },
  }),
  markSupportChatRead: t.withAuth({ signedIn: true }).boolean({
    description: 'Clears the unseen count of the thread with a contact.',
    args: { contactId: t.arg.id({ required: true, description: 'The contact’s user id.' }) },
    resolve: async (_r, { contactId }, ctx) => {
      if (!(await ctx.services.supportChat.markRead(ctx.principal, contactId))) throw new AppError('NOT_FOUND', 'No such contact')
      return true
    },
  }),
  updateSupportChatProfile: t.withAuth({ signedIn: true }).field({
    type: SupportChatProfileRef,
    description: 'Your about text, status and settings.',
    args: { input: t.arg({ type: SupportChatProfileInput, required: true, description: 'The fields to change.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.supportChat.updateProfile(ctx.principal, input),
  }),
}))

builder.subscriptionFields((t) => ({
  supportChatEvents: t.withAuth({ signedIn: true }).field({
    type: SupportChatEventRef,
    description: "Your new support-chat messages and your contacts' presence (over SSE). While subscribed you count as connected.",
    subscribe: (_r, _a, ctx) => ctx.services.supportChat.events(ctx.principal),
    resolve: (e) => e,
  }),
}))
