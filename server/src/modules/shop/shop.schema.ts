import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { localeFromHeader } from '../help/help.service'
import { toId } from '../../ids'
import type { colorOptions } from './shop.tables'
import { PRODUCT_SORTS, type AdminProduct, type CartLine, type ShopProduct } from './shop.service'

const sortDescriptions: Record<(typeof PRODUCT_SORTS)[number], string> = {
  featured: 'The catalogue order admins set (sortOrder), then by id.',
  'price-asc': 'Cheapest first.',
  'price-desc': 'Dearest first.',
}
const ProductSortEnum = builder.enumType('ProductSort', {
  description: 'The order of the catalogue.',
  values: Object.fromEntries(PRODUCT_SORTS.map((s) => [s.replace('-', '_'), { value: s, description: sortDescriptions[s] }])) as Record<
    string,
    { value: (typeof PRODUCT_SORTS)[number]; description: string }
  >,
})
const ColorOptionEnum = builder.enumType('ColorOption', {
  description: 'A colour a product is offered in (a theme colour name).',
  values: {
    primary: { description: 'The theme’s primary colour.' },
    success: { description: 'Green.' },
    warning: { description: 'Orange.' },
    danger: { description: 'Red.' },
    info: { description: 'Blue.' },
  } satisfies Record<(typeof colorOptions)[number], { description: string }>,
})

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never

/** The spec's product fields, shared by the product, the cart line and the admin's view. */
const productFields = <P extends ShopProduct>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>, localized = true) => ({
  id: t.id({ description: 'The product id (a decimal number as a string).', resolve: (p) => String(p.id) }),
  name: t.string({ description: 'The product name.', resolve: (p) => p.name }),
  slug: t.string({ description: 'Its address name, e.g. `pro-30-days`.', resolve: (p) => p.slug }),
  description: t.string({
    description: "A licence product's description made from its plan's texts comes in the caller's language (Accept-Language); one an admin wrote, as written.",
    resolve: (p, _a, ctx) => (localized ? ctx.services.plans.productDescription(p.description, localeFromHeader(ctx.acceptLanguage)) : p.description),
  }),
  brand: t.string({ description: 'Its brand (may be empty).', resolve: (p) => p.brand }),
  price: t.float({ description: 'In the configured CURRENCY.', resolve: (p) => p.price }),
  image: t.string({ nullable: true, description: 'Picture: an http(s) URL, a site path or a data URL; null: none.', resolve: (p) => p.image }),
  hasFreeShipping: t.boolean({ description: 'Shown with a free-shipping badge.', resolve: (p) => p.hasFreeShipping }),
  rating: t.int({ description: 'Stars shown, 1 to 5 (set by admins).', resolve: (p) => p.rating }),
  isInWishlist: t.boolean({ description: 'In the caller’s wishlist.', resolve: (p) => p.isInWishlist }),
  isInCart: t.boolean({ description: 'In the caller’s cart.', resolve: (p) => p.isInCart }),
  colorOptions: t.stringList({ description: 'Colour names (see ColorOption), e.g. `primary`.', resolve: (p) => p.colorOptions }),
})

const ShopProductRef = builder.objectRef<ShopProduct>('ShopProduct').implement({
  extensions: guardedByParent,
  description: 'A product of the shop (spec §3): a plan for a number of days, or an add-on.',
  fields: (t) => productFields(t),
})

const CartLineRef = builder.objectRef<CartLine & { removed: boolean }>('CartLine').implement({
  extensions: guardedByParent,
  description: 'A product in the cart with its quantity; removed when it was taken off sale meanwhile (checkout then refuses).',
  fields: (t) => ({
    ...productFields(t),
    qty: t.exposeInt('qty', { description: 'How many, 1 to 100.' }),
    removed: t.exposeBoolean('removed', { description: 'Taken off sale since it was put in the cart.' }),
  }),
})

