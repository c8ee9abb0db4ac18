import type { Page } from 'playwright-core'

export const pathOf = (page: Page) => new URL(page.url()).pathname

/** Goes to an app page and waits until its heading shows and its chunk has loaded. */
export async function openPage(page: Page, path: string) {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' })
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByTestId('login-submit').click()
}

/** Counts requests whose URL ends with `suffix` from now on. */
export function countRequests(page: Page, suffix: string): { readonly count: number } {
  const counter = { count: 0 }
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith(suffix)) counter.count++
  })
  return counter
}

export const storedSession = (page: Page) =>
  page.evaluate(() => ({
    userData: localStorage.getItem('userData'),
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }))

/**
 * Connects a channel through the panel as a user would: "Connect <platform>", the list of
 * what will be allowed ("Continue"), the local platform's consent page, and back on the
 * panel the confirmation of the account shown. The caller picks the consenting account first.
 */
export async function connectChannelIn(page: Page, platform: 'twitch' | 'kick') {
  await page.getByTestId(`connect-${platform}`).click()
  await page.getByTestId('grant-dialog').getByTestId('grant-continue').click()
  const confirm = page.getByTestId('confirm-connection-dialog')
  await confirm.getByTestId('confirm-connection-accept').click()
  await confirm.waitFor({ state: 'hidden' })
}

/**
 * The chatboard's sandbox test console on the page `pageOf` answers (a test's page is made in its
 * beforeAll): pick a test viewer (a moderator or not), say a line as them and wait until the
 * chatboard shows it, wait for the bot's answer.
 */
export function sandboxChat(pageOf: () => Page) {
  const line = (text: string) => pageOf().locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: text })
  const viewer = async (name: string, moderator = false) => {
    await pageOf().getByTestId('sandbox-viewer').fill(name)
    const box = pageOf().getByTestId('sandbox-badge-moderator')
    if ((await box.isChecked()) !== moderator) await box.setChecked(moderator)
  }
  return {
    line,
    viewer,
    say: async (name: string, text: string, moderator = false) => {
      await viewer(name, moderator)
      await pageOf().getByTestId('sandbox-message').fill(text)
      await pageOf().getByTestId('sandbox-send').click()
      await line(text).first().waitFor()
    },
    botSays: (text: string) =>
      pageOf().locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: text }).first().waitFor({ timeout: 20_000 }),
  }
}
