import { inflateSync } from 'node:zlib'
import { and, count, eq } from 'drizzle-orm'
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { invoiceLicences, invoicePayments, invoices } from '../../server/src/modules/invoices/invoices.tables'
import { cartItems, orders, products } from '../../server/src/modules/shop/shop.tables'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const PRODUCT_KEYS = ['brand', 'colorOptions', 'description', 'hasFreeShipping', 'id', 'image', 'isInCart', 'isInWishlist', 'name', 'price', 'rating', 'slug']
const INVOICE_KEYS = ['avatar', 'balance', 'client', 'dueDate', 'id', 'invoiceStatus', 'issuedDate', 'service', 'total']
const CLIENT_KEYS = ['address', 'company', 'companyEmail', 'contact', 'country', 'name']
const PAY = 'mutation($id: ID!, $i: PaymentInput!) { recordInvoicePayment(id: $id, input: $i) { invoice { invoiceStatus balance } licenceIds } }'

/** The text a PDF page draws: its content streams inflated, the hex strings of Tj operators decoded (WinAnsi ≈ latin1). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of doc.getPages()) {
    const contents = page.node.Contents()
    const refs = contents && 'asArray' in contents ? (contents as any).asArray() : [page.node.get(PDFName.of('Contents'))]
    for (const ref of refs) {
      const stream = doc.context.lookup(ref)
      if (!(stream instanceof PDFRawStream)) continue
      const raw = Buffer.from(stream.contents)
      const text = (stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1')
      for (const m of text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'))
    }
  }
  return out.join('\n')
}

describe.each(engines)('shop and invoices on %s', (engine) => {
  let t: TestApp
  let admin: string
  let reseller: string
  let client: string
  let ids: { admin: number; reseller: number; client: number }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const { ok, code } = gqlCaller(
    () => t,
    () => admin,
  )

  /** A new account (registered through the spec's call), optionally made a reseller or given a reseller. */
  async function newUser(name: string, opts: { role?: 'reseller'; resellerId?: number } = {}) {
    const reg = await t.json('POST', '/jwt/register', { username: name, email: `${name}@example.com`, password: 'Str0ng-Passw0rd!x' })
    expect(reg.status).toBe(200)
    const id: number = reg.body.userData.id
    if (opts.role || opts.resellerId) {
      await t.database.db
        .update(users)
        .set({ role: opts.role ?? 'client', resellerId: opts.resellerId ?? null })
        .where(eq(users.id, id))
      const login = await t.json('POST', '/jwt/login', { email: `${name}@example.com`, password: 'Str0ng-Passw0rd!x' })
      return { id, token: login.body.accessToken as string }
    }
    return { id, token: reg.body.accessToken as string }
  }

  async function productBySlug(slug: string) {
    const [p] = await t.database.db.select().from(products).where(eq(products.slug, slug))
    return p!
  }

  async function buy(token: string, productId: number) {
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId }, auth(token))).status).toBe(201)
    const res = await t.json('POST', '/apps/ecommerce/checkout', undefined, auth(token))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { orderId: number; invoiceId: number }
  }

  const rowCounts = async () => {
    const db = t.database.db
    const [o] = await db.select({ n: count() }).from(orders)
    const [i] = await db.select({ n: count() }).from(invoices)
    const [p] = await db.select({ n: count() }).from(invoicePayments)
    const [l] = await db.select({ n: count() }).from(licences)
    return { orders: o!.n, invoices: i!.n, payments: p!.n, licences: l!.n }
  }

  /** The three demo sign-ins the tests share (again after a test moves the clock past their lifetime). */
  async function signIn() {
    const [a, r, c] = await Promise.all([t.loginAs('admin'), t.loginAs('reseller'), t.loginAs('client')])
    admin = a.accessToken
    reseller = r.accessToken
    client = c.accessToken
    ids = { admin: a.userData.id, reseller: r.userData.id, client: c.userData.id }
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    await signIn()
  })
  afterAll(() => t.close())

  it('serves the catalogue in the §7 shape: plans as licence products, searched, sorted and paged in the database', async () => {
    const res = await t.json('GET', '/apps/ecommerce/products', undefined, auth(client))
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['products', 'total', 'userCart', 'userWishlist'])
    expect(res.body.total).toBe(6)
    expect(res.body.products.map((p: any) => p.name)).toEqual([
      'Starter — 30 days',
      'Starter — 365 days',
      'Headstarter — 30 days',
      'Headstarter — 365 days',
      'Pro — 30 days',
      'Pro — 365 days',
    ])
    for (const p of res.body.products) expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS)
    expect(res.body.products[0]).toMatchObject({ price: 8, slug: 'starter-30-days', isInCart: false, isInWishlist: false, rating: 5 })
    const asc = await t.json('GET', '/apps/ecommerce/products?sortBy=price-asc&perPage=2&page=2', undefined, auth(client))
    expect(asc.body.products.map((p: any) => p.price)).toEqual([25, 72])
    expect(asc.body.total).toBe(6)
    const desc = await t.json('GET', '/apps/ecommerce/products?sortBy=price-desc&q=pro', undefined, auth(client))
    expect(desc.body.products.map((p: any) => p.name)).toEqual(['Pro — 365 days', 'Pro — 30 days'])
    expect((await t.json('GET', '/apps/ecommerce/products?sortBy=cheap', undefined, auth(client))).status).toBe(400)
    expect((await t.json('GET', '/apps/ecommerce/products')).status).toBe(401)

    const one = await t.json('GET', `/apps/ecommerce/products/${res.body.products[0].id}`, undefined, auth(client))
    expect(one.status).toBe(200)
    expect(Object.keys(one.body)).toEqual(['product'])
    expect(one.body.product).toEqual(res.body.products[0])
    for (const id of ['999999', 'abc', '0']) {
      const missing = await t.json('GET', `/apps/ecommerce/products/${id}`, undefined, auth(client))
      expect([missing.status, missing.body]).toEqual([404, null])
    }
  })

  it('keeps wishlist and cart per user (201 on add) and counts the cart in userData', async () => {
    const buyer = await newUser('cart-owner')
    const starter = await productBySlug('starter-30-days')
    const pro = await productBySlug('pro-30-days')
    const h = auth(buyer.token)
    expect((await t.json('POST', '/apps/ecommerce/wishlist', { productId: starter.id }, h)).status).toBe(201)
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId: pro.id }, h)).status).toBe(201)
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId: String(pro.id) }, h)).status).toBe(201)
    // The spec's error catalogue: unknown product → 404 with no body (cart and wishlist alike).
    expect(await t.json('POST', '/apps/ecommerce/cart', { productId: 424242 }, h)).toEqual({ status: 404, body: null })
    expect(await t.json('POST', '/apps/ecommerce/wishlist', { productId: 424242 }, h)).toEqual({ status: 404, body: null })
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId: 'x' }, h)).status).toBe(400)
    const wish = await t.json('GET', '/apps/ecommerce/wishlist', undefined, h)
    expect(wish.body.products.map((p: any) => [p.id, p.isInWishlist, p.isInCart])).toEqual([[starter.id, true, false]])
    const cart = await t.json('GET', '/apps/ecommerce/cart', undefined, h)
    expect(cart.body.products.map((p: any) => [p.id, p.qty, p.isInCart])).toEqual([[pro.id, 2, true]])
    const list = await t.json('GET', '/apps/ecommerce/products', undefined, h)
    expect(list.body.userWishlist).toEqual([{ id: expect.any(Number), productId: starter.id }])
    expect(list.body.userCart).toEqual([{ id: expect.any(Number), productId: pro.id, qty: 2 }])
    // Another user's lists are their own.
    expect((await t.json('GET', '/apps/ecommerce/cart', undefined, auth(client))).body.products).toEqual([])
    const login = await t.json('POST', '/jwt/login', { email: 'cart-owner@example.com', password: 'Str0ng-Passw0rd!x' })
    expect(login.body.userData.extras).toEqual({ eCommerceCartItemsCount: 2 })
    expect((await t.json('DELETE', `/apps/ecommerce/wishlist/${starter.id}`, undefined, h)).status).toBe(200)
    expect((await t.json('DELETE', `/apps/ecommerce/wishlist/${starter.id}`, undefined, h)).status).toBe(404)
    expect((await t.json('DELETE', `/apps/ecommerce/cart/${pro.id}`, undefined, h)).status).toBe(200)
    const me = await ok('{ viewer { extras { eCommerceCartItemsCount } } }', {}, buyer.token)
    expect(me.viewer.extras.eCommerceCartItemsCount).toBe(0)
  })

  it('cart → order → invoice → partial payment → payment → licence active with the plan days; a double payment and a refund stay consistent', async () => {
    const buyer = await newUser('plan-buyer')
    const pro = await productBySlug('pro-365-days')
    expect((await t.json('POST', '/apps/ecommerce/checkout', undefined, auth(buyer.token))).body.code).toBe('CART_EMPTY')
    const { orderId, invoiceId } = await buy(buyer.token, pro.id)
    expect((await t.json('GET', '/apps/ecommerce/cart', undefined, auth(buyer.token))).body.products).toEqual([])

    const mine = await t.json('GET', '/apps/invoice/invoices', undefined, auth(buyer.token))
    expect(mine.body.total).toBe(1)
    expect(mine.body.invoices[0]).toMatchObject({ id: invoiceId, total: 240, balance: 240, invoiceStatus: 'Sent', service: 'Pro — 365 days' })
    expect(mine.body.invoices[0].client).toMatchObject({ companyEmail: 'plan-buyer@example.com', name: 'plan-buyer' })
    const mail = (await t.services.mail.latest(5)).find((m) => m.to === 'plan-buyer@example.com')
    expect(mail?.subject).toContain(`Invoice #${invoiceId}`)

    // The buyer cannot pay their own invoice; the demo reseller (not theirs) cannot see it.
    expect(await code(PAY, { id: String(invoiceId), i: { amount: 240 } }, buyer.token)).toBe('FORBIDDEN')
    expect(await code(PAY, { id: String(invoiceId), i: { amount: 240 } }, reseller)).toBe('NOT_FOUND')
    for (const bad of [{ amount: 0 }, { amount: -5 }, { amount: 1.234 }, { amount: 241 }]) {
      expect(await code(PAY, { id: String(invoiceId), i: bad }), JSON.stringify(bad)).toBe('BAD_USER_INPUT')
    }
    const part = await ok(PAY, { id: String(invoiceId), i: { amount: 100, reference: 'transfer 1' } })
    expect(part.recordInvoicePayment).toEqual({ invoice: { invoiceStatus: 'Partial Payment', balance: 140 }, licenceIds: [] })
    expect((await t.database.db.select().from(licences).where(eq(licences.userId, buyer.id))).length).toBe(0)

    const paid = await ok(PAY, { id: String(invoiceId), i: { amount: 140 } })
    expect(paid.recordInvoicePayment.invoice).toEqual({ invoiceStatus: 'Paid', balance: 0 })
    expect(paid.recordInvoicePayment.licenceIds).toHaveLength(1)
    const [key] = await t.database.db.select().from(licences).where(eq(licences.userId, buyer.id))
    expect(key).toMatchObject({ status: 'active', totalDays: 365, licensebeginning: new Date(t.clock.t).toISOString().slice(0, 10) })
    const [u] = await t.database.db.select({ package: users.package }).from(users).where(eq(users.id, buyer.id))
    expect(u!.package).toBe('Pro')
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order!.status).toBe('paid')
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, String(invoiceId))))
    ).map((a) => a.action)
    expect(actions).toEqual(['invoice.create', 'invoice.payment', 'invoice.payment'])
    const licenceAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'licence'), eq(auditLog.entityId, String(key!.id))))
    expect(licenceAudit.map((a) => a.action)).toEqual(['licence.generate', 'licence.activate'])

    // A double payment is refused and changes nothing.
    const before = await rowCounts()
    expect(await code(PAY, { id: String(invoiceId), i: { amount: 1 } })).toBe('INVOICE_PAID')
    expect(await rowCounts()).toEqual(before)

    // A refund below the total revokes the key and the package; the order says refunded.
    expect(await code(PAY, { id: String(invoiceId), i: { kind: 'refund', amount: 241 } })).toBe('BAD_USER_INPUT')
    const refunded = await ok(PAY, { id: String(invoiceId), i: { kind: 'refund', amount: 240 } })
    expect(refunded.recordInvoicePayment.invoice).toEqual({ invoiceStatus: 'Sent', balance: 240 })
    const [after] = await t.database.db.select().from(licences).where(eq(licences.id, key!.id))
    expect(after!.status).toBe('revoked')
    const [u2] = await t.database.db.select({ package: users.package }).from(users).where(eq(users.id, buyer.id))
    expect(u2!.package).toBe('None')
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('refunded')
    expect((await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.licencesIssuedAt).toBeNull()
  })

  it('refuses a checkout whose product was removed meanwhile, writing nothing; a removal after checkout does not stop the licence', async () => {
    const buyer = await newUser('late-buyer')
    const starter = await productBySlug('starter-30-days')
    const addon = await ok('mutation($i: ProductInput!) { createProduct(input: $i) { id kind removed } }', {
      i: { name: 'Setup call', slug: 'setup-call', price: 49.5, description: 'One hour with our team', colorOptions: ['info'] },
    })
    expect(addon.createProduct).toMatchObject({ kind: 'addon', removed: false })
    expect(await code('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', { i: { name: 'x', slug: 'setup-call', price: 1 } })).toBe('CONFLICT')
    expect(await code('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', { i: { name: 'x', slug: 'y', price: 1 } }, client)).toBe('FORBIDDEN')
    const h = auth(buyer.token)
    await t.json('POST', '/apps/ecommerce/cart', { productId: starter.id }, h)
    await t.json('POST', '/apps/ecommerce/cart', { productId: Number(addon.createProduct.id) }, h)
    await ok('mutation($id: ID!) { removeProduct(id: $id) { removed } }', { id: addon.createProduct.id })
    const before = await rowCounts()
    const refused = await t.json('POST', '/apps/ecommerce/checkout', undefined, h)
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([409, 'PRODUCT_UNAVAILABLE', { productId: [addon.createProduct.id] }])
    expect(await rowCounts()).toEqual(before)
    expect((await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id))).length).toBe(2)
    expect((await t.json('GET', `/apps/ecommerce/products/${addon.createProduct.id}`, undefined, h)).status).toBe(404)
    const cart = await t.json('GET', '/apps/ecommerce/cart', undefined, h)
    expect(cart.body.products.map((p: any) => p.removed)).toEqual([false, true])

    await t.json('DELETE', `/apps/ecommerce/cart/${addon.createProduct.id}`, undefined, h)
    const { invoiceId } = await buy(buyer.token, starter.id)
    // Now the plan product is taken off sale: the order keeps what was bought.
    await ok('mutation($id: ID!) { removeProduct(id: $id) { removed } }', { id: String(starter.id) })
    const paid = await ok(PAY, { id: String(invoiceId), i: { amount: 16 } })
    expect(paid.recordInvoicePayment.invoice.invoiceStatus).toBe('Paid')
    const keys = await t.database.db.select().from(licences).where(eq(licences.userId, buyer.id))
    // Two units of the 30-day plan: one active, one reserved for the buyer.
    expect(keys.map((k) => [k.status, k.totalDays]).sort()).toEqual([
      ['active', 30],
      ['assigned', 30],
    ])
    await ok('mutation($id: ID!, $i: ProductInput!) { updateProduct(id: $id, input: $i) { id } }', { id: String(starter.id), i: { rating: 5 } })
    await t.database.db.update(products).set({ removedAt: null }).where(eq(products.id, starter.id))
  })

  it("keeps resellers to their clients' orders and invoices; only an admin records a shop invoice's payment; a reseller's purchase fills their pool", async () => {
    const other = await newUser('other-reseller', { role: 'reseller' })
    const theirClient = await newUser('their-client', { resellerId: other.id })
    const starter = await productBySlug('starter-365-days')
    const { invoiceId } = await buy(theirClient.token, starter.id)
    const demoClientBuy = await buy(client, starter.id)

    const seenByDemo = await t.json('GET', '/apps/invoice/invoices?perPage=100', undefined, auth(reseller))
    expect(seenByDemo.body.invoices.map((i: any) => i.id)).toEqual([demoClientBuy.invoiceId])
    const seenByOther = await t.json('GET', '/apps/invoice/invoices?perPage=100', undefined, auth(other.token))
    expect(seenByOther.body.invoices.map((i: any) => i.id)).toEqual([invoiceId])
    expect((await t.json('GET', `/apps/invoice/invoices/${invoiceId}`, undefined, auth(reseller))).status).toBe(404)
    expect((await t.json('GET', `/apps/invoice/invoices/${invoiceId}/pdf`, undefined, auth(reseller))).status).toBe(404)
    expect((await t.json('GET', `/apps/invoice/invoices/${demoClientBuy.invoiceId}`, undefined, auth(theirClient.token))).status).toBe(404)
    expect(await code(PAY, { id: String(invoiceId), i: { amount: 72 } }, reseller)).toBe('NOT_FOUND')
    expect(await code('{ invoice(id: "4987") { invoice { id } } }', {}, other.token)).toBeUndefined()
    expect((await ok('{ invoice(id: "4987") { invoice { id } } }', {}, other.token)).invoice).toBeNull()
    expect((await t.json('GET', '/apps/invoice/clients', undefined, auth(other.token))).body.map((c: any) => c.companyEmail)).toEqual([
      'their-client@example.com',
    ])

    // The buyer's reseller sees the invoice but may not record money on it: that would mint
    // the keys without anyone paying. Nothing is written; the admin records the transfer.
    const detail = '{ invoice(id: "%s") { canManage canRecordPayment } }'.replace('%s', String(invoiceId))
    expect((await ok(detail, {}, other.token)).invoice).toEqual({ canManage: true, canRecordPayment: false })
    expect((await ok(detail)).invoice).toEqual({ canManage: true, canRecordPayment: true })
    const before = await rowCounts()
    const auditBefore = (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n
    expect(await code(PAY, { id: String(invoiceId), i: { amount: 72 } }, other.token)).toBe('FORBIDDEN')
    expect(await code(PAY, { id: String(invoiceId), i: { kind: 'refund', amount: 1 } }, other.token)).toBe('FORBIDDEN')
    expect(await rowCounts()).toEqual(before)
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore)
    const paid = await ok(PAY, { id: String(invoiceId), i: { amount: 72 } })
    expect(paid.recordInvoicePayment.invoice.invoiceStatus).toBe('Paid')
    const [payAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, String(invoiceId)), eq(auditLog.action, 'invoice.payment')))
    expect(payAudit).toMatchObject({ actorId: ids.admin, after: expect.objectContaining({ amount: 72, provider: 'manual' }) })
    const [active] = await t.database.db
      .select()
      .from(licences)
      .where(and(eq(licences.userId, theirClient.id), eq(licences.status, 'active')))
    expect(active!.totalDays).toBe(365)

    // The reseller buys for their pool: the admin records the transfer; the reseller may not.
    const pro = await productBySlug('pro-30-days')
    await t.json('POST', '/apps/ecommerce/cart', { productId: pro.id }, auth(other.token))
    const own = await buy(other.token, pro.id)
    expect(await code(PAY, { id: String(own.invoiceId), i: { amount: 50 } }, other.token)).toBe('NOT_FOUND')
    await ok(PAY, { id: String(own.invoiceId), i: { amount: 50 } })
    const pool = await t.database.db.select().from(licences).where(eq(licences.resellerId, other.id))
    expect(pool.map((k) => [k.status, k.userId, k.totalDays])).toEqual([
      ['available', null, 30],
      ['available', null, 30],
    ])
    const linked = await t.database.db.select().from(invoiceLicences).where(eq(invoiceLicences.invoiceId, own.invoiceId))
    expect(linked.map((l) => l.licenceId).sort()).toEqual(pool.map((k) => k.id).sort())
    // The statistics reads count what happened, in scope.
    expect(await t.services.invoices.ordersCount({ kind: 'reseller', actorId: other.id })).toBe(2)
    expect(await t.services.invoices.ordersCount({ kind: 'reseller', actorId: other.id }, { paidOnly: true })).toBe(2)
    const byPlan = await t.services.invoices.paidRevenueByPlan({ kind: 'reseller', actorId: other.id })
    expect(byPlan.map((p) => [p.amount, p.units]).sort()).toEqual([
      [50, 2],
      [72, 1],
    ])
    const today = new Date(t.clock.t).toISOString().slice(0, 10)
    expect(await t.services.invoices.paidRevenueByDay({ kind: 'reseller', actorId: other.id }, today)).toEqual([{ day: today, amount: 122 }])
  })

  it('serves the demo invoices 4987–5036 in the §7 shapes, with q, status, sort and paging in the database', async () => {
    const h = auth(admin)
    const page = await t.json('GET', '/apps/invoice/invoices?perPage=10&page=1&sortBy=id&sortDesc=false&q=example.com', undefined, h)
    expect(page.status).toBe(200)
    expect(Object.keys(page.body).sort()).toEqual(['invoices', 'total'])
    expect(page.body.invoices.map((i: any) => i.id)).toEqual(Array.from({ length: 10 }, (_, i) => 4987 + i))
    for (const inv of page.body.invoices) {
      expect(Object.keys(inv).sort()).toEqual(INVOICE_KEYS)
      expect(Object.keys(inv.client).sort()).toEqual(CLIENT_KEYS)
    }
    expect(page.body.invoices.slice(0, 6).map((i: any) => i.invoiceStatus)).toEqual(['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'])
    const seeded = await t.database.db.select({ n: count() }).from(invoices).where(eq(invoices.clientEmail, 'jordan.stevenson@example.com'))
    const jordan = await t.json('GET', '/apps/invoice/invoices?q=JORDAN&perPage=100', undefined, h)
    expect(jordan.body.total).toBe(seeded[0]!.n)
    for (const status of ['Paid', 'Partial Payment', 'Past Due']) {
      const res = await t.json('GET', `/apps/invoice/invoices?status=${encodeURIComponent(status)}&perPage=100`, undefined, h)
      expect(res.body.invoices.length).toBeGreaterThan(0)
      expect(res.body.invoices.every((i: any) => i.invoiceStatus === status)).toBe(true)
    }
    const byBalance = await t.json('GET', '/apps/invoice/invoices?sortBy=balance&sortDesc=true&perPage=5', undefined, h)
    const balances = byBalance.body.invoices.map((i: any) => i.balance)
    expect(balances).toEqual([...balances].sort((a: number, b: number) => b - a))
    expect((await t.json('GET', '/apps/invoice/invoices?status=Lost', undefined, h)).status).toBe(400)

    const one = await t.json('GET', '/apps/invoice/invoices/4991', undefined, h)
    expect(Object.keys(one.body).sort()).toEqual(['invoice', 'paymentDetails'])
    expect(Object.keys(one.body.paymentDetails).sort()).toEqual(['bankName', 'country', 'iban', 'swiftCode', 'totalDue'])
    expect(one.body.paymentDetails.totalDue).toBe(one.body.invoice.balance)
    expect(one.body.invoice.balance).toBeCloseTo(one.body.invoice.total * 0.6, 1)
    for (const id of ['1', '4986', 'x']) expect(await t.json('GET', `/apps/invoice/invoices/${id}`, undefined, h)).toEqual({ status: 404, body: null })
    const clients = await t.json('GET', '/apps/invoice/clients', undefined, h)
    expect(clients.body).toHaveLength(5)
    for (const c of clients.body) expect(Object.keys(c).sort()).toEqual(CLIENT_KEYS)
    expect(clients.body[0].name).toBe('Jordan Stevenson')
    // Clients see only their own.
    const mine = await t.json('GET', '/apps/invoice/invoices?perPage=100', undefined, auth(client))
    expect(mine.body.invoices.every((i: any) => i.client.companyEmail === 'client@demo.local')).toBe(true)
  })

  it('lets staff write, edit and send an invoice; the PDF is generated and reads back', async () => {
    const CREATE = 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { invoice { id invoiceStatus total client { name companyEmail } } } }'
    expect(await code(CREATE, { i: { service: 'x', lines: [{ description: 'x', qty: 1, price: 1 }] } }, client)).toBe('FORBIDDEN')
    expect(await code(CREATE, { i: { service: 'Setup', lines: [{ description: 'Setup', qty: 1, price: 10 }] } }, reseller)).toBe('BAD_USER_INPUT')
    const made = await ok(
      CREATE,
      { i: { userId: String(ids.client), service: 'Channel setup', lines: [{ description: 'Setup call', qty: 2, price: 45.5 }], note: 'Thank you' } },
      reseller,
    )
    const inv = made.createInvoice.invoice
    expect(inv).toMatchObject({ invoiceStatus: 'Draft', total: 91, client: { companyEmail: 'client@demo.local' } })
    const edited = await ok(
      'mutation($id: ID!, $i: InvoiceInput!) { updateInvoice(id: $id, input: $i) { invoice { total service } } }',
      {
        id: inv.id,
        i: { service: 'Channel setup (Ünïcode ✓)', lines: [{ description: 'Setup call', qty: 3, price: 45.5 }] },
      },
      reseller,
    )
    expect(edited.updateInvoice.invoice).toEqual({ total: 136.5, service: 'Channel setup (Ünïcode ✓)' })
    const sent = await ok('mutation($id: ID!) { sendInvoice(id: $id) { invoice { invoiceStatus } } }', { id: inv.id }, reseller)
    expect(sent.sendInvoice.invoice.invoiceStatus).toBe('Sent')
    expect((await t.services.mail.latest(1))[0]).toMatchObject({ to: 'client@demo.local', subject: expect.stringContaining(`#${inv.id}`) })

    const res = await t.app.request(`/apps/invoice/invoices/${inv.id}/pdf`, { headers: auth(client) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getTitle()).toBe(`Invoice #${inv.id}`)
    const text = await pdfText(bytes)
    expect(text).toContain(`Invoice #${inv.id}`)
    expect(text).toContain('Service: Channel setup (Ünïcode ?)')
    expect(text).toContain('$136.50')
    expect(text).toContain('Demo Client')
    // The client downloading it marks it Downloaded.
    const after = await t.json('GET', `/apps/invoice/invoices/${inv.id}`, undefined, auth(client))
    expect(after.body.invoice.invoiceStatus).toBe('Downloaded')
  })

  it("mails an invoice only to its client's account, and no account sends more than MAIL_RATE_LIMIT mails an hour", async () => {
    const CREATE = 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { invoice { id } } }'
    const SEND = 'mutation($id: ID!) { sendInvoice(id: $id) { invoice { invoiceStatus } } }'
    const lines = [{ description: 'Setup call', qty: 1, price: 10 }]
    const outbox = async () => (await t.services.mail.latest(200)).map((m) => m.to)
    // The reseller bills their client but types an outside address as the client's e-mail: the
    // mail still goes to the client's account, never to the typed address.
    const made = await ok(
      CREATE,
      { i: { userId: String(ids.client), client: { name: 'Demo Client', companyEmail: 'victim@outside.example' }, service: 'Setup', lines } },
      reseller,
    )
    const id = made.createInvoice.invoice.id
    await ok(
      'mutation($id: ID!, $i: InvoiceInput!) { updateInvoice(id: $id, input: $i) { invoice { id } } }',
      { id, i: { client: { companyEmail: 'victim2@outside.example' } } },
      reseller,
    )
    await ok(SEND, { id }, reseller)
    expect((await t.services.mail.latest(1))[0]).toMatchObject({ to: 'client@demo.local', subject: expect.stringContaining(`#${id}`) })
    expect((await outbox()).filter((to) => to.endsWith('@outside.example'))).toEqual([])
    const [sendAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, id), eq(auditLog.action, 'invoice.send')))
    expect(sendAudit!.after).toMatchObject({ to: 'client@demo.local' })
    // An invoice billed by details alone (no account) is the admins' to write and send.
    const outside = await ok(CREATE, { i: { client: { name: 'Outside Ltd', companyEmail: 'billing@outside.example' }, service: 'Consulting', lines } })
    await ok(SEND, { id: outside.createInvoice.invoice.id })
    expect((await t.services.mail.latest(1))[0]!.to).toBe('billing@outside.example')

    // The hourly allowance: the sends so far count, then the next is refused (429 semantics,
    // with the seconds to wait), writing nothing; an hour later it is open again.
    const limit = t.config.MAIL_RATE_LIMIT
    const before = (await outbox()).length
    let sent = 0
    let refused: any
    for (let i = 0; i <= limit && !refused; i++) {
      const res = await t.gql(SEND, { id }, reseller)
      if (res.body.errors) refused = res.body.errors[0]
      else sent++
    }
    expect(sent).toBeLessThan(limit)
    expect(refused).toMatchObject({ extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } })
    expect(refused.extensions.retryAfter).toBeGreaterThan(0)
    expect((await outbox()).length).toBe(before + sent)
    // Other accounts are not affected; checkout (the buyer's own invoice mail) counts per buyer.
    const buyer = await newUser('mail-limit-buyer')
    const starter = await productBySlug('starter-30-days')
    await buy(buyer.token, starter.id)
    t.clock.advance(3600)
    await signIn()
    await ok(SEND, { id }, reseller)
  })

  it('answers a REST call past the mail allowance with 429, Retry-After and the coded error, and writes nothing', async () => {
    const buyer = await newUser('rest-mail-limit')
    const starter = await productBySlug('starter-30-days')
    const h = auth(buyer.token)
    for (let i = 0; i < t.config.MAIL_RATE_LIMIT; i++) await buy(buyer.token, starter.id)
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId: starter.id }, h)).status).toBe(201)
    const before = await rowCounts()
    const res = await t.app.request('/apps/ecommerce/checkout', { method: 'POST', headers: h })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(await rowCounts()).toEqual(before)
    expect((await t.json('GET', '/apps/ecommerce/cart', undefined, h)).body.products).toHaveLength(1)
  })

  it('refuses lines or a cart whose total would not fit the totals column (BAD_USER_INPUT naming the limit), writing nothing', async () => {
    const CREATE = 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { invoice { id total } } }'
    const UPDATE = 'mutation($id: ID!, $i: InvoiceInput!) { updateInvoice(id: $id, input: $i) { invoice { total } } }'
    const line = (qty: number, price: number) => ({ description: 'Licences', qty, price })
    const invoice = (lines: unknown[]) => ({ userId: String(ids.client), service: 'Bulk', lines })
    const limit = { message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fields: { lines: ['The total may be at most 9999999999.99.'] } } }
    const invoiceCount = async () => (await t.database.db.select({ n: count() }).from(invoices))[0]!.n
    const before = await invoiceCount()
    for (const lines of [[line(10_000, 1_000_000)], [line(5_000, 1_000_000), line(5_000, 1_000_000)], [line(10_000, 999_999.99), line(100, 1)]]) {
      expect((await t.gql(CREATE, { i: invoice(lines) }, admin)).body.errors[0]).toMatchObject(limit)
    }
    // The largest total that fits is kept to the cent.
    const made = await ok(CREATE, { i: invoice([line(10_000, 999_999.99), line(1, 99.99)]) })
    expect(made.createInvoice.invoice.total).toBe(9_999_999_999.99)
    expect((await t.gql(UPDATE, { id: made.createInvoice.invoice.id, i: { lines: [line(10_000, 1_000_000)] } }, admin)).body.errors[0]).toMatchObject(limit)
    expect(await invoiceCount()).toBe(before + 1)
    const [row] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, Number(made.createInvoice.invoice.id)))
    expect(row!.total).toBe('9999999999.99')

    // A cart of 100 products at the highest price, 100 of each: 10^10, one cent past the end.
    const buyer = await newUser('big_spender')
    const made100 = await t.database.db
      .insert(products)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `Gold ${i}`, slug: `gold-${i}`, description: '', brand: '', price: '1000000', sortOrder: 0 })))
      .returning({ id: products.id })
    await t.database.db.insert(cartItems).values(made100.map((p) => ({ userId: buyer.id, productId: p.id, qty: 100, createdAt: new Date() })))
    const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n
    const ordersBefore = await orderCount()
    const checkout = await t.json('POST', '/apps/ecommerce/checkout', {}, auth(buyer.token))
    expect(checkout).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', fields: { cart: ['The total may be at most 9999999999.99.'] } } })
    expect(await orderCount()).toBe(ordersBefore)
    expect(await invoiceCount()).toBe(before + 1)
  })
})
