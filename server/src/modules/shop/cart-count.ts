import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems } from './shop.tables'

/** userData `extras.eCommerceCartItemsCount`: the quantities in the user's cart. */
export async function cartItemsCount(handle: Db, userId: number): Promise<number> {
  const [row] = await handle
    .select({ n: sql<number>`coalesce(sum(${cartItems.qty}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
  return Number(row?.n ?? 0)
}
