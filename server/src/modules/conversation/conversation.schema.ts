import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import type { ChannelRow } from '../channels/channels.tables'
import type { commandPermissions } from '../commands/commands.tables'
import type { answerSources, ruleKinds, ConversationLogRow, ConversationRuleRow } from './conversation.tables'
import { patternProblem } from './matching'

const RuleKindEnum = builder.enumType('ConversationRuleKind', {
  description: 'keyword: one word anywhere in the message; phrase: words in sequence; regex: a regular expression (RE2, linear time).',
  values: {
    keyword: { description: 'One word anywhere in the message, any case (e.g. `discord`).' },
    phrase: { description: 'Words in this order anywhere in the message (e.g. `what game`).' },
    regex: { description: 'A regular expression in RE2 syntax (no back-references), e.g. `^when (is|does) .*stream`.' },
  } satisfies Record<(typeof ruleKinds)[number], { description: string }>,
})
const AnswerSourceEnum = builder.enumType('ConversationAnswerSource', {
  description: "rule: a rule answered; model: the model answered; fallback: the model failed and the owner's fallback line (if any) was used.",
  values: {
    rule: { description: 'A rule answered.' },
    model: { description: 'The language model answered.' },
    fallback: { description: 'The model failed or was too slow: the fallback line was said (or nothing).' },
  } satisfies Record<(typeof answerSources)[number], { description: string }>,
})
const PermissionEnum = builder.enumType('ConversationPermission', {
  description: 'Who may trigger a rule (the same levels commands use).',
  values: {
    everyone: { description: 'Any viewer.' },
    subscriber: { description: 'Subscribers and above (VIPs, moderators, the broadcaster).' },
    vip: { description: 'VIPs, moderators and the broadcaster.' },
    moderator: { description: 'Moderators and the broadcaster.' },
    broadcaster: { description: 'The broadcaster only.' },
  } satisfies Record<(typeof commandPermissions)[number], { description: string }>,
})

const RuleRef = builder.objectRef<ConversationRuleRow>('ConversationRule').implement({
  extensions: guardedByParent,
  description: 'A rule of the conversation bot: when a chat message matches its pattern, the bot says its answer.',
  fields: (t) => ({
    id: t.id({ description: 'The rule id (a decimal number as a string).', resolve: (r) => String(r.id) }),
    channelId: t.id({ description: 'Its channel.', resolve: (r) => String(r.channelId) }),
    kind: t.field({ type: RuleKindEnum, description: 'How the pattern matches.', resolve: (r) => r.kind }),
    pattern: t.exposeString('pattern', { description: 'A keyword, a phrase or a regular expression, per `kind`.' }),
    answer: t.exposeString('answer', { description: 'Up to 500 characters; variables ${user} ${touser} ${count} ${uptime} ${random a|b|c}.' }),
    priority: t.exposeInt('priority', { description: 'Higher first.' }),
    cooldownSeconds: t.exposeInt('cooldownSeconds', { description: 'Between two answers to anyone.' }),
    userCooldownSeconds: t.exposeInt('userCooldownSeconds', { description: 'Between two answers to the same viewer.' }),
    permission: t.field({ type: PermissionEnum, description: 'Who may trigger it.', resolve: (r) => r.permission }),
    enabled: t.exposeBoolean('enabled', { description: 'False: the bot skips it.' }),
    useCount: t.exposeInt('useCount', { description: 'How many times it answered.' }),
    problem: t.string({
      nullable: true,
      description: 'Why the bot skips this rule: its pattern was saved before the engine (RE2) refused it, e.g. a back-reference. Null when it matches.',
      resolve: (r) => patternProblem(r.kind, r.pattern)?.message ?? null,
    }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last changed.', resolve: (r) => r.updatedAt }),
  }),
})

const LogEntryRef = builder.objectRef<ConversationLogRow>('ConversationLogEntry').implement({
  extensions: guardedByParent,
  description: 'A chat message the conversation bot answered (or tried to).',
  fields: (t) => ({
    id: t.id({ description: 'The entry id (a decimal number as a string).', resolve: (r) => String(r.id) }),
    viewerName: t.exposeString('viewerName', { description: 'The display name of the viewer who wrote.' }),
    question: t.exposeString('question', { description: 'Their message.' }),
    answer: t.exposeString('answer', { description: 'Empty when a failed model call had no fallback line.' }),
    source: t.field({ type: AnswerSourceEnum, description: 'Who answered.', resolve: (r) => r.source }),
    ruleId: t.id({
      nullable: true,
      description: 'The rule that answered (it may since have been deleted); null for model and fallback answers.',
      resolve: (r) => (r.ruleId === null ? null : String(r.ruleId)),
    }),
    latencyMs: t.exposeInt('latencyMs', { description: 'Milliseconds from the message to the answer.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the model did not answer (fallback rows).' }),
    at: t.field({ type: 'DateTime', description: 'When it was answered.', resolve: (r) => r.at }),
  }),
})

const LogPageRef = builder.objectRef<{ total: number; items: ConversationLogRow[] }>('ConversationLogPage').implement({
  extensions: guardedByParent,
  description: 'A page of the answer log.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Entries matching the search over all pages.' }),
    items: t.field({ type: [LogEntryRef], description: 'The entries of this page, newest first.', resolve: (p) => p.items }),
  }),
})

