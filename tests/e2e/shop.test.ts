import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiToken } from './support/api'
import { closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * The shop's whole path in Chromium against the real server: a new client registers, buys
 * the Headstarter 30-day licence in the shop (cart → order → invoice), an admin records the
 * bank transfer on the invoice, and the client's licence is active with the plan's 30 days.
 */
describe('shop → invoice → licence in Chromium', () => {
  let e2e: E2E
  let client: Page
  let admin: Page
  let invoiceId = ''

  beforeAll(async () => {
    e2e = await startE2E()
    client = await e2e.newPage()
  })
  afterAll(async () => {
    await admin?.context().close()
    await closeE2E(client, e2e)
  })

  it('a new client buys a plan in the shop and gets its invoice', async () => {
    await client.goto('/register')
    await client.getByLabel('Username').fill('shopper')
    await client.getByLabel('Email').fill('shopper@example.com')
    await client.getByLabel('Password', { exact: true }).fill('Sup3r-Secret-Pass!')
    await client.getByTestId('register-submit').click()
    await client.waitForURL('**/dashboard/')

    await openPage(client, '/apps/e-commerce/shop')
    const card = client.getByTestId('shop-product').filter({ hasText: 'Headstarter — 30 days' })
    expect(await card.innerText()).toContain('$15')
    await card.getByTestId('shop-add-to-cart').click()
    await card.getByTestId('shop-view-cart').click()
    await client.getByTestId('shop-cart-line').filter({ hasText: 'Headstarter — 30 days' }).waitFor()
    expect(await client.getByTestId('shop-cart-total').innerText()).toContain('$15')
    await client.getByTestId('shop-place-order').click()
    await client.getByTestId('shop-order-placed').waitFor()
    await client.getByTestId('shop-order-invoice').click()
    await client.getByTestId('invoice-preview-page').waitFor()
    invoiceId = /preview\/(\d+)/.exec(client.url())![1]!
    expect(await client.getByTestId('invoice-status').innerText()).toBe('Sent')
    expect(await client.getByTestId('invoice-balance').innerText()).toContain('$15')
    // A client cannot record payments.
    expect(await client.getByTestId('invoice-payment-form').count()).toBe(0)
  })

  it('an admin records the bank transfer; the client’s licence is active with the plan’s days', async () => {
    admin = await e2e.newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'))
    await openPage(admin, '/apps/invoice/list')
    await admin.getByLabel('Search by client name or e-mail').fill('shopper@example')
    const row = admin.getByTestId('invoice-row').filter({ hasText: `#${invoiceId}` })
    await row.getByRole('link', { name: `#${invoiceId}` }).click()
    await admin.getByTestId('invoice-payment-form').waitFor()
    await admin.getByRole('button', { name: 'Whole balance' }).click()
    expect(await admin.getByTestId('invoice-payment-amount').inputValue()).toBe('15')
    await admin.getByTestId('invoice-payment-submit').click()
    await admin.getByTestId('invoice-licences').waitFor()
    expect(await admin.getByTestId('invoice-status').innerText()).toBe('Paid')
    expect(await admin.getByTestId('invoice-balance').innerText()).toContain('$0')

    await openPage(client, '/pages/license-demo')
    expect(await client.getByTestId('current-package').innerText()).toBe('Headstarter')
    expect(await client.getByTestId('remaining').innerText()).toContain('30 of 30 days left')
  })

  it("the buyer's reseller sees their client's shop invoice without a payment form: admins record it", async () => {
    // The demo client (a client of the demo reseller) buys through the API.
    const token = await apiToken(e2e, 'client')
    const call = (path: string, body?: unknown) =>
      fetch(`${e2e.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const products = (await (await fetch(`${e2e.server.url}/apps/ecommerce/products?q=Starter`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      products: Array<{ id: number }>
    }
    expect((await call('/apps/ecommerce/cart', { productId: products.products[0]!.id })).status).toBe(201)
    const { invoiceId: bought } = (await (await call('/apps/ecommerce/checkout')).json()) as { invoiceId: number }
    const reseller = await e2e.newPage()
    await signIn(reseller, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
    await reseller.waitForURL((url) => !url.pathname.startsWith('/login'))
    await openPage(reseller, `/apps/invoice/preview/${bought}`)
    await reseller.getByTestId('invoice-payment-by-admin').waitFor()
    expect(await reseller.getByTestId('invoice-payment-by-admin').innerText()).toContain('Our team records the payment')
    expect(await reseller.getByTestId('invoice-payment-form').count()).toBe(0)
    // Still theirs to send.
    expect(await reseller.getByTestId('invoice-send').count()).toBe(1)
    await reseller.context().close()
  })
})