const AdminProductRef = builder.objectRef<AdminProduct>('AdminProduct').implement({
  extensions: guardedByParent,
  description: 'A catalogue entry as admins manage it.',
  fields: (t) => ({
    ...productFields(t, false),
    kind: t.exposeString('kind', { description: 'plan (a licence product: paid, it mints a key) or addon.' }),
    planId: t.id({
      nullable: true,
      description: 'Licence products: the plan; null for add-ons.',
      resolve: (p) => (p.planId === null ? null : String(p.planId)),
    }),
    totalDays: t.exposeInt('totalDays', { nullable: true, description: 'Licence products: days the key gives; null for add-ons.' }),
    sortOrder: t.exposeInt('sortOrder', { description: 'Its place in the featured order, lowest first.' }),
    removed: t.exposeBoolean('removed', { description: 'Taken off sale.' }),
  }),
})

const WishlistEntryRef = builder.objectRef<{ id: number; productId: number }>('WishlistEntry').implement({
  extensions: guardedByParent,
  description: 'A product on the caller’s wishlist.',
  fields: (t) => ({
    id: t.id({ description: 'The entry id.', resolve: (e) => String(e.id) }),
    productId: t.id({ description: 'The product.', resolve: (e) => String(e.productId) }),
  }),
})
const CartEntryRef = builder.objectRef<{ id: number; productId: number; qty: number }>('CartEntry').implement({
  extensions: guardedByParent,
  description: 'A product in the caller’s cart.',
  fields: (t) => ({
    id: t.id({ description: 'The entry id.', resolve: (e) => String(e.id) }),
    productId: t.id({ description: 'The product.', resolve: (e) => String(e.productId) }),
    qty: t.exposeInt('qty', { description: 'How many, 1 to 100.' }),
  }),
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
      products: t.field({ type: [ShopProductRef], description: 'The products of this page.', resolve: (p) => p.products }),
      total: t.exposeInt('total', { description: 'Products matching over all pages.' }),
      userWishlist: t.field({ type: [WishlistEntryRef], description: 'The caller’s wishlist entries.', resolve: (p) => p.userWishlist }),
      userCart: t.field({ type: [CartEntryRef], description: 'The caller’s cart entries.', resolve: (p) => p.userCart }),
      currency: t.string({ description: 'ISO 4217 code of the prices (CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
    }),
  })

const CheckoutResultRef = builder.objectRef<{ orderId: number; invoiceId: number }>('CheckoutResult').implement({
  extensions: guardedByParent,
  description: 'The order a checkout made and its invoice.',
  fields: (t) => ({
    orderId: t.id({ description: 'The order id.', resolve: (r) => String(r.orderId) }),
    invoiceId: t.id({ description: 'The invoice number (see `invoice`).', resolve: (r) => String(r.invoiceId) }),
  }),
})

const ProductInput = builder.inputType('ProductInput', {
  description:
    'A catalogue entry; a licence product names a plan and its days (both or neither). image: an http(s) address, a site path, or a PNG/JPEG/WebP data URL.',
  fields: (t) => ({
    name: t.string({ description: '1 to 120 characters (required on create).' }),
    slug: t.string({ description: 'Lower-case letters, digits and dashes, at most 120.' }),
    description: t.string({ description: 'At most 4000 characters.' }),
    brand: t.string({ description: 'At most 120 characters.' }),
    price: t.float({ description: 'In CURRENCY, whole cents (e.g. 9.99).' }),
    image: t.string({ description: 'See above; null: none.' }),
    hasFreeShipping: t.boolean({ description: 'Show a free-shipping badge.' }),
    rating: t.int({ description: 'Stars, 1 to 5.' }),
    colorOptions: t.field({ type: [ColorOptionEnum], description: 'Up to 5 colours.' }),
    sortOrder: t.int({ description: 'Featured order, -10000 to 10000, lowest first.' }),
    planId: t.id({ description: 'Licence products: the plan; null: an add-on.' }),
    totalDays: t.int({ description: 'Licence products: days the key gives, 1 to 3650; null: an add-on.' }),
  }),
})

/** The fields given (null kept where it means "none": image, planId, totalDays). */
const plain = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || ['image', 'planId', 'totalDays'].includes(k))))

