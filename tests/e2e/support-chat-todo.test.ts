import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * The support chat and tasks in Chromium against the real server: the demo client and their
 * reseller, each in their own browser context, chat live (the message arrives through the
 * subscription without a reload, with an unseen badge until it is read); a task created in
 * the dialog is still there after a reload.
 */
describe('support chat and tasks in Chromium', () => {
  let e2e: E2E
  let client: Page
  let reseller: Page

  beforeAll(async () => {
    e2e = await startE2E()
    client = await clientPage(e2e)
    reseller = await e2e.newPage()
    await signIn(reseller, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
    await reseller.waitForURL((url) => url.pathname !== '/login')
  })
  afterAll(async () => {
    await reseller?.context().close()
    await closeE2E(client, e2e)
  })

  const contactId = async (page: Page, name: string) => {
    const button = page.locator('[data-testid^="chat-contact-"]').filter({ hasText: name }).first()
    await button.waitFor()
    return (await button.getAttribute('data-testid'))!.replace('chat-contact-', '')
  }

  it('delivers a message live from the client to their reseller', async () => {
    await openPage(reseller, '/apps/chat')
    await openPage(client, '/apps/chat')
    const clientId = await contactId(reseller, 'Demo Client')
    const resellerId = await contactId(client, 'Demo Reseller')
    // The reseller is connected (subscribed): the client sees their chosen status, busy.
    await client.locator(`[data-testid="chat-contact-${resellerId}"] [data-status="busy"]`).waitFor({ timeout: 15_000 })

    await client.getByTestId(`chat-contact-${resellerId}`).click()
    const composer = client.getByTestId('chat-composer').getByLabel('Message')
    await composer.fill('Can you check my licence, please?')
    await composer.press('Enter')
    await client.getByTestId('chat-messages').getByText('Can you check my licence, please?').waitFor()
    expect(await composer.inputValue()).toBe('')

    // No reload on the reseller's side: the subscription brings it, unread.
    const row = reseller.getByTestId(`chat-contact-${clientId}`)
    await row.getByTestId('unseen-badge').waitFor({ timeout: 15_000 })
    expect(await row.innerText()).toContain('Can you check my licence, please?')
    await row.click()
    await reseller.getByTestId('chat-messages').getByText('Can you check my licence, please?').waitFor()
    await row.getByTestId('unseen-badge').waitFor({ state: 'detached' })
  })

  it('keeps a task created in the dialog after a reload', async () => {
    await openPage(client, '/apps/todo')
    await client.getByTestId('task-row').first().waitFor()
    await client.getByTestId('task-add').click()
    const dialog = client.getByTestId('task-dialog')
    await dialog.getByLabel('Title').fill('Plan the Friday raid')
    await dialog.getByLabel('Find a person').fill('Reseller')
    await dialog.getByLabel('Assignee').selectOption({ label: 'Demo Reseller' })
    await dialog.getByLabel('High').check()
    await dialog.getByTestId('task-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await client.getByTestId('task-row').filter({ hasText: 'Plan the Friday raid' }).waitFor()

    await client.reload()
    await client.getByRole('heading', { level: 1 }).waitFor()
    const task = client.getByTestId('task-row').filter({ hasText: 'Plan the Friday raid' })
    await task.waitFor()
    expect(await task.innerText()).toContain('Demo Reseller')
    expect(await task.innerText()).toContain('High')
    // The tag route lists it too.
    await openPage(client, '/apps/todo/tag/high')
    await client.getByTestId('task-row').filter({ hasText: 'Plan the Friday raid' }).waitFor()
  })
})