const ConversationRef = builder.objectRef<ChannelRow>('ConversationBot').implement({
  extensions: guardedByParent,
  description: 'The conversation bot of a channel (/pages/Conversation).',
  fields: (t) => ({
    enabled: t.boolean({ description: 'The channel\'s "conversation bot" module switch.', resolve: (c) => c.conversationBot }),
    modelConfigured: t.boolean({
      description: 'This deployment has a model endpoint (CONVERSATION_MODEL_URL); its key never leaves the server.',
      resolve: (_c, _a, ctx) => ctx.services.conversation.modelConfigured,
    }),
    modelName: t.string({
      nullable: true,
      description: 'The model this deployment uses (CONVERSATION_MODEL); null: none configured.',
      resolve: (_c, _a, ctx) => ctx.services.conversation.modelName,
    }),
    botName: t.string({
      nullable: true,
      description: "The login the bot speaks as (the bot account, else the broadcaster's); a message must name it to reach the model.",
      resolve: async (c, _a, ctx) =>
        ((await ctx.services.channels.account(c.id, 'bot')) ?? (await ctx.services.channels.account(c.id, 'broadcaster')))?.login ?? null,
    }),
    modelEnabled: t.boolean({
      description: 'Messages naming the bot that no rule answers go to the model.',
      resolve: async (c, _a, ctx) => (await ctx.services.conversation.settingsOf(c.id)).modelEnabled,
    }),
    systemPrompt: t.string({
      description: 'The owner’s instructions to the model (at most 2000 characters; empty: none).',
      resolve: async (c, _a, ctx) => (await ctx.services.conversation.settingsOf(c.id)).systemPrompt,
    }),
    fallbackAnswer: t.string({
      description: 'Said when the model fails or is too slow; empty: stay silent.',
      resolve: async (c, _a, ctx) => (await ctx.services.conversation.settingsOf(c.id)).fallbackAnswer,
    }),
    answersThisMonth: t.int({
      description: "Answers this calendar month (UTC) for all of the owner's channels.",
      resolve: async (c, _a, ctx) => (await ctx.services.conversation.usage(c.userId)).used,
    }),
    answersPerMonth: t.int({
      nullable: true,
      description: "The plan's conversation answers per month; null: unlimited.",
      resolve: async (c, _a, ctx) => (await ctx.services.conversation.usage(c.userId)).limit,
    }),
    rules: t.field({ type: [RuleRef], description: 'Highest priority first.', resolve: (c, _a, ctx) => ctx.services.conversation.listRules(c.id) }),
    log: t.field({
      type: LogPageRef,
      description: 'What was asked and answered, newest first; search in the question, answer and viewer name.',
      args: {
        search: t.arg.string({ description: 'Part of the question, answer or viewer name (at most 100 characters).' }),
        first: t.arg.int({ defaultValue: 20, description: 'Entries per page, 1 to 100.' }),
        offset: t.arg.int({ defaultValue: 0, description: 'Entries to skip (0 for the first page).' }),
      },
      resolve: (c, args, ctx) => ctx.services.conversation.logPage(c.id, args),
    }),
  }),
})

const ruleFields = (required: boolean) =>
  builder.inputType(required ? 'ConversationRuleInput' : 'ConversationRulePatch', {
    description: required ? 'A new conversation rule.' : 'Only the given fields change.',
    fields: (t) => ({
      kind: t.field({ type: RuleKindEnum, required, description: 'How the pattern matches.' }),
      pattern: t.string({ required, description: 'A keyword, a phrase or an RE2 regular expression (an unsafe one answers REGEX_UNSAFE).' }),
      answer: t.string({ required, description: 'Up to 500 characters; variables ${user} ${touser} ${count} ${uptime} ${random a|b|c}.' }),
      priority: t.int({ description: '-1000 to 1000, higher tried first (new rule: 0).' }),
      cooldownSeconds: t.int({ description: 'Seconds between two answers to anyone, 0 to 86400 (new rule: 30).' }),
      userCooldownSeconds: t.int({ description: 'Seconds between two answers to one viewer, 0 to 86400 (new rule: 0).' }),
      permission: t.field({ type: PermissionEnum, description: 'Who may trigger it (new rule: everyone).' }),
      enabled: t.boolean({ description: 'On or off (new rule: on).' }),
    }),
  })
const RuleInput = ruleFields(true)
const RulePatch = ruleFields(false)

const SettingsInput = builder.inputType('ConversationSettingsInput', {
  description: 'Conversation settings to change; an omitted one stays.',
  fields: (t) => ({
    modelEnabled: t.boolean({ description: 'Send unanswered messages naming the bot to the model (needs a configured endpoint).' }),
    systemPrompt: t.string({ description: 'Instructions to the model, at most 2000 characters.' }),
    fallbackAnswer: t.string({ description: 'Said when the model fails (same variables as commands); empty: stay silent.' }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  conversation: t.field({ type: ConversationRef, description: 'The channel’s conversation bot: settings, rules, log.', resolve: (c) => c }),
}))

builder.mutationFields((t) => ({
  // Conversation bot: the service checks the channel (or the rule's channel) is the caller's.
  createConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: RuleRef,
    description: 'Adds a conversation rule (at most 200 per channel).',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: RuleInput, required: true, description: 'The rule.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.conversation.createRule(ctx.principal.userId, String(channelId), input),
  }),
  updateConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: RuleRef,
    description: 'Changes a conversation rule.',
    args: {
      id: t.arg.id({ required: true, description: 'The rule id.' }),
      input: t.arg({ type: RulePatch, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.conversation.updateRule(ctx.principal.userId, String(id), input),
  }),
  deleteConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    description: 'Deletes a conversation rule (its log entries stay, without the rule).',
    args: { id: t.arg.id({ required: true, description: 'The rule id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.conversation.deleteRule(ctx.principal.userId, String(id)),
  }),
  updateConversationSettings: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ConversationRef,
    description: 'Model answers on or off (needs a configured endpoint), the system prompt, the fallback line.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: SettingsInput, required: true, description: 'The settings to change.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.conversation.updateSettings(ctx.principal.userId, String(channelId), input),
  }),
}))
