import { asc, inArray } from 'drizzle-orm'
import type { HelpLocale } from '../help/help.tables'
import type { PlansDeps } from './plans-deps'
import { PRICING_KEYS, raidRuleText, type PricingData, type PricingQuestion } from './plans-model'
import { pricingQuestions } from './plans.tables'
import { localized } from './read-plans'

/** The pricing page's Q and A in `locale` (each question in English where it is not translated). */
export async function questions({ db }: PlansDeps, platform: 'twitch' | 'kick', locale: HelpLocale = 'en'): Promise<PricingQuestion[]> {
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

/**
 * GET /pricing/data and /pricing/kick/data: `{basicPlan, standardPlan, enterprisePlan,
 * customPlan, qandA}` from the plans table (by sort order; a fifth plan would be `plan5`).
 * The Kick page adds the plan's raid rule to its benefits.
 */
export async function pricing(deps: PlansDeps, platform: 'twitch' | 'kick', locale: HelpLocale = 'en'): Promise<PricingData> {
  const [all, qandA] = await Promise.all([localized(deps, locale), questions(deps, platform, locale)])
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
