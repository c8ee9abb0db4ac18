import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * The admin's back-office editors in Chromium against the real server: an invoice written
 * for the demo client, one line changed, the new total in the preview; a product added on
 * the product page and found in the shop.
 */
describe('invoice and product editors in Chromium', () => {
  let e2e: E2E
  let admin: Page

  beforeAll(async () => {
    e2e = await startE2E()
    admin = await e2e.newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'))
  })
  afterAll(async () => {
    await closeE2E(admin, e2e)
  })

  it('creates a draft invoice for the demo client, edits a line and sees the new total', async () => {
    await openPage(admin, '/apps/invoice/list')
    await admin.getByTestId('invoice-add').click()
    await admin.getByTestId('invoice-edit-page').waitFor()
    await admin.getByTestId('picker-search').fill('demo-client')
    await admin.getByLabel(/@demo-client/).check()
    await admin.getByTestId('invoice-service').fill('Channel setup')
    await admin.getByTestId('line-description').fill('Overlay design')
    await admin.getByTestId('line-qty').fill('2')
    await admin.getByTestId('line-price').fill('50')
    expect(await admin.getByTestId('invoice-edit-total').innerText()).toContain('$100')
    await admin.getByTestId('invoice-save').click()
    await admin.getByTestId('invoice-preview-page').waitFor()
    expect(await admin.getByTestId('invoice-status').innerText()).toBe('Draft')
    expect(await admin.getByTestId('invoice-total').innerText()).toContain('$100')

    await admin.getByTestId('invoice-edit').click()
    await admin.getByTestId('invoice-edit-page').waitFor()
    expect(await admin.getByTestId('line-description').inputValue()).toBe('Overlay design')
    await admin.getByTestId('line-qty').fill('3')
    await admin.getByTestId('invoice-save').click()
    await admin.getByTestId('invoice-preview-page').waitFor()
    await expectText(admin, 'invoice-total', '$150')
  })

  it('adds a product that then shows in the shop', async () => {
    await openPage(admin, '/apps/e-commerce/products')
    await admin.getByTestId('product-admin-table').waitFor()
    await admin.getByTestId('product-name').fill('Stream deck skin')
    await admin.getByTestId('product-slug').fill('stream-deck-skin')
    await admin.getByTestId('product-price').fill('12.5')
    await admin.getByTestId('product-save').click()
    await admin.getByTestId('product-admin-row').filter({ hasText: 'Stream deck skin' }).waitFor()

    await openPage(admin, '/apps/e-commerce/shop')
    await admin.getByTestId('shop-search').fill('Stream deck')
    const card = admin.getByTestId('shop-product').filter({ hasText: 'Stream deck skin' })
    await card.waitFor()
    expect(await card.innerText()).toContain('$12.5')
  })
})

async function expectText(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).filter({ hasText: text }).waitFor()
  expect(await page.getByTestId(testId).innerText()).toContain(text)
}
