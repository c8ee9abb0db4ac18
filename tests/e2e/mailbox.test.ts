import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtp, type LocalSmtp } from '../support/smtp'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * The mailbox in Chromium against the real server (issue 10, "Done when"): the demo client
 * writes to their reseller with an attachment, the reseller downloads it (served as an
 * attachment) and answers with Reply; a mail whose HTML carries scripts shows without them;
 * a password reset asked for on /forgot-password arrives on a local SMTP server and in the
 * client's inbox. One server, two browser contexts.
 */
describe('mailbox in Chromium', () => {
  let smtp: LocalSmtp
  let e2e: E2E
  let client: Page
  let reseller: Page

  beforeAll(async () => {
    smtp = await startSmtp()
    e2e = await startE2E({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TICK_MS: '100' })
    client = await newPage()
    await signIn(client, 'client@demo.local', DEMO_PASSWORDS.client)
    await client.waitForURL((url) => url.pathname !== '/login')
    reseller = await newPage()
    await signIn(reseller, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
    await reseller.waitForURL((url) => url.pathname !== '/login')
  })
  afterAll(async () => {
    await reseller?.context().close()
    await client?.context().close()
    await e2e?.close()
    await smtp?.close()
  })

  // Tall enough that a mail's actions are on screen without scrolling.
  const newPage = async () => (await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 1280, height: 1400 } })).newPage()
  const row = (page: Page, subject: string) => page.getByTestId('email-list').getByRole('button').filter({ hasText: subject })

  it('lets a client and their reseller exchange mails, one with an attachment the other downloads', async () => {
    await openPage(client, '/apps/email')
    await client.getByRole('button', { name: 'Compose' }).click()
    const dialog = client.getByTestId('compose-dialog')
    // Recipients are the client's scope: their reseller and the admins.
    // Picked as a keyboard user does (no native multiple select): found by name, ticked with Space.
    const group = (field: 'To' | 'Cc') => dialog.getByRole('group', { name: field, exact: true })
    const pick = async (field: 'To' | 'Cc', name: string) => {
      await group(field).getByRole('searchbox').fill(name)
      const option = group(field).getByRole('checkbox', { name })
      await option.focus()
      await client.keyboard.press('Space')
      expect(await option.isChecked()).toBe(true)
    }
    expect(await dialog.locator('select[multiple]').count()).toBe(0)
    await pick('To', 'Demo Reseller')
    await pick('Cc', 'Demo Admin')
    await dialog.getByLabel('Subject').fill('Stream overlay files')
    await dialog.getByLabel('Message').fill('Hi!\n\nHere is the list of <b>overlays</b> I use.')
    // Saved as a draft first, then continued from Drafts: the draft becomes the sent mail.
    await dialog.getByRole('button', { name: 'Save draft' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await client
      .getByTestId('mailbox')
      .getByRole('button', { name: /^Drafts/ })
      .click()
    await row(client, 'Stream overlay files').click()
    await client.getByRole('button', { name: 'Edit draft' }).click()
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Hi!\n\nHere is the list of <b>overlays</b> I use.')
    expect((await group('Cc').locator('label:has(input:checked)').allInnerTexts()).map((s) => s.trim())).toEqual(['Demo Admin'])
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'overlays.csv', mimeType: 'text/csv', buffer: Buffer.from('name,size\nalert,1080\n') })
    await dialog.getByRole('button', { name: 'Send' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await client.getByRole('button', { name: 'Back to the list' }).click()
    await row(client, 'Stream overlay files').waitFor({ state: 'detached' })

    await openPage(reseller, '/apps/email')
    await row(reseller, 'Stream overlay files').click()
    const view = reseller.getByTestId('email-view')
    await view.getByRole('heading', { name: 'Stream overlay files' }).waitFor()
    expect(await view.getByTestId('email-cc').innerText()).toBe('Cc: Demo Admin')
    // The client's text arrives as text: the angle brackets they typed are not markup.
    const body = view.frameLocator('iframe')
    expect(await body.locator('body').innerText()).toContain('Here is the list of <b>overlays</b> I use.')

    // Reply: addressed to the sender, with "Re:".
    await view.getByRole('button', { name: 'Reply' }).click()
    const reply = reseller.getByTestId('compose-dialog')
    expect(await reply.getByLabel('Subject').inputValue()).toBe('Re: Stream overlay files')
    await reply.getByLabel('Message').fill('Got them, thanks.')
    await reply.getByRole('button', { name: 'Send' }).click()
    await reply.waitFor({ state: 'hidden' })

    const [response, download] = await Promise.all([
      reseller.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/apps/email/attachments/')),
      reseller.waitForEvent('download'),
      view.getByRole('button', { name: /overlays\.csv/ }).click(),
    ])
    expect(response.status()).toBe(200)
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="overlays\.csv"/)
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
    expect(download.suggestedFilename()).toBe('overlays.csv')
    // The browser is shared over a connection (one Chromium per run): the file is copied here.
    const { mkdtemp, readFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const path = join(await mkdtemp(join(tmpdir(), 'mailbox-download-')), 'overlays.csv')
    await download.saveAs(path)
    expect(await readFile(path, 'utf8')).toBe('name,size\nalert,1080\n')

    await client.reload()
    await row(client, 'Re: Stream overlay files').click()
    expect(await client.getByTestId('email-view').frameLocator('iframe').locator('body').innerText()).toContain('Got them, thanks.')
  })

  it('shows a mail whose HTML carries scripts without them', async () => {
    // Written through the API as any mail program could: the server sanitizes what it stores.
    const token = await reseller.evaluate(() => localStorage.getItem('accessToken'))
    const html =
      '<p>Schedule <b>update</b></p><script>window.parent.__pwned = 1</script><img src="x" onerror="window.parent.__pwned = 2"><a href="javascript:alert(1)">link</a>'
    const res = await reseller.request.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        query: 'mutation($i: ComposeEmailInput!) { composeEmail(input: $i) { id } }',
        variables: { i: { to: ['client@demo.local'], subject: 'Scripted mail', message: html } },
      },
    })
    expect((await res.json()).errors).toBeUndefined()

    await client.getByRole('button', { name: 'Back to the list' }).click()
    await client.reload()
    await row(client, 'Scripted mail').click()
    const frame = client.getByTestId('email-view').locator('iframe')
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? ''
    expect(srcdoc).toContain('<b>update</b>')
    expect(srcdoc).not.toMatch(/<script|onerror|javascript:/i)
    expect(await frame.getAttribute('sandbox')).toBe('')
    expect(await client.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  })

  it('mails a password reset asked for on /forgot-password to the local SMTP server and the inbox', async () => {
    const page = await e2e.newPage()
    try {
      await page.goto('/forgot-password')
      await page.getByTestId('forgot-email').fill('client@demo.local')
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('reset-link-sent').waitFor()
    } finally {
      await page.context().close()
    }
    await expect.poll(() => smtp.arrived.filter((a) => a.to.includes('client@demo.local')).length, { timeout: 15_000 }).toBe(1)
    const mail = smtp.arrived
      .find((a) => a.to.includes('client@demo.local'))!
      .data.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    expect(mail).toMatch(/\/forgot-password\?token=[\w-]+/)

    await client.getByRole('button', { name: 'Back to the list' }).click()
    await client.reload()
    await client.getByTestId('email-list').waitFor()
    await row(client, 'Reset your password').click()
    expect(await client.getByTestId('email-view').frameLocator('iframe').locator('body').innerText()).toMatch(/\/forgot-password\?token=[\w-]+/)
  })
})
