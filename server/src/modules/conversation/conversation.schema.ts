import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import type { ChannelRow } from '../channels/channels.tables'
import { commandPermissions } from '../commands/commands.tables'
import { answerSources, ruleKinds, type ConversationLogRow, type ConversationRuleRow } from './conversation.tables'
import { patternProblem } from './matching'

const RuleKindEnum = builder.enumType('ConversationRuleKind', {
  description: 'keyword: one word anywhere in the message; phrase: words in sequence; regex: a regular expression (RE2, linear time).',
  values: ruleKinds,
})
const AnswerSourceEnum = builder.enumType('ConversationAnswerSource', {
  description: "rule: a rule answered; model: the model answered; fallback: the model failed and the owner's fallback line (if any) was used.",
  values: answerSources,
})
const PermissionEnum = builder.enumType('ConversationPermission', {
  description: 'Who may trigger a rule (the same levels commands use).',
  values: commandPermissions,
})

const RuleRef = builder.objectRef<ConversationRuleRow>('ConversationRule').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    channelId: t.id({ resolve: (r) => String(r.channelId) }),
    kind: t.field({ type: RuleKindEnum, resolve: (r) => r.kind }),
    pattern: t.exposeString('pattern'),
    answer: t.exposeString('answer', { description: 'Up to 500 characters; variables ${user} ${touser} ${count} ${uptime} ${random a|b|c}.' }),
    priority: t.exposeInt('priority', { description: 'Higher first.' }),
    cooldownSeconds: t.exposeInt('cooldownSeconds', { description: 'Between two answers to anyone.' }),
    userCooldownSeconds: t.exposeInt('userCooldownSeconds', { description: 'Between two answers to the same viewer.' }),
    permission: t.field({ type: PermissionEnum, resolve: (r) => r.permission }),
    enabled: t.exposeBoolean('enabled'),
    useCount: t.exposeInt('useCount'),
    problem: t.string({
      nullable: true,
      description: 'Why the bot skips this rule: its pattern was saved before the engine (RE2) refused it, e.g. a back-reference. Null when it matches.',
      resolve: (r) => patternProblem(r.kind, r.pattern)?.message ?? null,
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (r) => r.updatedAt }),
  }),
})

const LogEntryRef = builder.objectRef<ConversationLogRow>('ConversationLogEntry').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    viewerName: t.exposeString('viewerName'),
    question: t.exposeString('question'),
    answer: t.exposeString('answer', { description: 'Empty when a failed model call had no fallback line.' }),
    source: t.field({ type: AnswerSourceEnum, resolve: (r) => r.source }),
    ruleId: t.id({ nullable: true, resolve: (r) => (r.ruleId === null ? null : String(r.ruleId)) }),
    latencyMs: t.exposeInt('latencyMs'),
    error: t.exposeString('error', { nullable: true, description: 'Why the model did not answer (fallback rows).' }),
    at: t.field({ type: 'DateTime', resolve: (r) => r.at }),
  }),
})

const LogPageRef = builder.objectRef<{ total: number; items: ConversationLogRow[] }>('ConversationLogPage').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    total: t.exposeInt('total'),
    items: t.field({ type: [LogEntryRef], resolve: (p) => p.items }),
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
    modelName: t.string({ nullable: true, resolve: (_c, _a, ctx) => ctx.services.conversation.modelName }),
    botName: t.string({
      nullable: true,
      description: "The login the bot speaks as (the bot account, else the broadcaster's); a message must name it to reach the model.",
      resolve: async (c, _a, ctx) =>
        ((await ctx.services.channels.account(c.id, 'bot')) ?? (await ctx.services.channels.account(c.id, 'broadcaster')))?.login ?? null,
    }),
    modelEnabled: t.boolean({ resolve: async (c, _a, ctx) => (await ctx.services.conversation.settingsOf(c.id)).modelEnabled }),
    systemPrompt: t.string({ resolve: async (c, _a, ctx) => (await ctx.services.conversation.settingsOf(c.id)).systemPrompt }),
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
      args: { search: t.arg.string(), first: t.arg.int({ defaultValue: 20 }), offset: t.arg.int({ defaultValue: 0 }) },
      resolve: (c, args, ctx) => ctx.services.conversation.logPage(c.id, args),
    }),
  }),
})

const ruleFields = (required: boolean) =>
  builder.inputType(required ? 'ConversationRuleInput' : 'ConversationRulePatch', {
    description: required ? 'A new conversation rule.' : 'Only the given fields change.',
    fields: (t) => ({
      kind: t.field({ type: RuleKindEnum, required }),
      pattern: t.string({ required }),
      answer: t.string({ required }),
      priority: t.int(),
      cooldownSeconds: t.int(),
      userCooldownSeconds: t.int(),
      permission: t.field({ type: PermissionEnum }),
      enabled: t.boolean(),
    }),
  })
const RuleInput = ruleFields(true)
const RulePatch = ruleFields(false)

const SettingsInput = builder.inputType('ConversationSettingsInput', {
  fields: (t) => ({
    modelEnabled: t.boolean(),
    systemPrompt: t.string(),
    fallbackAnswer: t.string(),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  conversation: t.field({ type: ConversationRef, resolve: (c) => c }),
}))

builder.mutationFields((t) => ({
  // Conversation bot: the service checks the channel (or the rule's channel) is the caller's.
  createConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: RuleRef,
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: RuleInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.conversation.createRule(ctx.principal.userId, String(channelId), input),
  }),
  updateConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: RuleRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: RulePatch, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.conversation.updateRule(ctx.principal.userId, String(id), input),
  }),
  deleteConversationRule: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.conversation.deleteRule(ctx.principal.userId, String(id)),
  }),
  updateConversationSettings: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: ConversationRef,
    description: 'Model answers on or off (needs a configured endpoint), the system prompt, the fallback line.',
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: SettingsInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.conversation.updateSettings(ctx.principal.userId, String(channelId), input),
  }),
}))
