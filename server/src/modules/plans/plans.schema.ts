import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import { type HelpLocale, helpLocaleValues, helpLocales } from '../help/help.tables'
import { localeFromHeader } from '../help/help.service'
import type { Plan, PricingQuestion } from './plans.service'

const PlanLocaleEnum = builder.enumType('PlanLocale', { values: helpLocaleValues, description: 'A language of plan texts; English is the fallback.' })

/** The locale argument, else the request's Accept-Language (the client sends its UI language), else English. */
const callerLocale = (arg: HelpLocale | null | undefined, acceptLanguage: string | undefined): HelpLocale => arg ?? localeFromHeader(acceptLanguage)

const PlanLimitsRef = builder.objectRef<Plan['limits']>('PlanLimits').implement({
  extensions: guardedByParent,
  description: 'What a plan allows, on real features only; null means no limit.',
  fields: (t) => ({
    channels: t.exposeInt('channels', { nullable: true, description: 'Connected channels.' }),
    commands: t.exposeInt('commands', { nullable: true, description: 'Custom chat commands.' }),
    timers: t.exposeInt('timers', { nullable: true, description: 'Timers per channel.' }),
    conversationAnswersPerMonth: t.exposeInt('conversationAnswersPerMonth', {
      nullable: true,
      description: 'Conversation-bot answers per calendar month (UTC), all channels together.',
    }),
    raidsPerDay: t.exposeInt('raidsPerDay', { nullable: true, description: 'Raids per 24 h per channel.' }),
    teamMembers: t.exposeInt('teamMembers', { nullable: true, description: 'Team members (moderators, editors…) per channel, open invitations included.' }),
  }),
})

