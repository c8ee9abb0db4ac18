import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import type { commandAvailabilities, commandLevels, ChatCommandRow, ChatCounterRow, ChatTimerRow } from './commands.tables'

const CommandPermissionEnum = builder.enumType('CommandPermission', {
  description:
    "Who may use a command: everyone, or subscribers and up, the channel's regulars and up (VIPs, moderators), VIPs and up, moderators and up, the broadcaster only.",
  values: {
    everyone: { description: 'Any viewer.' },
    subscriber: { description: 'Subscribers, regulars, VIPs, moderators and the broadcaster.' },
    regular: { description: "The channel's regulars (moderation's list), VIPs, moderators and the broadcaster." },
    vip: { description: 'VIPs, moderators and the broadcaster.' },
    moderator: { description: 'Moderators and the broadcaster.' },
    broadcaster: { description: 'The broadcaster only.' },
  } satisfies Record<(typeof commandLevels)[number], { description: string }>,
})

const CommandAvailabilityEnum = builder.enumType('CommandAvailability', {
  description: 'When a command answers: always, only while the stream is live (online), only while it is offline.',
  values: {
    always: { description: 'Live or not.' },
    online: { description: 'Only while the stream is live.' },
    offline: { description: 'Only while the stream is offline.' },
  } satisfies Record<(typeof commandAvailabilities)[number], { description: string }>,
})

const ChatCounterRef = builder.objectRef<ChatCounterRow>('ChatCounter').implement({
  description: 'A named counter of a channel: ${counter name} in a reply; `!name +1` by a moderator when the reply shows it.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The counter’s id (deleteChatCounter).', resolve: (c) => String(c.id) }),
    name: t.exposeString('name', { description: 'As written in a reply: ${counter <name>}.' }),
    value: t.exposeInt('value', { description: 'The current value, within ±1,000,000,000.' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the value last changed.', resolve: (c) => c.updatedAt }),
  }),
})

const ChatCommandRef = builder.objectRef<ChatCommandRow>('ChatCommand').implement({
  description: 'A chat command of a channel: the bot answers its trigger (or an alias) with the response.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The command’s id (updateChatCommand, deleteChatCommand).', resolve: (c) => String(c.id) }),
    channelId: t.id({ description: 'The channel it belongs to.', resolve: (c) => String(c.channelId) }),
    trigger: t.exposeString('trigger', { description: 'e.g. !discord (lower case).' }),
    response: t.exposeString('response', {
      description:
        'Up to 500 characters; variables ${user} ${touser} ${1} ${1:} ${1|default} ${count} ${counter name} ${uptime} ${channel} ${game} ${title} ${viewers} ${followage} ${time Europe/Berlin} ${random a|b|c}.',
    }),
    aliases: t.exposeStringList('aliases', { description: 'Further triggers of the same command, e.g. !dc for !discord.' }),
    availability: t.field({ type: CommandAvailabilityEnum, description: 'Whether it answers while live, offline or always.', resolve: (c) => c.availability }),
    allowedUsers: t.exposeStringList('allowedUsers', { description: 'Viewer logins who may use it whatever their level.' }),
    deniedUsers: t.exposeStringList('deniedUsers', { description: 'Viewer logins who may never use it.' }),
    cooldownSeconds: t.exposeInt('cooldownSeconds', { description: 'Between two uses by anyone.' }),
    userCooldownSeconds: t.exposeInt('userCooldownSeconds', { description: 'Between two uses by the same viewer.' }),
    permission: t.field({
      type: CommandPermissionEnum,
      description: 'The lowest chat role that may use it (allowedUsers and deniedUsers override it).',
      resolve: (c) => c.permission,
    }),
    enabled: t.exposeBoolean('enabled', { description: 'False: kept but never answers.' }),
    category: t.exposeString('category', {
      nullable: true,
      description: 'With CategoryChatbot on, the command answers only while the stream is in this category.',
    }),
    useCount: t.exposeInt('useCount', { description: 'How often it has answered; ${count} in the response.' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last changed.', resolve: (c) => c.updatedAt }),
  }),
})

const ChatTimerRef = builder.objectRef<ChatTimerRow>('ChatTimer').implement({
  description: 'A timed message of a channel: posted every intervalMinutes while live, once minLines chat lines have passed.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The timer’s id (updateChatTimer, deleteChatTimer).', resolve: (c) => String(c.id) }),
    channelId: t.id({ description: 'The channel it belongs to.', resolve: (c) => String(c.channelId) }),
    name: t.exposeString('name', { description: '1 to 50 characters, for the dashboard.' }),
    message: t.exposeString('message', { description: 'Up to 500 characters; variables ${uptime} ${random a|b|c}.' }),
    intervalMinutes: t.exposeInt('intervalMinutes', { description: 'Minutes between two runs: 5 to 1440.' }),
    minLines: t.exposeInt('minLines', { description: 'Chat lines that must pass between two runs (0 to 1000).' }),
    enabled: t.exposeBoolean('enabled', { description: 'False: kept but never posted.' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last changed.', resolve: (c) => c.updatedAt }),
  }),
})

