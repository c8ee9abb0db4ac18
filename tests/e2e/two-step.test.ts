import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { signIn, storedSession } from './support/pages'

/**
 * Two-step verification in Chromium: an admin confirms the password (a wrong one is shown
 * under the field), sets it up from account settings (reading the key from the QR code's text
 * alternative and the manual key on the page), signs out, and signs in again with the password
 * and then a code.
 */
describe('two-step verification in Chromium', () => {
  let e2e: E2E

  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('the client bundle holds nothing of the server side of two-step verification or imported hashes', () => {
    const assets = readdirSync('dist/client/assets').filter((name) => name.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(0)
    const bundle = assets.map((name) => readFileSync(join('dist/client/assets', name), 'utf8')).join('\n')
    // Table columns, key-derivation labels and hash formats that live on the server only.
    const found = ['secret_sealed', 'two_step_recovery_codes', 'two-step-challenge', 'two-step+jwt', '$firebase-scrypt$', 'otpauth://'].filter((serverOnly) =>
      bundle.includes(serverOnly),
    )
    expect(found).toEqual([])
  })

  it('an admin sets it up, signs out, and signs in with password and code', async () => {
    const page = await e2e.newPage()
    try {
      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.waitForURL((url) => url.pathname !== '/login')
      const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData')!) as { id: string }).id)
      await page.goto(`/pages/account-setting/${id}?section=two-step`)
      // Set-up asks for the password first; Enter in the field submits it.
      await page.getByTestId('two-step-begin').click()
      await page.getByText('Enter your password to confirm.').waitFor()
      await page.getByTestId('two-step-password').fill('not-the-password')
      await page.getByTestId('two-step-password').press('Enter')
      await page.getByText('The password is wrong.').waitFor()
      await page.getByTestId('two-step-password').fill(DEMO_PASSWORDS.admin)
      await page.getByTestId('two-step-begin').click()
      const key = (await page.getByTestId('two-step-secret').textContent())!.trim()
      expect(key).toMatch(/^[A-Z2-7]{32}$/)
      expect(await page.getByTestId('two-step-qr').getAttribute('alt')).toContain(key)
      const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 })

      await page.getByTestId('two-step-setting-code').fill(totp.generate())
      await page.getByTestId('two-step-confirm').click()
      await page.getByTestId('two-step-recovery-codes').waitFor()
      expect(await page.getByTestId('two-step-recovery-codes').locator('li').count()).toBe(10)
      await page.getByTestId('two-step-on').waitFor()

      await page.getByTestId('user-menu').click()
      await page.getByTestId('logout').click()
      await page.waitForURL((url) => url.pathname === '/login')

      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.getByTestId('two-step-form').waitFor()
      expect((await storedSession(page)).accessToken).toBeNull()
      await page.getByTestId('two-step-code').fill('000000')
      await page.getByTestId('two-step-submit').click()
      await page.getByText('That code is not valid. Try the current one from your app.').waitFor()
      // The set-up used this step's code: the next step's (one step of skew) is accepted.
      await page.getByTestId('two-step-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }))
      await page.getByTestId('two-step-submit').click()
      await page.waitForURL((url) => url.pathname !== '/login')
      expect((await storedSession(page)).accessToken).toEqual(expect.any(String))
    } finally {
      await page.context().close()
    }
  })
})
