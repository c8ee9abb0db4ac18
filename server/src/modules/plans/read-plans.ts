import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema'
import type { HelpLocale } from '../help/help.tables'
import type { PlansDeps } from './plans-deps'
import { localizePlan, planDescription, toPlan, type Plan } from './plans-model'

/**
 * Every plan by sort order; cached for a few seconds per process (plans change rarely).
 * Inside a transaction pass its `tx`: a cold cache is then read through the transaction
 * (the root handle refuses queries from inside one).
 */
export async function list(deps: PlansDeps, handle: Db = deps.db): Promise<Plan[]> {
  const { cache, cacheMs } = deps
  const t = deps.now().getTime()
  if (cache.current && t - cache.current.at < cacheMs && t >= cache.current.at) return cache.current.rows
  const rows = (await handle.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id))).map(toPlan)
  cache.current = { at: t, rows }
  return rows
}

/** The plan called `name`, case-insensitively; undefined if none. */
export async function byName(deps: PlansDeps, name: string, handle?: Db): Promise<Plan | undefined> {
  const wanted = name.trim().toLowerCase()
  return (await list(deps, handle)).find((p) => p.name.toLowerCase() === wanted)
}

export async function byId(deps: PlansDeps, id: number, handle?: Db): Promise<Plan | undefined> {
  return (await list(deps, handle)).find((p) => p.id === id)
}

/** Every plan by sort order, its texts in `locale` (English where not translated). */
export async function localized(deps: PlansDeps, locale: HelpLocale = 'en'): Promise<Plan[]> {
  return (await list(deps)).map((p) => localizePlan(p, locale))
}

/**
 * A shop product's description in `locale`: the seeded description of a licence product is
 * its plan's tagline and benefits (modules/shop/shop.seed.ts), so it is told in the plan's translation;
 * any other description (an admin's own) is returned as written.
 */
export async function productDescription(deps: PlansDeps, description: string, locale: HelpLocale): Promise<string> {
  if (locale === 'en') return description
  const plan = (await list(deps)).find((p) => planDescription(p) === description)
  return plan ? planDescription(localizePlan(plan, locale)) : description
}
