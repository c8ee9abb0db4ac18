import { builder } from '../../graphql/builder'
import { toId } from '../../graphql/ids'
import type { Plan } from './plans.service'

const PlanLimitsRef = builder.objectRef<Plan['limits']>('PlanLimits').implement({
  description: 'What a plan allows, on real features only; null means no limit.',
  fields: (t) => ({
    channels: t.exposeInt('channels', { nullable: true, description: 'Connected channels.' }),
    commands: t.exposeInt('commands', { nullable: true, description: 'Custom chat commands.' }),
    timers: t.exposeInt('timers', { nullable: true }),
    conversationAnswersPerMonth: t.exposeInt('conversationAnswersPerMonth', { nullable: true }),
    raidsPerDay: t.exposeInt('raidsPerDay', { nullable: true, description: 'Raids per 24 h per channel.' }),
  }),
})

const PlanRef = builder.objectRef<Plan>('Plan').implement({
  description: 'A subscription plan (the plans table). Prices in the plan currency; null for Custom (on request).',
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    name: t.exposeString('name'),
    subtitle: t.exposeString('subtitle', { nullable: true }),
    currency: t.string({ description: 'ISO 4217 code of the prices (the deployment’s CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
    monthlyPrice: t.exposeFloat('monthlyPrice', { nullable: true }),
    yearlyPerMonth: t.exposeFloat('yearlyPerMonth', { nullable: true }),
    yearlyTotal: t.exposeFloat('yearlyTotal', { nullable: true }),
    benefits: t.exposeStringList('benefits'),
    additions: t.exposeStringList('additions'),
    limits: t.field({ type: PlanLimitsRef, resolve: (p) => p.limits }),
    popular: t.exposeBoolean('popular'),
    sortOrder: t.exposeInt('sortOrder'),
    img: t.exposeString('img', { nullable: true }),
  }),
})

const PricingQuestionRef = builder.objectRef<{ question: string; ans: string }>('PricingQuestion').implement({
  fields: (t) => ({ question: t.exposeString('question'), ans: t.exposeString('ans') }),
})

const PricingPlatformEnum = builder.enumType('PricingPlatform', { values: ['twitch', 'kick'] as const })

const PlanLimitsInput = builder.inputType('PlanLimitsInput', {
  fields: (t) => ({
    channels: t.int(),
    commands: t.int(),
    timers: t.int(),
    conversationAnswersPerMonth: t.int(),
    raidsPerDay: t.int(),
  }),
})

const UpdatePlanInput = builder.inputType('UpdatePlanInput', {
  description: 'Only the fields given change; a limit given as null means no limit.',
  fields: (t) => ({
    subtitle: t.string(),
    monthlyPrice: t.float(),
    yearlyPerMonth: t.float(),
    yearlyTotal: t.float(),
    benefits: t.stringList(),
    additions: t.stringList(),
    limits: t.field({ type: PlanLimitsInput }),
    popular: t.boolean(),
    img: t.string(),
  }),
})

const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))

builder.queryFields((t) => ({
  plans: t.field({
    type: [PlanRef],
    description: 'Every plan, by sort order (public: the pricing pages).',
    resolve: (_root, _args, ctx) => ctx.services.plans.list(),
  }),
  pricingQuestions: t.field({
    type: [PricingQuestionRef],
    description: 'The Q and A of a pricing page.',
    args: { platform: t.arg({ type: PricingPlatformEnum, defaultValue: 'twitch' }) },
    resolve: (_root, { platform }, ctx) => ctx.services.plans.questions(platform ?? 'twitch'),
  }),
}))

builder.mutationFields((t) => ({
  updatePlan: t.field({
    type: PlanRef,
    description: 'Admins: prices, texts and limits of a plan (audited).',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdatePlanInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      ctx.services.plans.update(ctx.principal, toId(id), {
        ...given(input),
        ...(input.limits ? { limits: given(input.limits) } : {}),
      }),
  }),
}))