builder.queryFields((t) => ({
  // The shop: signed in (each user their own cart and wishlist); the catalogue managed by admins.
  shopProducts: t.withAuth({ signedIn: true }).field({
    type: ShopPageRef,
    description: 'One page of the catalogue (products on sale) with your wishlist and cart entries.',
    args: {
      q: t.arg.string({ description: 'Part of the name, brand or description (at most 100 characters).' }),
      sortBy: t.arg({ type: ProductSortEnum, description: 'The order; omitted: featured.' }),
      perPage: t.arg.int({ description: 'Products per page, 1 to 100 (default 9).' }),
      page: t.arg.int({ description: 'The page, from 1 (default 1).' }),
    },
    resolve: (_r, args, ctx) => ctx.services.shop.list(ctx.principal, plain(args)),
  }),
  shopProduct: t.withAuth({ signedIn: true }).field({
    type: ShopProductRef,
    nullable: true,
    description: 'One product on sale; null when unknown or removed.',
    args: { id: t.arg.id({ required: true, description: 'The product id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.shop.get(ctx.principal, toId(id, 'id', 'int4')),
  }),
  wishlist: t
    .withAuth({ signedIn: true })
    .field({ type: [ShopProductRef], description: 'The products on your wishlist.', resolve: (_r, _a, ctx) => ctx.services.shop.wishlist(ctx.principal) }),
  cart: t
    .withAuth({ signedIn: true })
    .field({ type: [CartLineRef], description: 'Your cart.', resolve: (_r, _a, ctx) => ctx.services.shop.cart(ctx.principal) }),
  adminProducts: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: [AdminProductRef],
    description: 'Admins: the whole catalogue, removed products included.',
    resolve: (_r, _a, ctx) => ctx.services.shop.adminList(ctx.principal),
  }),
}))

builder.mutationFields((t) => ({
  addToCart: t.withAuth({ signedIn: true }).boolean({
    description: 'Puts a product in your cart, or adds to its quantity (at most 100).',
    args: {
      productId: t.arg.id({ required: true, description: 'The product id.' }),
      qty: t.arg.int({ description: 'How many to add, 1 to 100 (default 1).' }),
    },
    resolve: async (_r, a, ctx) => (await ctx.services.shop.addToCart(ctx.principal, a.productId, a.qty ?? 1), true),
  }),
  setCartQuantity: t.withAuth({ signedIn: true }).boolean({
    description: 'Sets the quantity of a product in your cart; false when it is not in the cart.',
    args: {
      productId: t.arg.id({ required: true, description: 'The product id.' }),
      qty: t.arg.int({ required: true, description: 'The new quantity, 1 to 100.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.shop.setCartQty(ctx.principal, a.productId, a.qty),
  }),
  removeFromCart: t.withAuth({ signedIn: true }).boolean({
    description: 'Takes a product out of your cart; false when it was not there.',
    args: { productId: t.arg.id({ required: true, description: 'The product id.' }) },
    resolve: (_r, a, ctx) => ctx.services.shop.removeFromCart(ctx.principal, a.productId),
  }),
  addToWishlist: t.withAuth({ signedIn: true }).boolean({
    description: 'Puts a product on your wishlist (again is no error).',
    args: { productId: t.arg.id({ required: true, description: 'The product id.' }) },
    resolve: async (_r, a, ctx) => (await ctx.services.shop.addToWishlist(ctx.principal, a.productId), true),
  }),
  removeFromWishlist: t.withAuth({ signedIn: true }).boolean({
    description: 'Takes a product off your wishlist; false when it was not there.',
    args: { productId: t.arg.id({ required: true, description: 'The product id.' }) },
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
    description: 'Admins: a new catalogue entry; audited.',
    args: { input: t.arg({ type: ProductInput, required: true, description: 'The product.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.shop.createProduct(ctx.principal, plain(input)),
  }),
  updateProduct: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: AdminProductRef,
    description: 'Admins: changes a catalogue entry (only the fields given); audited.',
    args: {
      id: t.arg.id({ required: true, description: 'The product id.' }),
      input: t.arg({ type: ProductInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.shop.updateProduct(ctx.principal, toId(id, 'id', 'int4'), plain(input)),
  }),
  removeProduct: t.withAuth({ can: ['manage', 'Product'] }).field({
    type: AdminProductRef,
    description: 'Admins: takes a product off sale (orders and invoices that name it keep it).',
    args: { id: t.arg.id({ required: true, description: 'The product id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.shop.removeProduct(ctx.principal, toId(id, 'id', 'int4')),
  }),
}))
