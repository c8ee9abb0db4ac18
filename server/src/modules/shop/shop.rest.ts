import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { parseId } from '../../ids'
import { isAppError } from '../../errors'
import { shopDocs } from './shop.api-doc'

/**
 * The shop in the spec's shapes (§7, both variants): GET /apps/ecommerce/products (q, sortBy
 * featured / price-asc / price-desc, perPage 9, page 1) → {products, total, userWishlist,
 * userCart}; GET /products/{id} → {product} or 404 with no body; wishlist and cart GET →
 * {products}, POST {productId} → 201 (an unknown product: 404 with no body), DELETE /{productId} → 200 (404 when not there).
 * POST /apps/ecommerce/checkout → 201 {orderId, invoiceId} (the cart becomes an order and its invoice).
 */
export function mountShopRoutes(app: Hono<AppEnv>) {
  const base = '/apps/ecommerce'
  // The shop and invoices: signed in; the services keep each user to their own cart and wishlist, and invoices to the caller's scope.
  guarded(app, 'GET', `${base}/products`, rule.signedIn, shopDocs.list, async (c, principal) =>
    c.json(await c.get('services').shop.list(principal, c.req.query())),
  )

  guarded(app, 'GET', `${base}/products/:id`, rule.signedIn, shopDocs.get, async (c, principal) => {
    const id = parseId(c.req.param('id'), 'int4')
    const product = id ? await c.get('services').shop.get(principal, id) : null
    return product ? c.json({ product }) : c.body(null, 404)
  })

  for (const list of ['wishlist', 'cart'] as const) {
    guarded(app, 'GET', `${base}/${list}`, rule.signedIn, shopDocs[list], async (c, principal) => {
      const shop = c.get('services').shop
      return c.json({ products: list === 'cart' ? await shop.cart(principal) : await shop.wishlist(principal) })
    })
    guarded(app, 'POST', `${base}/${list}`, rule.signedIn, shopDocs[`${list}Add`], async (c, principal) => {
      const shop = c.get('services').shop
      const { productId } = await jsonBody(c)
      try {
        if (list === 'cart') await shop.addToCart(principal, productId)
        else await shop.addToWishlist(principal, productId)
      } catch (e) {
        // The spec's error catalogue: an unknown product is a 404 with no body, here as on GET.
        if (isAppError(e) && e.code === 'NOT_FOUND') return c.body(null, 404)
        throw e
      }
      return c.body(null, 201)
    })
    guarded(app, 'DELETE', `${base}/${list}/:productId`, rule.signedIn, shopDocs[`${list}Remove`], async (c, principal) => {
      const shop = c.get('services').shop
      const id = c.req.param('productId')
      if (!parseId(id, 'int4')) return c.body(null, 404)
      const gone = list === 'cart' ? await shop.removeFromCart(principal, id) : await shop.removeFromWishlist(principal, id)
      return c.body(null, gone ? 200 : 404)
    })
  }

  guarded(app, 'POST', `${base}/checkout`, rule.signedIn, shopDocs.checkout, async (c, principal) => {
    const { order, invoiceId } = await c.get('services').shop.checkout(principal)
    return c.json({ orderId: order.id, invoiceId }, 201)
  })
}
