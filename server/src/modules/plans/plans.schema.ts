import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import { type HelpLocale, helpLocales } from '../help/help.tables'
import { localeFromHeader } from '../help/help.service'
import type { Plan, PricingQuestion } from './plans.service'

const PlanLocaleEnum = builder.enumType('PlanLocale', { values: helpLocales, description: 'A language of plan texts; English is the fallback.' })

/** The locale argument, else the request's Accept-Language (the client sends its UI language), else English. */
const callerLocale = (arg: HelpLocale | null | undefined, acceptLanguage: string | undefined): HelpLocale => arg ?? localeFromHeader(acceptLanguage)

const PlanLimitsRef = builder.objectRef<Plan['limits']>('PlanLimits').implement({
  extensions: guardedByParent,
  description: 'What a plan allows, on real features only; null means no limit.',
  fields: (t) => ({
    channels: t.exposeInt('channels', { nullable: true, description: 'Connected channels.' }),
    commands: t.exposeInt('commands', { nullable: true, description: 'Custom chat commands.' }),
    timers: t.exposeInt('timers', { nullable: true }),
    conversationAnswersPerMonth: t.exposeInt('conversationAnswersPerMonth', { nullable: true }),
    raidsPerDay: t.exposeInt('raidsPerDay', { nullable: true, description: 'Raids per 24 h per channel.' }),
    teamMembers: t.exposeInt('teamMembers', { nullable: true, description: 'Team members (moderators, editors…) per channel, open invitations included.' }),
  }),
})

const PlanRef = builder.objectRef<Plan>('Plan').implement({
  extensions: guardedByParent,
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
    locale: t.field({
      type: PlanLocaleEnum,
      description: 'The language subtitle, benefits and additions are in (English when not translated).',
      resolve: (p) => p.locale,
    }),
    translated: t.field({
      type: [PlanLocaleEnum],
      description: 'The languages the texts are written in: English and every stored translation.',
      resolve: (p) => ['en' as const, ...helpLocales.filter((l) => l !== 'en' && p.translations[l])],
    }),
  }),
})

const PricingQuestionRef = builder.objectRef<PricingQuestion>('PricingQuestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (q) => String(q.id) }),
    question: t.exposeString('question'),
    ans: t.exposeString('ans'),
    locale: t.field({ type: PlanLocaleEnum, description: 'The language of question and answer (English when not translated).', resolve: (q) => q.locale }),
  }),
})

const PricingPlatformEnum = builder.enumType('PricingPlatform', { values: ['twitch', 'kick'] as const })

const PlanLimitsInput = builder.inputType('PlanLimitsInput', {
  fields: (t) => ({
    channels: t.int(),
    commands: t.int(),
    timers: t.int(),
    conversationAnswersPerMonth: t.int(),
    raidsPerDay: t.int(),
    teamMembers: t.int({ description: 'Team members per channel (null: no limit).' }),
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
    authScopes: { public: true },
    type: [PlanRef],
    description: 'Every plan, by sort order (public: the pricing pages); texts in `locale`, else the Accept-Language, English where not translated.',
    args: { locale: t.arg({ type: PlanLocaleEnum }) },
    resolve: (_root, { locale }, ctx) => ctx.services.plans.localized(callerLocale(locale, ctx.acceptLanguage)),
  }),
  pricingQuestions: t.field({
    authScopes: { public: true },
    type: [PricingQuestionRef],
    description: 'The Q and A of a pricing page, in `locale`, else the Accept-Language, English where not translated.',
    args: { platform: t.arg({ type: PricingPlatformEnum, defaultValue: 'twitch' }), locale: t.arg({ type: PlanLocaleEnum }) },
    resolve: (_root, { platform, locale }, ctx) => ctx.services.plans.questions(platform ?? 'twitch', callerLocale(locale, ctx.acceptLanguage)),
  }),
}))

builder.mutationFields((t) => ({
  updatePlan: t.withAuth({ can: ['manage', 'Plan'] }).field({
    type: PlanRef,
    description: 'Admins: prices, texts and limits of a plan (audited). Subtitle, benefits and additions are written in `locale` (default English).',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdatePlanInput, required: true }), locale: t.arg({ type: PlanLocaleEnum }) },
    resolve: (_root, { id, input, locale }, ctx) =>
      ctx.services.plans.update(
        ctx.principal,
        toId(id, 'id', 'int4'),
        {
          ...given(input),
          ...(input.limits ? { limits: given(input.limits) } : {}),
        },
        locale,
      ),
  }),
  updatePricingQuestion: t.withAuth({ can: ['manage', 'Plan'] }).field({
    type: PricingQuestionRef,
    description: 'Admins: one pricing question and its answer in one language (default English; audited).',
    args: {
      id: t.arg.id({ required: true }),
      locale: t.arg({ type: PlanLocaleEnum }),
      question: t.arg.string({ required: true }),
      answer: t.arg.string({ required: true }),
    },
    resolve: (_root, { id, locale, question, answer }, ctx) =>
      ctx.services.plans.updateQuestion(ctx.principal, toId(id, 'id', 'int4'), locale, { question, answer }),
  }),
}))
