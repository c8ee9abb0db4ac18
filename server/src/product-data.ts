import type { Db } from './db/client'
import { seedHelp } from './modules/help/help.seed'
import { seedPlans } from './modules/plans/plans.seed'
import { seedShop } from './modules/shop/shop.seed'

/**
 * The data the product needs on every deployment, DEMO or not, seeded at each start (each part
 * inserts what is missing and keeps an admin's edits): the plans and the pricing questions, the
 * help centre (FAQ and knowledge base, seeded once), and the shop's licence products (from the
 * plans, so after them). Demo fixtures are not here: seed/ holds them, and the demo's entry
 * point (seed/start.ts) seeds them.
 */
export async function seedProductData(db: Db): Promise<void> {
  await seedPlans(db)
  await seedHelp(db)
  await seedShop(db)
}
