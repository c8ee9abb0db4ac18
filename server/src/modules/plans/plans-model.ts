import type { PlanRow, PlanTexts } from '../../db/schema'
import type { HelpLocale } from '../help/help.tables'

/** The limits a plan sets, on real features only (SCOPE.md); null means no limit. */
export const planLimitKeys = ['channels', 'commands', 'timers', 'conversationAnswersPerMonth', 'raidsPerDay', 'teamMembers'] as const
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
