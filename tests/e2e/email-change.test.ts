import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { signIn, storedSession } from './support/pages'

/**
 * Changing the sign-in e-mail in the browser: the settings page asks for the current
 * password once the address differs, the old address gets an undo link, and the link's
 * page puts the old address back.
 */
describe('changing the sign-in e-mail in Chromium', () => {
  let e2e: E2E

  const api = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${e2e.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const login = (email: string, password: string) => api('/jwt/login', { email, password })
  /** The newest mail to `to`, read from the outbox as an admin would. */
  const lastMailTo = async (to: string) => {
    const admin = (await login('admin@demo.local', DEMO_PASSWORDS.admin)).body.accessToken as string
    const res = await api('/graphql', { query: '{ mailOutbox(first: 50) { to subject text } }' }, admin)
    return (res.body.data.mailOutbox as Array<{ to: string; subject: string; text: string }>).find((m) => m.to === to)
  }

  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('asks for the current password, mails the old address an undo link, and the link puts it back', async () => {
    const other = await login('client@demo.local', DEMO_PASSWORDS.client)
    const page = await e2e.newPage()
    try {
      await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
      await page.waitForURL((url) => url.pathname !== '/login')
      const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData')!) as { id: string }).id)
      await page.goto(`/pages/account-setting/${id}`)
      const password = page.getByTestId('email-change-password')
      expect(await password.count()).toBe(0)
      await page.getByTestId('settings-email').fill('moved@example.com')
      await password.waitFor()
      await page.getByText('Changing your sign-in e-mail needs your current password.', { exact: false }).waitFor()
      // No password, then a wrong one: refused under the field, nothing changed.
      await page.getByTestId('settings-submit').click()
      await page.getByText('Confirm this change with your current password.').waitFor()
      await password.fill('not-my-password')
      await page.getByTestId('settings-submit').click()
      await page.getByText('The current password is wrong.').waitFor()
      expect((await login('client@demo.local', DEMO_PASSWORDS.client)).status).toBe(200)

      const before = (await storedSession(page)).refreshToken
      await password.fill(DEMO_PASSWORDS.client)
      await page.getByTestId('settings-submit').click()
      await page.getByTestId('settings-saved').waitFor()
      await password.waitFor({ state: 'detached' })
      // This browser got a fresh sign-in; the other one ended.
      const after = (await storedSession(page)).refreshToken
      expect(after).not.toBe(before)
      expect((await api('/jwt/refresh-token', { refreshToken: other.body.refreshToken })).status).toBe(401)
      expect((await login('moved@example.com', DEMO_PASSWORDS.client)).status).toBe(200)

      const mail = await lastMailTo('client@demo.local')
      expect(mail?.subject).toBe('The sign-in e-mail of your account was changed')
      const link = new URL(/https?:\/\/\S+\/account\/undo-email-change\?token=\S+/.exec(mail!.text)![0])

      // The link, opened from the mail: nothing happens until the button.
      const undo = await e2e.newPage()
      try {
        await undo.goto(`${link.pathname}${link.search}`)
        await undo.getByTestId('undo-email-submit').waitFor()
        expect((await login('moved@example.com', DEMO_PASSWORDS.client)).status).toBe(200)
        await undo.getByTestId('undo-email-submit').click()
        await undo.getByTestId('undo-email-done').waitFor()
        await undo.getByTestId('undo-email-reset').waitFor()
        // Used once: a second try says so.
        await undo.reload()
        await undo.getByTestId('undo-email-submit').click()
        await undo.getByTestId('undo-email-error').getByText('This link is invalid, was already used or has expired.').waitFor()
      } finally {
        await undo.context().close()
      }
      expect((await login('client@demo.local', DEMO_PASSWORDS.client)).status).toBe(200)
      expect((await api('/jwt/refresh-token', { refreshToken: after })).status).toBe(401)
    } finally {
      await page.context().close()
    }
  })
})
