import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { localeFromHeader } from '../help/help.service'
import { toId } from '../../ids'
import { colorOptions } from './shop.tables'
import { PRODUCT_SORTS, type AdminProduct, type CartLine, type ShopProduct } from './shop.service'

const ProductSortEnum = builder.enumType('ProductSort', {
  values: Object.fromEntries(PRODUCT_SORTS.map((s) => [s.replace('-', '_'), { value: s }])) as Record<string, { value: (typeof PRODUCT_SORTS)[number] }>,
})
const ColorOptionEnum = builder.enumType('ColorOption', { values: colorOptions })

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never

/** The spec's product fields, shared by the product, the cart line and the admin's view. */
const productFields = <P extends ShopProduct>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>, localized = true) => ({
  id: t.id({ resolve: (p) => String(p.id) }),
  name: t.string({ resolve: (p) => p.name }),
  slug: t.string({ resolve: (p) => p.slug }),
  description: t.string({
    description: "A licence product's description made from its plan's texts comes in the caller's language (Accept-Language); one an admin wrote, as written.",
    resolve: (p, _a, ctx) => (localized ? ctx.services.plans.productDescription(p.description, localeFromHeader(ctx.acceptLanguage)) : p.description),
  }),
  brand: t.string({ resolve: (p) => p.brand }),
  price: t.float({ description: 'In the configured CURRENCY.', resolve: (p) => p.price }),
  image: t.string({ nullable: true, resolve: (p) => p.image }),
  hasFreeShipping: t.boolean({ resolve: (p) => p.hasFreeShipping }),
  rating: t.int({ resolve: (p) => p.rating }),
  isInWishlist: t.boolean({ resolve: (p) => p.isInWishlist }),
  isInCart: t.boolean({ resolve: (p) => p.isInCart }),
  colorOptions: t.stringList({ resolve: (p) => p.colorOptions }),
})

const ShopProductRef = builder.objectRef<ShopProduct>('ShopProduct').implement({
  extensions: guardedByParent,
  description: 'A product of the shop (spec §3): a plan for a number of days, or an add-on.',
  fields: (t) => productFields(t),
})

const CartLineRef = builder.objectRef<CartLine & { removed: boolean }>('CartLine').implement({
  extensions: guardedByParent,
  description: 'A product in the cart with its quantity; removed when it was taken off sale meanwhile (checkout then refuses).',
  fields: (t) => ({ ...productFields(t), qty: t.exposeInt('qty'), removed: t.exposeBoolean('removed') }),
})

const AdminProductRef = builder.objectRef<AdminProduct>('AdminProduct').implement({
  extensions: guardedByParent,
  description: 'A catalogue entry as admins manage it.',
  fields: (t) => ({
    ...productFields(t, false),
    kind: t.exposeString('kind'),
    planId: t.id({ nullable: true, resolve: (p) => (p.planId === null ? null : String(p.planId)) }),
    totalDays: t.exposeInt('totalDays', { nullable: true }),
    sortOrder: t.exposeInt('sortOrder'),
    removed: t.exposeBoolean('removed'),
  }),
})

const WishlistEntryRef = builder.objectRef<{ id: number; productId: number }>('WishlistEntry').implement({
  extensions: guardedByParent,
  fields: (t) => ({ id: t.id({ resolve: (e) => String(e.id) }), productId: t.id({ resolve: (e) => String(e.productId) }) }),
})
const CartEntryRef = builder.objectRef<{ id: number; productId: number; qty: number }>('CartEntry').implement({
  extensions: guardedByParent,
  fields: (t) => ({ id: t.id({ resolve: (e) => String(e.id) }), productId: t.id({ resolve: (e) => String(e.productId) }), qty: t.exposeInt('qty') }),
})

