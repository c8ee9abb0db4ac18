import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { plans, type PlanRow, type PlanTexts } from '../../db/schema'
import { AppError } from '../../errors'
import { priceInput } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
import { type HelpLocale, helpLocales } from '../help/help.tables'
import { pricingQuestions } from './plans.tables'

/** The limits a plan sets, on real features only (SCOPE.md); null means no limit. */
export const planLimitKeys = ['channels', 'commands', 'timers', 'conversationAnswersPerMonth', 'raidsPerDay'] as const
export type PlanLimitKey = (typeof planLimitKeys)[number]

export interface Plan {
  id: number
  name: string
  subtitle: string | null
  monthlyPrice: number | null
  yearlyPerMonth: number | null
  yearlyTotal: number | null
  benefits: string[]
  additions: string[]
  limits: Record<PlanLimitKey, number | null>
  popular: boolean
  sortOrder: number
  img: string | null
  /** The language of subtitle, benefits and additions (English when not translated). */
  locale: HelpLocale
  /** The texts in the other languages, as stored (for the admins' editor). */
  translations: Partial<Record<HelpLocale, PlanTexts>>
}

/** A pricing question in the caller's language (English when not translated). */
export interface PricingQuestion {
  id: number
  question: string
  ans: string
  locale: HelpLocale
}

/** A licence product's description made from its plan (modules/shop/shop.seed.ts): tagline and benefits. */
export const planDescription = (p: Pick<Plan, 'subtitle' | 'benefits'>): string => [p.subtitle, ...p.benefits].filter(Boolean).join('. ')

/** The plan's texts in `locale`, else in English. */
export function localizePlan(plan: Plan, locale: HelpLocale): Plan {
  const texts = locale === 'en' ? undefined : plan.translations[locale]
  return texts ? { ...plan, ...texts, locale } : plan
}

/** Kick's raid rule in each language. */
const RAID_RULE: Record<HelpLocale, [one: string, many: string]> = {
  en: ['One raid per 24 h', '{n} raids per 24 h'],
  de: ['Ein Raid pro 24 h', '{n} Raids pro 24 h'],
  fr: ['Un raid par 24 h', '{n} raids par 24 h'],
  pt: ['Uma raid a cada 24 h', '{n} raids a cada 24 h'],
}

/** One plan of the pricing page, in the spec's shape (the Vuexy template's field names, `totalAnual` included). */
export interface PricingPlan {
  title: string
  img: string | null
  subtitle: string | null
  monthlyPrice: number | null
  yearlyPlan: { perMonth: number | null; totalAnual: number | null }
  planBenefits: string[]
  planAdditions: string[]
  popular: boolean
}

export type PricingData = { [key: string]: PricingPlan | Array<{ question: string; ans: string }> }

/** The pricing page's keys, by the plans' sort order: Starter, Headstarter, Pro, Custom. */
export const PRICING_KEYS = ['basicPlan', 'standardPlan', 'enterprisePlan', 'customPlan'] as const

const price = (v: string | null): number | null => (v === null ? null : Number(v))

export function toPlan(row: PlanRow): Plan {
  const limits = Object.fromEntries(planLimitKeys.map((k) => [k, row.limits[k] ?? null])) as Plan['limits']
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    monthlyPrice: price(row.monthlyPrice),
    yearlyPerMonth: price(row.yearlyPerMonth),
    yearlyTotal: price(row.yearlyTotal),
    benefits: row.benefits,
    additions: row.additions,
    limits,
    popular: row.popular,
    sortOrder: row.sortOrder,
    img: row.img,
    locale: 'en',
    translations: row.translations,
  }
}

/** Kick's raid rule (SCOPE.md: one raid per 24 h per channel), worded from the plan's limit. */
export function raidRuleText(raidsPerDay: number | null, locale: HelpLocale = 'en'): string | null {
  if (raidsPerDay === null) return null
  const [one, many] = RAID_RULE[locale]
  return raidsPerDay === 1 ? one : many.replace('{n}', String(raidsPerDay))
}

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

