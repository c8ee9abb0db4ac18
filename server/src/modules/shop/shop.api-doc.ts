import { z } from 'zod'
import { listOf, notFound, shape, type RouteDoc } from '../../http/route-doc'
import { listInput } from './shop-inputs'

const own = 'Each user has their own cart and wishlist.'
const productId = z.object({ productId: z.union([z.number().int(), z.string()]).meta({ description: 'The product id.' }) })

export const shopDocs = {
  list: {
    summary: 'The shop catalogue',
    description: 'Searched (name, brand, description), sorted and paged in the database.',
    query: listInput,
    responses: {
      200: {
        description: '`{products, total, userWishlist, userCart}`.',
        body: z.object({
          products: listOf('Products of the page, each with isInWishlist and isInCart.'),
          total: z.number().int(),
          userWishlist: listOf('{id, productId} of the wishlist.'),
          userCart: listOf('{id, productId} of the cart.'),
        }),
      },
    },
  },
  get: {
    summary: 'One product',
    responses: { 200: { description: '`{product}`.', body: z.object({ product: shape('The product.') }) }, 404: notFound('Unknown') },
  },
  wishlist: {
    summary: 'The caller’s wishlist',
    description: own,
    responses: { 200: { description: '`{products}`.', body: z.object({ products: listOf('The products.') }) } },
  },
  wishlistAdd: { summary: 'Add a product to the wishlist', description: own, body: productId, responses: { 201: { description: 'Added (no body).' } } },
  wishlistRemove: {
    summary: 'Remove a product from the wishlist',
    description: own,
    responses: { 200: { description: 'Removed (no body).' }, 404: notFound('Not in the wishlist') },
  },
  cart: {
    summary: 'The caller’s cart',
    description: own,
    responses: { 200: { description: '`{products}`.', body: z.object({ products: listOf('The products.') }) } },
  },
  cartAdd: { summary: 'Add a product to the cart', description: own, body: productId, responses: { 201: { description: 'Added (no body).' } } },
  cartRemove: {
    summary: 'Remove a product from the cart',
    description: own,
    responses: { 200: { description: 'Removed (no body).' }, 404: notFound('Not in the cart') },
  },
  checkout: {
    summary: 'Check out the cart',
    description: 'The cart becomes an order and its invoice.',
    responses: { 201: { description: '`{orderId, invoiceId}`.', body: z.object({ orderId: z.number().int(), invoiceId: z.number().int() }) } },
  },
} satisfies Record<string, RouteDoc>
