import type { Browser } from 'puppeteer-core'

/**
 * Signs the demo client in through the API and stores the session in the browser as the client
 * does (localStorage), so a benchmark can open a signed-in page cold. Used by the Lighthouse
 * bench and the first-screen trace.
 */
export async function injectClientSession(browser: Browser, base: string, password: string): Promise<void> {
  const res = await fetch(`${base}/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'client@demo.local', password }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  const payload = (await res.json()) as { userData: unknown; accessToken: string; refreshToken: string }
  const page = await browser.newPage()
  try {
    // A small same-origin file, so the app itself does not start (and spend the refresh token).
    await page.goto(`${base}/favicon.svg`)
    await page.evaluate((p) => {
      localStorage.setItem('userData', JSON.stringify(p.userData))
      localStorage.setItem('accessToken', p.accessToken)
      localStorage.setItem('refreshToken', p.refreshToken)
    }, payload)
  } finally {
    await page.close()
  }
}