export function createPlansService(deps: {
  db: Db
  audit: AuditService
  now: () => Date
  cacheMs?: number
  currency?: string
  /** Told after a plan changed (other processes drop their cached plans: services.ts). */
  onChanged?: () => void
}) {
  const { db, audit } = deps
  const cacheMs = deps.cacheMs ?? 10_000
  let cache: { at: number; rows: Plan[] } | undefined

  /**
   * Every plan by sort order; cached for a few seconds per process (plans change rarely).
   * Inside a transaction pass its `tx`: a cold cache is then read through the transaction
   * (the root handle refuses queries from inside one).
   */
  async function list(handle: Db = db): Promise<Plan[]> {
    const t = deps.now().getTime()
    if (cache && t - cache.at < cacheMs && t >= cache.at) return cache.rows
    const rows = (await handle.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id))).map(toPlan)
    cache = { at: t, rows }
    return rows
  }

  /** The plan called `name`, case-insensitively; undefined if none. */
  async function byName(name: string, handle: Db = db): Promise<Plan | undefined> {
    const wanted = name.trim().toLowerCase()
    return (await list(handle)).find((p) => p.name.toLowerCase() === wanted)
  }

  async function byId(id: number, handle: Db = db): Promise<Plan | undefined> {
    return (await list(handle)).find((p) => p.id === id)
  }

  /** The pricing page's Q and A in `locale` (each question in English where it is not translated). */
  async function questions(platform: 'twitch' | 'kick', locale: HelpLocale = 'en'): Promise<PricingQuestion[]> {
    const rows = await db
      .select()
      .from(pricingQuestions)
      .where(inArray(pricingQuestions.platform, ['all', platform]))
      .orderBy(asc(pricingQuestions.sortOrder), asc(pricingQuestions.id))
    return rows.map((r) => {
      const texts = locale === 'en' ? undefined : r.translations[locale]
      return texts ? { id: r.id, question: texts.question, ans: texts.answer, locale } : { id: r.id, question: r.question, ans: r.answer, locale: 'en' }
    })
  }

  /** Every plan by sort order, its texts in `locale` (English where not translated). */
  async function localized(locale: HelpLocale = 'en'): Promise<Plan[]> {
    return (await list()).map((p) => localizePlan(p, locale))
  }

  /**
   * GET /pricing/data and /pricing/kick/data: `{basicPlan, standardPlan, enterprisePlan,
   * customPlan, qandA}` from the plans table (by sort order; a fifth plan would be `plan5`).
   * The Kick page adds the plan's raid rule to its benefits.
   */
  async function pricing(platform: 'twitch' | 'kick', locale: HelpLocale = 'en'): Promise<PricingData> {
    const [all, qandA] = await Promise.all([localized(locale), questions(platform, locale)])
    const out: PricingData = {}
    all.forEach((p, i) => {
      const raid = platform === 'kick' ? raidRuleText(p.limits.raidsPerDay, locale) : null
      out[PRICING_KEYS[i] ?? `plan${i + 1}`] = {
        title: p.name,
        img: p.img,
        subtitle: p.subtitle,
        monthlyPrice: p.monthlyPrice,
        yearlyPlan: { perMonth: p.yearlyPerMonth, totalAnual: p.yearlyTotal },
        planBenefits: raid ? [...p.benefits, raid] : p.benefits,
        planAdditions: p.additions,
        popular: p.popular,
      }
    })
    out.qandA = qandA.map(({ question, ans }) => ({ question, ans }))
    return out
  }

  /**
   * Admins change a plan's prices, texts and limits; the change is audited. Subtitle,
   * benefits and additions are written in `locale` (English: the plan's own columns).
   */
  async function update(principal: Principal | null, id: number, raw: unknown, localeArg?: string | null): Promise<Plan> {
    requireAdmin(scopeOf(principal))
    const locale = checkPlanLocale(localeArg)
    const parsed = updateInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid('Invalid plan', parsed.error)
    const input = parsed.data
    const plan = await db.transaction(async (tx) => {
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
      await audit.write(tx, principal!, [{ action: 'plan.update', entity: 'plan', entityId: id, before: { ...toPlan(before) }, after: { ...toPlan(after) } }])
      return toPlan(after)
    })
    cache = undefined
    deps.onChanged?.()
    return localizePlan(plan, locale)
  }

  /** Admins change one pricing question and its answer in one language (English: the question's own columns); audited. */
  async function updateQuestion(principal: Principal | null, id: number, localeArg: string | null | undefined, raw: unknown): Promise<PricingQuestion> {
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

  /**
   * A shop product's description in `locale`: the seeded description of a licence product is
   * its plan's tagline and benefits (modules/shop/shop.seed.ts), so it is told in the plan's translation;
   * any other description (an admin's own) is returned as written.
   */
  async function productDescription(description: string, locale: HelpLocale): Promise<string> {
    if (locale === 'en') return description
    const plan = (await list()).find((p) => planDescription(p) === description)
    return plan ? planDescription(localizePlan(plan, locale)) : description
  }

  /** ISO 4217 code of every price (CURRENCY). */
  const currency = deps.currency ?? 'USD'
  const clear = () => void (cache = undefined)
  return { list, localized, byName, byId, pricing, questions, update, updateQuestion, productDescription, currency, clear }
}

export type PlansService = ReturnType<typeof createPlansService>
