import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import type { OrderItemRow, OrderRow } from '../shop/shop.tables'
import { invoices, type InvoiceRow } from './invoices.tables'
import { utcDay, addDays, clientOf } from './invoice-view'
import { sendInTx } from './send-invoice'
import type { InvoicesDeps } from './invoices.deps'

/** Checkout: the order's invoice, sent to the buyer, inside the checkout transaction. */
export async function createForOrderInTx(
  deps: InvoicesDeps,
  tx: Db,
  actor: Principal,
  order: OrderRow,
  items: OrderItemRow[],
  buyer: UserRow,
): Promise<InvoiceRow> {
  const { audit, now } = deps
  const today = utcDay(now())
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      userId: buyer.id,
      resellerId: order.resellerId,
      status: 'Sent',
      issuedDate: today,
      dueDate: addDays(today, deps.dueDays),
      ...clientOf(buyer),
      service: items
        .map((i) => i.name)
        .join(', ')
        .slice(0, 200),
      lines: items.map((i) => ({ description: i.name, qty: i.qty, price: Number(i.price) })),
      total: order.total,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning()
  await sendInTx(deps, tx, actor, row!)
  await audit.write(tx, actor, [
    { action: 'invoice.create', entity: 'invoice', entityId: row!.id, before: null, after: { orderId: order.id, total: row!.total } },
  ])
  return row!
}