const commandFields = (required: boolean) =>
  builder.inputType(required ? 'ChatCommandInput' : 'ChatCommandPatch', {
    description: required ? 'A new command.' : 'Only the given fields change; category null clears it.',
    fields: (t) => ({
      trigger: t.string({ required, description: '! and 1 to 30 letters, digits or underscores, e.g. !discord (stored lower case).' }),
      response: t.string({ required, description: 'Up to 500 characters with the variables of ChatCommand.response; an unknown variable is refused.' }),
      cooldownSeconds: t.int({ description: 'Seconds between two uses by anyone: 0 to 86400.' }),
      userCooldownSeconds: t.int({ description: 'Seconds between two uses by the same viewer: 0 to 86400.' }),
      permission: t.field({ type: CommandPermissionEnum, description: 'The lowest chat role that may use it (default everyone).' }),
      enabled: t.boolean({ description: 'False: kept but never answers.' }),
      category: t.string({ description: 'Answer only while the stream is in this category (at most 100 characters).' }),
      aliases: t.stringList({ description: 'At most 10 further triggers, e.g. !dc.' }),
      availability: t.field({ type: CommandAvailabilityEnum, description: 'Live, offline or always (default always).' }),
      allowedUsers: t.stringList({ description: 'Viewer logins who may use it whatever their role.' }),
      deniedUsers: t.stringList({ description: 'Viewer logins who may never use it.' }),
    }),
  })
const ChatCommandInput = commandFields(true)
const ChatCommandPatch = commandFields(false)

const timerFields = (required: boolean) =>
  builder.inputType(required ? 'ChatTimerInput' : 'ChatTimerPatch', {
    description: required ? 'A new timer.' : 'Only the given fields change.',
    fields: (t) => ({
      name: t.string({ required, description: '1 to 50 characters.' }),
      message: t.string({ required, description: 'Up to 500 characters; variables ${uptime} ${random a|b|c}.' }),
      intervalMinutes: t.int({ required, description: 'Minutes between two runs: 5 to 1440.' }),
      minLines: t.int({ description: 'Chat lines that must pass between two runs: 0 to 1000.' }),
      enabled: t.boolean({ description: 'False: kept but never posted.' }),
    }),
  })
const ChatTimerInput = timerFields(true)
const ChatTimerPatch = timerFields(false)

builder.objectFields(ChannelRef, (t) => ({
  commands: t.field({
    authScopes: { token: 'commands:read' },
    type: [ChatCommandRef],
    description: 'The channel’s chat commands.',
    resolve: (c, _a, ctx) => ctx.services.commands.listCommands(c.id),
  }),
  timers: t.field({
    authScopes: { token: 'commands:read' },
    type: [ChatTimerRef],
    description: 'The channel’s timed messages.',
    resolve: (c, _a, ctx) => ctx.services.commands.listTimers(c.id),
  }),
  counters: t.field({
    authScopes: { token: 'commands:read' },
    type: [ChatCounterRef],
    description: 'The channel’s named counters.',
    resolve: (c, _a, ctx) => ctx.services.commands.counters.list(c.id),
  }),
}))

builder.mutationFields((t) => ({
  // The assistant (channels, panel, commands, timers, chat). Signed in; the services check
  // that the channel belongs to the caller (another user's channel is NOT_FOUND).
  createChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCommandRef,
    description:
      'Adds a command to one of your channels. Bad fields, or a trigger the channel already has: BAD_USER_INPUT per field; over the plan’s commands per channel: PLAN_LIMIT.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      input: t.arg({ type: ChatCommandInput, required: true, description: 'The command.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.commands.createCommand(ctx.principal.userId, String(channelId), input),
  }),
  updateChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCommandRef,
    description: 'Changes a command of one of your channels; answers it as changed.',
    args: {
      id: t.arg.id({ required: true, description: 'The command (of one of your channels).' }),
      input: t.arg({ type: ChatCommandPatch, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.commands.updateCommand(ctx.principal.userId, String(id), input),
  }),
  deleteChatCommand: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    description: 'Deletes a command of one of your channels; true when it was deleted.',
    args: { id: t.arg.id({ required: true, description: 'The command.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.deleteCommand(ctx.principal.userId, String(id)),
  }),
  createChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatTimerRef,
    description: 'Adds a timed message to one of your channels.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      input: t.arg({ type: ChatTimerInput, required: true, description: 'The timer.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.commands.createTimer(ctx.principal.userId, String(channelId), input),
  }),
  updateChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatTimerRef,
    description: 'Changes a timer of one of your channels; answers it as changed.',
    args: {
      id: t.arg.id({ required: true, description: 'The timer.' }),
      input: t.arg({ type: ChatTimerPatch, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.commands.updateTimer(ctx.principal.userId, String(id), input),
  }),
  deleteChatTimer: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    description: 'Deletes a timer of one of your channels; true when it was deleted.',
    args: { id: t.arg.id({ required: true, description: 'The timer.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.deleteTimer(ctx.principal.userId, String(id)),
  }),
  setChatCounter: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ChatCounterRef,
    description: 'Sets a counter of one of your channels (created when new).',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      name: t.arg.string({ required: true, description: 'The counter’s name.' }),
      value: t.arg.int({ required: true, description: 'The new value (kept within ±1,000,000,000).' }),
    },
    resolve: (_r, { channelId, name, value }, ctx) => ctx.services.commands.counters.setCounter(ctx.principal.userId, String(channelId), name, value),
  }),
  deleteChatCounter: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    description: 'Deletes a counter of one of your channels; true when it was deleted.',
    args: { id: t.arg.id({ required: true, description: 'The counter.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.commands.counters.deleteCounter(ctx.principal.userId, String(id)),
  }),
}))
