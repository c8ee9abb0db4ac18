import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import { commandAvailabilities, commandPermissions, type ChatCommandRow, type ChatCounterRow, type ChatTimerRow } from './commands.tables'

const CommandPermissionEnum = builder.enumType('CommandPermission', {
  description: 'Who may use a command: everyone, or subscribers and up, VIPs and up, moderators and up, the broadcaster only.',
  values: commandPermissions,
})

const CommandAvailabilityEnum = builder.enumType('CommandAvailability', {
  description: 'When a command answers: always, only while the stream is live (online), only while it is offline.',
  values: commandAvailabilities,
})

const ChatCounterRef = builder.objectRef<ChatCounterRow>('ChatCounter').implement({
  description: 'A named counter of a channel: ${counter name} in a reply; `!name +1` by a moderator when the reply shows it.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    name: t.exposeString('name'),
    value: t.exposeInt('value'),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
})

const ChatCommandRef = builder.objectRef<ChatCommandRow>('ChatCommand').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    channelId: t.id({ resolve: (c) => String(c.channelId) }),
    trigger: t.exposeString('trigger', { description: 'e.g. !discord (lower case).' }),
    response: t.exposeString('response', {
      description:
        'Up to 500 characters; variables ${user} ${touser} ${1} ${1:} ${1|default} ${count} ${counter name} ${uptime} ${channel} ${game} ${title} ${viewers} ${followage} ${time Europe/Berlin} ${random a|b|c}.',
    }),
    aliases: t.exposeStringList('aliases', { description: 'Further triggers of the same command, e.g. !dc for !discord.' }),
    availability: t.field({ type: CommandAvailabilityEnum, resolve: (c) => c.availability }),
    allowedUsers: t.exposeStringList('allowedUsers', { description: 'Viewer logins who may use it whatever their level.' }),
    deniedUsers: t.exposeStringList('deniedUsers', { description: 'Viewer logins who may never use it.' }),
    cooldownSeconds: t.exposeInt('cooldownSeconds', { description: 'Between two uses by anyone.' }),
    userCooldownSeconds: t.exposeInt('userCooldownSeconds', { description: 'Between two uses by the same viewer.' }),
    permission: t.field({ type: CommandPermissionEnum, resolve: (c) => c.permission }),
    enabled: t.exposeBoolean('enabled'),
    category: t.exposeString('category', {
      nullable: true,
      description: 'With CategoryChatbot on, the command answers only while the stream is in this category.',
    }),
    useCount: t.exposeInt('useCount'),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
})

const ChatTimerRef = builder.objectRef<ChatTimerRow>('ChatTimer').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    channelId: t.id({ resolve: (c) => String(c.channelId) }),
    name: t.exposeString('name'),
    message: t.exposeString('message', { description: 'Up to 500 characters; variables ${uptime} ${random a|b|c}.' }),
    intervalMinutes: t.exposeInt('intervalMinutes', { description: 'At least 5.' }),
    minLines: t.exposeInt('minLines', { description: 'Chat lines that must pass between two runs.' }),
    enabled: t.exposeBoolean('enabled'),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
})

const commandFields = (required: boolean) =>
  builder.inputType(required ? 'ChatCommandInput' : 'ChatCommandPatch', {
    description: required ? 'A new command.' : 'Only the given fields change; category null clears it.',
    fields: (t) => ({
      trigger: t.string({ required }),
      response: t.string({ required }),
      cooldownSeconds: t.int(),
      userCooldownSeconds: t.int(),
      permission: t.field({ type: CommandPermissionEnum }),
      enabled: t.boolean(),
      category: t.string(),
      aliases: t.stringList(),
      availability: t.field({ type: CommandAvailabilityEnum }),
      allowedUsers: t.stringList(),
      deniedUsers: t.stringList(),
    }),
  })
const ChatCommandInput = commandFields(true)
const ChatCommandPatch = commandFields(false)

const timerFields = (required: boolean) =>
  builder.inputType(required ? 'ChatTimerInput' : 'ChatTimerPatch', {
    fields: (t) => ({
      name: t.string({ required }),
      message: t.string({ required }),
      intervalMinutes: t.int({ required }),
      minLines: t.int(),
      enabled: t.boolean(),
    }),
  })
const ChatTimerInput = timerFields(true)
const ChatTimerPatch = timerFields(false)

builder.objectFields(ChannelRef, (t) => ({
  commands: t.field({ authScopes: { token: 'commands:read' }, type: [ChatCommandRef], resolve: (c, _a, ctx) => ctx.services.commands.listCommands(c.id) }),
  timers: t.field({ authScopes: { token: 'commands:read' }, type: [ChatTimerRef], resolve: (c, _a, ctx) => ctx.services.commands.listTimers(c.id) }),
  counters: t.field({ authScopes: { token: 'commands:read' }, type: [ChatCounterRef], resolve: (c, _a, ctx) => ctx.services.commands.counters.list(c.id) }),
}))

builder.mutationFields((t) => ({
  // The assistant (channels, panel, commands, timers, chat). Signed in; the services check
  // that the channel belongs to the caller (another user's channel is NOT_FOUND).
  createChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCommandRef,
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: ChatCommandInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.commands.createCommand(ctx.principal.userId, String(channelId), input),
  }),
  updateChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCommandRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ChatCommandPatch, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.commands.updateCommand(ctx.principal.userId, String(id), input),
  }),
  deleteChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.deleteCommand(ctx.principal.userId, String(id)),
  }),
  createChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatTimerRef,
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: ChatTimerInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.commands.createTimer(ctx.principal.userId, String(channelId), input),
  }),
  updateChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatTimerRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ChatTimerPatch, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.commands.updateTimer(ctx.principal.userId, String(id), input),
  }),
  deleteChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.deleteTimer(ctx.principal.userId, String(id)),
  }),
  setChatCounter: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCounterRef,
    description: 'Sets a counter of one of your channels (created when new).',
    args: { channelId: t.arg.id({ required: true }), name: t.arg.string({ required: true }), value: t.arg.int({ required: true }) },
    resolve: (_r, { channelId, name, value }, ctx) => ctx.services.commands.counters.setCounter(ctx.principal.userId, String(channelId), name, value),
  }),
  deleteChatCounter: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.counters.deleteCounter(ctx.principal.userId, String(id)),
  }),
}))
