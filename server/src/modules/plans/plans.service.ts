import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { plans, type PlanRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
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
  }
}

/** Kick's raid rule (SCOPE.md: one raid per 24 h per channel), worded from the plan's limit. */
export function raidRuleText(raidsPerDay: number | null): string | null {
  if (raidsPerDay === null) return null
  return raidsPerDay === 1 ? 'One raid per 24 h' : `${raidsPerDay} raids per 24 h`
}

const money = z.number().min(0).max(1_000_000).multipleOf(0.01).nullable()
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

export function createPlansService(deps: { db: Db; audit: AuditService; now: () => Date; cacheMs?: number; currency?: string }) {
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

  async function questions(platform: 'twitch' | 'kick') {
    return db
      .select({ question: pricingQuestions.question, ans: pricingQuestions.answer })
      .from(pricingQuestions)
      .where(inArray(pricingQuestions.platform, ['all', platform]))
      .orderBy(asc(pricingQuestions.sortOrder), asc(pricingQuestions.id))
  }

  /**
   * GET /pricing/data and /pricing/kick/data: `{basicPlan, standardPlan, enterprisePlan,
   * customPlan, qandA}` from the plans table (by sort order; a fifth plan would be `plan5`).
   * The Kick page adds the plan's raid rule to its benefits.
   */
  async function pricing(platform: 'twitch' | 'kick'): Promise<PricingData> {
    const [all, qandA] = await Promise.all([list(), questions(platform)])
    const out: PricingData = {}
    all.forEach((p, i) => {
      const raid = platform === 'kick' ? raidRuleText(p.limits.raidsPerDay) : null
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
    out.qandA = qandA
    return out
  }

  /** Admins change a plan's prices, texts and limits; the change is audited. */
  async function update(principal: Principal | null, id: number, raw: unknown): Promise<Plan> {
    requireAdmin(scopeOf(principal))
    const parsed = updateInput.safeParse(raw ?? {})
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
      throw new AppError('BAD_USER_INPUT', 'Invalid plan', fields)
    }
    const input = parsed.data
    const plan = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'No such plan')
      const asText = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v))
      const changes = {
        subtitle: input.subtitle,
        monthlyPrice: asText(input.monthlyPrice),
        yearlyPerMonth: asText(input.yearlyPerMonth),
        yearlyTotal: asText(input.yearlyTotal),
        benefits: input.benefits,
        additions: input.additions,
        limits: input.limits ? ({ ...before.limits, ...input.limits } as Record<string, number | null>) : undefined,
        popular: input.popular,
        img: input.img,
      }
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
      if (Object.keys(set).length === 0) return toPlan(before)
      const [after] = await tx
        .update(plans)
        .set(set)
        .where(eq(plans.id, id))
        .returning()
      if (!after) throw new AppError('NOT_FOUND', 'No such plan')
      await audit.write(tx, principal!, [
        { action: 'plan.update', entity: 'plan', entityId: id, before: { ...toPlan(before) }, after: { ...toPlan(after) } },
      ])
      return toPlan(after)
    })
    cache = undefined
    return plan
  }

  /** ISO 4217 code of every price (CURRENCY). */
  const currency = deps.currency ?? 'USD'
  return { list, byName, byId, pricing, questions, update, currency }
}

export type PlansService = ReturnType<typeof createPlansService>