const PlanRef = builder.objectRef<Plan>('Plan').implement({
  extensions: guardedByParent,
  description: 'A subscription plan (the plans table). Prices in the plan currency; null for Custom (on request).',
  fields: (t) => ({
    id: t.id({ description: 'The plan id (a decimal number as a string).', resolve: (p) => String(p.id) }),
    name: t.exposeString('name', { description: 'The plan name, e.g. `Starter`; licences and packages refer to it.' }),
    subtitle: t.exposeString('subtitle', { nullable: true, description: 'A one-line pitch (at most 200 characters); null: none.' }),
    currency: t.string({ description: 'ISO 4217 code of the prices (the deployment’s CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
    monthlyPrice: t.exposeFloat('monthlyPrice', { nullable: true, description: 'Price per month, billed monthly (e.g. 9.99); null: on request.' }),
    yearlyPerMonth: t.exposeFloat('yearlyPerMonth', { nullable: true, description: 'Price per month, billed yearly; null: on request.' }),
    yearlyTotal: t.exposeFloat('yearlyTotal', { nullable: true, description: 'Price of a year, billed yearly; null: on request.' }),
    benefits: t.exposeStringList('benefits', { description: 'What it includes, one line each.' }),
    additions: t.exposeStringList('additions', { description: 'Extra lines shown under the benefits.' }),
    limits: t.field({ type: PlanLimitsRef, description: 'What it allows.', resolve: (p) => p.limits }),
    popular: t.exposeBoolean('popular', { description: 'Highlighted as the popular choice.' }),
    sortOrder: t.exposeInt('sortOrder', { description: 'Its place in the list, lowest first.' }),
    img: t.exposeString('img', { nullable: true, description: 'Picture URL or path for the pricing card; null: none.' }),
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
  description: 'A question and answer of a pricing page.',
  fields: (t) => ({
    id: t.id({ description: 'The question id.', resolve: (q) => String(q.id) }),
    question: t.exposeString('question', { description: 'The question (plain text).' }),
    ans: t.exposeString('ans', { description: 'Its answer (plain text).' }),
    locale: t.field({ type: PlanLocaleEnum, description: 'The language of question and answer (English when not translated).', resolve: (q) => q.locale }),
  }),
})

const PricingPlatformEnum = builder.enumType('PricingPlatform', {
  description: 'Which pricing page: each platform has its own questions.',
  values: {
    twitch: { description: 'The Twitch pricing page.' },
    kick: { description: 'The Kick pricing page.' },
  } as const,
})

const PlanLimitsInput = builder.inputType('PlanLimitsInput', {
  description: 'Limits to change, each 0 to 10000000 or null for no limit; an omitted one stays.',
  fields: (t) => ({
    channels: t.int({ description: 'Connected channels.' }),
    commands: t.int({ description: 'Custom commands per channel.' }),
    timers: t.int({ description: 'Timers per channel.' }),
    conversationAnswersPerMonth: t.int({ description: 'Conversation-bot answers per month.' }),
    raidsPerDay: t.int({ description: 'Raids per 24 h per channel.' }),
    teamMembers: t.int({ description: 'Team members per channel (null: no limit).' }),
  }),
})

const UpdatePlanInput = builder.inputType('UpdatePlanInput', {
  description: 'Only the fields given change; a limit given as null means no limit.',
  fields: (t) => ({
    subtitle: t.string({ description: 'At most 200 characters; null: none.' }),
    monthlyPrice: t.float({ description: 'Price per month billed monthly; null: on request.' }),
    yearlyPerMonth: t.float({ description: 'Price per month billed yearly; null: on request.' }),
    yearlyTotal: t.float({ description: 'Price of a year; null: on request.' }),
    benefits: t.stringList({ description: 'Up to 30 lines of 1 to 200 characters.' }),
    additions: t.stringList({ description: 'Up to 30 lines of 1 to 200 characters.' }),
    limits: t.field({ type: PlanLimitsInput, description: 'Limits to change.' }),
    popular: t.boolean({ description: 'Highlight it.' }),
    img: t.string({ description: 'Picture URL or path, at most 500 characters; null: none.' }),
  }),
})

const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))

builder.queryFields((t) => ({
  plans: t.field({
    authScopes: { public: true },
    type: [PlanRef],
    description: 'Every plan, by sort order (public: the pricing pages); texts in `locale`, else the Accept-Language, English where not translated.',
    args: { locale: t.arg({ type: PlanLocaleEnum, description: 'The language of the texts; omitted: from Accept-Language.' }) },
    resolve: (_root, { locale }, ctx) => ctx.services.plans.localized(callerLocale(locale, ctx.acceptLanguage)),
  }),
  pricingQuestions: t.field({
    authScopes: { public: true },
    type: [PricingQuestionRef],
    description: 'The Q and A of a pricing page, in `locale`, else the Accept-Language, English where not translated.',
    args: {
      platform: t.arg({ type: PricingPlatformEnum, defaultValue: 'twitch', description: 'Which pricing page.' }),
      locale: t.arg({ type: PlanLocaleEnum, description: 'The language; omitted: from Accept-Language.' }),
    },
    resolve: (_root, { platform, locale }, ctx) => ctx.services.plans.questions(platform ?? 'twitch', callerLocale(locale, ctx.acceptLanguage)),
  }),
}))

builder.mutationFields((t) => ({
  updatePlan: t.withAuth({ can: ['manage', 'Plan'] }).field({
    type: PlanRef,
    description: 'Admins: prices, texts and limits of a plan (audited). Subtitle, benefits and additions are written in `locale` (default English).',
    args: {
      id: t.arg.id({ required: true, description: 'The plan id.' }),
      input: t.arg({ type: UpdatePlanInput, required: true, description: 'The fields to change.' }),
      locale: t.arg({ type: PlanLocaleEnum, description: 'The language the texts are written in; omitted: English.' }),
    },
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
      id: t.arg.id({ required: true, description: 'The question id.' }),
      locale: t.arg({ type: PlanLocaleEnum, description: 'The language; omitted: English.' }),
      question: t.arg.string({ required: true, description: '1 to 300 characters.' }),
      answer: t.arg.string({ required: true, description: '1 to 2000 characters.' }),
    },
    resolve: (_root, { id, locale, question, answer }, ctx) =>
      ctx.services.plans.updateQuestion(ctx.principal, toId(id, 'id', 'int4'), locale, { question, answer }),
  }),
}))
