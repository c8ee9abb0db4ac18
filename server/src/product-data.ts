import type { Db } from './db/client'
import { modules } from './modules'

/**
 * The data the product needs on every deployment, DEMO or not, seeded at each start (each part
 * inserts what is missing and keeps an admin's edits): the plans and the pricing questions, the
 * help centre (FAQ and knowledge base, seeded once), and the shop's licence products (from the
 * plans, so after them): each module's `productData`, in the list's order. Demo fixtures are not here: seed/ holds them, and the demo's entry
 * point (seed/start.ts) seeds them.
 */
export async function seedProductData(db: Db): Promise<void> {
  for (const module of modules) await module.productData?.(db)
}
