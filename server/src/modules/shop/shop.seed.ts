import { asc, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema'
import { planDescription } from '../plans/plans.service'
import { products } from './shop.tables'

/** A name as a URL slug (a product's). */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * The catalogue's licence products: every priced plan for 30 days (the monthly price) and
 * 365 days (the yearly total). Inserted once by slug; an admin's later edits (or removal) stay.
 */
export async function seedShop(db: Db): Promise<void> {
  const rows = await db.select().from(plans).where(isNotNull(plans.monthlyPrice)).orderBy(asc(plans.sortOrder))
  const values = rows.flatMap((p) => {
    const base = {
      kind: 'plan' as const,
      description: planDescription(p),
      brand: 'Channel Assistant',
      image: p.img,
      hasFreeShipping: true,
      rating: 5,
      colorOptions: ['primary' as const],
      planId: p.id,
    }
    const out = [{ ...base, name: `${p.name} — 30 days`, slug: slug(`${p.name}-30-days`), price: p.monthlyPrice!, totalDays: 30, sortOrder: p.sortOrder * 10 }]
    if (p.yearlyTotal !== null) {
      out.push({
        ...base,
        name: `${p.name} — 365 days`,
        slug: slug(`${p.name}-365-days`),
        price: p.yearlyTotal,
        totalDays: 365,
        sortOrder: p.sortOrder * 10 + 1,
      })
    }
    return out
  })
  if (values.length > 0) await db.insert(products).values(values).onConflictDoNothing({ target: products.slug })
}
