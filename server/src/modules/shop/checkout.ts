import { asc, eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { fromCents, linesCents, TOTAL_MAX_CENTS, TOTAL_TOO_LARGE } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { cartItems, orderItems, orders, products, type OrderRow } from './shop.tables'
import type { ShopDeps } from './shop.deps'

/**
 * Checkout: the cart becomes an order and its invoice (due in INVOICE_DUE_DAYS, sent to the
 * buyer through the outbox), and the cart is emptied, in one transaction. A product removed
 * meanwhile refuses the whole checkout (PRODUCT_UNAVAILABLE, naming it); nothing is written.
 */
export async function checkout(deps: ShopDeps, principal: Principal | null): Promise<{ order: OrderRow; invoiceId: number }> {
  const { db, audit, invoices, now } = deps
  const { actorId } = scopeOf(principal)
  return db.transaction(async (tx) => {
    const lines = await tx
      .select({ cart: cartItems, product: products })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, actorId))
      .orderBy(asc(cartItems.id))
      .for('update')
    if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty.')
    const gone = lines.filter((l) => l.product.removedAt !== null)
    if (gone.length > 0) {
      throw new AppError('PRODUCT_UNAVAILABLE', 'A product in the cart is no longer available.', {
        productId: gone.map((l) => String(l.product.id)),
      })
    }
    const [buyer] = await tx.select().from(users).where(eq(users.id, actorId))
    if (!buyer) throw new AppError('NOT_FOUND', 'No such user')
    // Up to 100 of each product at up to PRICE_MAX: a large enough cart would pass orders.total's end.
    const totalCents = linesCents(lines.map((l) => ({ qty: l.cart.qty, price: l.product.price })))
    if (totalCents > TOTAL_MAX_CENTS) throw new AppError('BAD_USER_INPUT', TOTAL_TOO_LARGE, { cart: [TOTAL_TOO_LARGE] })
    const at = now()
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.id,
        resellerId: buyer.role === 'client' ? buyer.resellerId : null,
        total: String(fromCents(totalCents)),
        createdAt: at,
      })
      .returning()
    const items = await tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderId: order!.id,
          productId: l.product.id,
          name: l.product.name,
          price: l.product.price,
          qty: l.cart.qty,
          planId: l.product.planId,
          totalDays: l.product.totalDays,
        })),
      )
      .returning()
    await tx.delete(cartItems).where(eq(cartItems.userId, actorId))
    const invoice = await invoices.createForOrderInTx(tx, principal!, order!, items, buyer)
    await audit.write(tx, principal!, [
      {
        action: 'order.create',
        entity: 'order',
        entityId: order!.id,
        before: null,
        after: { total: order!.total, items: items.length, invoiceId: invoice.id },
      },
    ])
    return { order: order!, invoiceId: invoice.id }
  })
}
