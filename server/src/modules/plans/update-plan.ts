import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { plans, type PlanRow } from '../../db/schema'
import { AppError } from '../../errors'
import { priceInput } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { type HelpLocale, helpLocales } from '../help/help.tables'
import type { PlansDeps } from './plans-deps'
import { localizePlan, planLimitKeys, toPlan, type Plan, type PricingQuestion } from './plans-model'
import { pricingQuestions } from './plans.tables'

const money = priceInput.nullable()
const texts = z.array(z.string().trim().min(1).max(200)).max(30)
const updateInput = z
  .object({
    subtitle: z.string().trim().max(200).nullable(),
    monthlyPrice: money,
    yearlyPerMonth: money,
    yearlyTotal: money,
    benefits: texts,
    additions: texts,
    limits: z.object(Object.fromEntries(planLimitKeys.map((k) => [k, z.number().int().min(0).max(10_000_000).nullable()]))).partial(),
    popular: z.boolean(),
    img: z.string().trim().max(500).nullable(),
  })
  .partial()
  .strict()

export type UpdatePlanInput = z.input<typeof updateInput>

/** Texts an update may give per language; prices, limits and the rest are the same in every language. */
const TEXT_FIELDS = ['subtitle', 'benefits', 'additions'] as const

const questionInput = z.object({ question: z.string().trim().min(1).max(300), answer: z.string().trim().min(1).max(2000) }).strict()

function invalid(message: string, error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', message, fields)
}

function checkPlanLocale(value: string | null | undefined): HelpLocale {
  if (value === null || value === undefined || value === '') return 'en'
  if ((helpLocales as readonly string[]).includes(value)) return value as HelpLocale
  throw new AppError('BAD_USER_INPUT', `Unknown locale: one of ${helpLocales.join(', ')}.`, { locale: [`One of ${helpLocales.join(', ')}.`] })
}

/**
 * Admins change a plan's prices, texts and limits; the change is audited. Subtitle,
 * benefits and additions are written in `locale` (English: the plan's own columns).
 */
export async function update(deps: PlansDeps, principal: Principal | null, id: number, raw: unknown, localeArg?: string | null): Promise<Plan> {
  requireAdmin(scopeOf(principal))
  const locale = checkPlanLocale(localeArg)
  const parsed = updateInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid('Invalid plan', parsed.error)
  const input = parsed.data
  const plan = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'No such plan')
    const asText = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v))
    const english = locale === 'en'
    const textsGiven = TEXT_FIELDS.some((f) => input[f] !== undefined)
    let translations: PlanRow['translations'] | undefined
    if (!english && textsGiven) {
      const current = before.translations[locale] ?? { subtitle: before.subtitle, benefits: before.benefits, additions: before.additions }
      translations = {
        ...before.translations,
        [locale]: {
          subtitle: input.subtitle !== undefined ? input.subtitle : current.subtitle,
          benefits: input.benefits ?? current.benefits,
          additions: input.additions ?? current.additions,
        },
      }
    }
    const changes = {
      subtitle: english ? input.subtitle : undefined,
      monthlyPrice: asText(input.monthlyPrice),
      yearlyPerMonth: asText(input.yearlyPerMonth),
      yearlyTotal: asText(input.yearlyTotal),
      benefits: english ? input.benefits : undefined,
      additions: english ? input.additions : undefined,
      translations,
      limits: input.limits ? ({ ...before.limits, ...input.limits } as Record<string, number | null>) : undefined,
      popular: input.popular,
      img: input.img,
    }
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
    if (Object.keys(set).length === 0) return toPlan(before)
    const [after] = await tx.update(plans).set(set).where(eq(plans.id, id)).returning()
    if (!after) throw new AppError('NOT_FOUND', 'No such plan')
    await deps.audit.write(tx, principal!, [
      { action: 'plan.update', entity: 'plan', entityId: id, before: { ...toPlan(before) }, after: { ...toPlan(after) } },
    ])
    return toPlan(after)
  })
  deps.cache.current = undefined
  deps.onChanged?.()
  return localizePlan(plan, locale)
}

/** Admins change one pricing question and its answer in one language (English: the question's own columns); audited. */
export async function updateQuestion(
  { db, audit }: PlansDeps,
  principal: Principal | null,
  id: number,
  localeArg: string | null | undefined,
  raw: unknown,
): Promise<PricingQuestion> {
  requireAdmin(scopeOf(principal))
  const locale = checkPlanLocale(localeArg)
  const parsed = questionInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid('Invalid question', parsed.error)
  const { question, answer } = parsed.data
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(pricingQuestions).where(eq(pricingQuestions.id, id)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'No such question')
    const set = locale === 'en' ? { question, answer } : { translations: { ...before.translations, [locale]: { question, answer } } }
    const [after] = await tx.update(pricingQuestions).set(set).where(eq(pricingQuestions.id, id)).returning()
    if (!after) throw new AppError('NOT_FOUND', 'No such question')
    await audit.write(tx, principal!, [
      { action: 'pricingQuestion.update', entity: 'pricingQuestion', entityId: id, before: { ...before }, after: { ...after } },
    ])
    return { id, question, ans: answer, locale }
  })
}
