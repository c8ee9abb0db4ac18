/** Catalogue management (admins). */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { products, type ProductRow } from './shop.tables'
import { type AdminProduct, adminView } from './shop-model'
import { parse, productInput } from './shop-inputs'
import type { ShopDeps } from './shop.deps'

export async function adminList(deps: ShopDeps, principal: Principal | null): Promise<AdminProduct[]> {
  const { db } = deps
  requireAdmin(scopeOf(principal))
  return (await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id))).map(adminView)
}

export async function checkPlan(tx: Db, planId: number | null, totalDays: number | null) {
  if ((planId === null) !== (totalDays === null)) {
    throw new AppError('BAD_USER_INPUT', 'A licence product needs a plan and its days', { planId: ['A plan and its days, or neither.'] })
  }
  if (planId !== null) {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId))
    if (!plan) throw new AppError('BAD_USER_INPUT', 'No such plan', { planId: ['No such plan.'] })
  }
}

export const slugTaken = () => new AppError('CONFLICT', 'This slug is already used', { slug: ['This slug is already used.'] })

export async function createProduct(deps: ShopDeps, principal: Principal | null, raw: unknown): Promise<AdminProduct> {
  const { db, audit, now } = deps
  requireAdmin(scopeOf(principal))
  const input = parse(
    productInput.partial({
      description: true,
      brand: true,
      image: true,
      hasFreeShipping: true,
      rating: true,
      colorOptions: true,
      sortOrder: true,
      planId: true,
      totalDays: true,
    }),
    raw,
  )
  return db.transaction(async (tx) => {
    const planId = input.planId ?? null
    const totalDays = input.totalDays ?? null
    await checkPlan(tx, planId, totalDays)
    const [row] = await tx
      .insert(products)
      .values({
        ...input,
        kind: planId === null ? 'addon' : 'plan',
        price: String(input.price),
        planId,
        totalDays,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: products.slug })
      .returning()
    if (!row) throw slugTaken()
    await audit.write(tx, principal!, [
      { action: 'product.create', entity: 'product', entityId: row.id, before: null, after: { ...adminView(row), image: row.image ? '(image)' : null } },
    ])
    return adminView(row)
  })
}

export async function updateProduct(deps: ShopDeps, principal: Principal | null, id: number, raw: unknown): Promise<AdminProduct> {
  const { db, audit } = deps
  requireAdmin(scopeOf(principal))
  const input = parse(productInput.partial(), raw)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'No such product')
    const planId = input.planId === undefined ? before.planId : input.planId
    const totalDays = input.totalDays === undefined ? before.totalDays : input.totalDays
    await checkPlan(tx, planId, totalDays)
    if (input.slug && input.slug !== before.slug) {
      const [other] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, input.slug))
      if (other) throw slugTaken()
    }
    const [after] = await tx
      .update(products)
      .set({ ...input, price: input.price === undefined ? undefined : String(input.price), planId, totalDays, kind: planId === null ? 'addon' : 'plan' })
      .where(eq(products.id, id))
      .returning()
    const shape = (r: ProductRow) => ({ ...adminView(r), image: r.image ? '(image)' : null })
    await audit.write(tx, principal!, [{ action: 'product.update', entity: 'product', entityId: id, before: shape(before), after: shape(after!) }])
    return adminView(after!)
  })
}

/** Takes a product off sale (orders and invoices naming it keep it); wishlists and carts keep their line until checkout refuses it. */
export async function removeProduct(deps: ShopDeps, principal: Principal | null, id: number): Promise<AdminProduct> {
  const { db, audit, now } = deps
  requireAdmin(scopeOf(principal))
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'No such product')
    if (before.removedAt) return adminView(before)
    const [after] = await tx.update(products).set({ removedAt: now() }).where(eq(products.id, id)).returning()
    await audit.write(tx, principal!, [{ action: 'product.remove', entity: 'product', entityId: id, before: { removed: false }, after: { removed: true } }])
    return adminView(after!)
  })
}