const ShopPageRef = builder
  .objectRef<{
    products: ShopProduct[]
    total: number
    userWishlist: Array<{ id: number; productId: number }>
    userCart: Array<{ id: number; productId: number; qty: number }>
  }>('ShopPage')
  .implement({
    extensions: guardedByParent,
    description: "GET /apps/ecommerce/products: one page of the catalogue with the caller's wishlist and cart entries.",
    fields: (t) => ({
      products: t.field({ type: [ShopProductRef], resolve: (p) => p.products }),
      total: t.exposeInt('total'),
      userWishlist: t.field({ type: [WishlistEntryRef], resolve: (p) => p.userWishlist }),
      userCart: t.field({ type: [CartEntryRef], resolve: (p) => p.userCart }),
      currency: t.string({ description: 'ISO 4217 code of the prices (CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
    }),
  })

const CheckoutResultRef = builder.objectRef<{ orderId: number; invoiceId: number }>('CheckoutResult').implement({
  extensions: guardedByParent,
  fields: (t) => ({ orderId: t.id({ resolve: (r) => String(r.orderId) }), invoiceId: t.id({ resolve: (r) => String(r.invoiceId) }) }),
})

const ProductInput = builder.inputType('ProductInput', {
  description:
    'A catalogue entry; a licence product names a plan and its days (both or neither). image: an http(s) address, a site path, or a PNG/JPEG/WebP data URL.',
  fields: (t) => ({
    name: t.string(),
    slug: t.string(),
    description: t.string(),
    brand: t.string(),
    price: t.float(),
    image: t.string(),
    hasFreeShipping: t.boolean(),
    rating: t.int(),
    colorOptions: t.field({ type: [ColorOptionEnum] }),
    sortOrder: t.int(),
    planId: t.id(),
    totalDays: t.int(),
  }),
})

/** The fields given (null kept where it means "none": image, planId, totalDays). */
const plain = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || ['image', 'planId', 'totalDays'].includes(k))))

builder.queryFields((t) => ({
  // The shop: signed in (each user their own cart and wishlist); the catalogue managed by admins.
  shopProducts: t.withAuth({ signedIn: true }).field({
    type: ShopPageRef,
    args: { q: t.arg.string(), sortBy: t.arg({ type: ProductSortEnum }), perPage: t.arg.int(), page: t.arg.int() },
    resolve: (_r, args, ctx) => ctx.services.shop.list(ctx.principal, plain(args)),
  }),
  shopProduct: t.withAuth({ signedIn: true }).field({
    type: ShopProductRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.shop.get(ctx.principal, toId(id, 'id', 'int4')),
  }),
  wishlist: t.withAuth({ signedIn: true }).field({ type: [ShopProductRef], resolve: (_r, _a, ctx) => ctx.services.shop.wishlist(ctx.principal) }),
  cart: t.withAuth({ signedIn: true }).field({ type: [CartLineRef], resolve: (_r, _a, ctx) => ctx.services.shop.cart(ctx.principal) }),
  adminProducts: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: [AdminProductRef],
    description: 'Admins: the whole catalogue, removed products included.',
    resolve: (_r, _a, ctx) => ctx.services.shop.adminList(ctx.principal),
  }),
}))

builder.mutationFields((t) => ({
  addToCart: t.withAuth({ signedIn: true }).boolean({
    args: { productId: t.arg.id({ required: true }), qty: t.arg.int() },
    resolve: async (_r, a, ctx) => (await ctx.services.shop.addToCart(ctx.principal, a.productId, a.qty ?? 1), true),
  }),
  setCartQuantity: t.withAuth({ signedIn: true }).boolean({
    args: { productId: t.arg.id({ required: true }), qty: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.shop.setCartQty(ctx.principal, a.productId, a.qty),
  }),
  removeFromCart: t.withAuth({ signedIn: true }).boolean({
    args: { productId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.shop.removeFromCart(ctx.principal, a.productId),
  }),
  addToWishlist: t.withAuth({ signedIn: true }).boolean({
    args: { productId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => (await ctx.services.shop.addToWishlist(ctx.principal, a.productId), true),
  }),
  removeFromWishlist: t.withAuth({ signedIn: true }).boolean({
    args: { productId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.shop.removeFromWishlist(ctx.principal, a.productId),
  }),
  checkout: t.withAuth({ signedIn: true }).field({
    type: CheckoutResultRef,
    description: 'The cart becomes an order and its invoice (sent to the buyer); paid by bank transfer.',
    resolve: async (_r, _a, ctx) => {
      const { order, invoiceId } = await ctx.services.shop.checkout(ctx.principal)
      return { orderId: order.id, invoiceId }
    },
  }),
  createProduct: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: AdminProductRef,
    args: { input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.shop.createProduct(ctx.principal, plain(input)),
  }),
  updateProduct: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: AdminProductRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.shop.updateProduct(ctx.principal, toId(id, 'id', 'int4'), plain(input)),
  }),
  removeProduct: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: AdminProductRef,
    description: 'Admins: takes a product off sale (orders and invoices that name it keep it).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.shop.removeProduct(ctx.principal, toId(id, 'id', 'int4')),
  }),
}))
