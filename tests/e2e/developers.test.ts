import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'

/**
 * The developers' page in Chromium (issue 32): the demo client makes a token in the UI, a
 * script (fetch from Node, no browser session) lists the channel's commands over GraphQL, adds
 * one over REST and is refused a scope the token lacks; revoking in the UI fails its next call.
 * GraphiQL, opened from the same browser, is signed in from the session.
 */
describe('developers page in Chromium', () => {
  let e2e: E2E
  let page: Page

  beforeAll(async () => {
    e2e = await startE2E({ GRAPHIQL: 'on', SANDBOX: 'on' })
    page = await clientPage(e2e)
    // The demo client's channel: the sandbox one, connected with the browser's own session.
    const jwt = await page.evaluate(() => localStorage.getItem('accessToken'))
    const res = await fetch(`${e2e.server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { connectSandboxChannel { id } }' }),
    })
    expect((await res.json()).errors).toBeUndefined()
  })
  afterAll(() => closeE2E(page, e2e))

  it('creates a token, a script uses it alone, revoking fails the next call', { timeout: 120_000 }, async () => {
    await page.goto('/developers')
    await page.getByTestId('token-create').click()
    const dialog = page.getByTestId('create-token-dialog')
    await dialog.getByTestId('token-name').fill('e2e script')
    for (const scope of ['channel:read', 'commands:read', 'commands:write']) await dialog.getByTestId(`scope-${scope}`).check()
    await dialog.getByTestId('token-create-submit').click()
    const secret = (await dialog.getByTestId('token-secret').innerText()).trim()
    expect(secret).toMatch(/^cat_[0-9A-Za-z]{36}$/)
    await dialog.getByTestId('token-secret-done').click()
    await expect.poll(() => page.getByTestId('token-row').count()).toBe(1)

    const base = e2e.server.url
    const auth = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }
    const gql = async (query: string) => (await fetch(`${base}/graphql`, { method: 'POST', headers: auth, body: JSON.stringify({ query }) })).json()
    const listed = await gql('{ channels { id commands { trigger } } }')
    expect(listed.errors).toBeUndefined()
    const channelId = listed.data.channels[0]?.id as string | undefined
    expect(channelId).toBeTruthy()
    const added = await fetch(`${base}/api/v1/channels/${channelId}/commands`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ trigger: '!e2etoken', response: 'made by a script' }),
    })
    expect(added.status).toBe(201)
    expect(added.headers.get('ratelimit-limit')).toBeTruthy()
    const again = await gql('{ channels { id commands { trigger } } }')
    expect(JSON.stringify(again.data)).toContain('!e2etoken')
    const refused = await gql(`mutation { sendChatMessage(channelId: "${channelId}", message: "hi") { ok } }`)
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN')

    await page.reload()
    await page.getByTestId('token-revoke').click()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('tokens-empty').waitFor()
    const after = await fetch(`${base}/graphql`, { method: 'POST', headers: auth, body: JSON.stringify({ query: '{ channels { id } }' }) })
    expect(after.status).toBe(401)
  })

  it(
    'the API reference (Swagger UI, bundled) lists a route and "Try it out" with a token calls it, offline and within the CSP',
    { timeout: 120_000 },
    async () => {
      const base = e2e.server.url
      const jwt = await page.evaluate(() => localStorage.getItem('accessToken'))
      const asSession = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }
      const gql = async (query: string, variables: Record<string, unknown> = {}) =>
        (await fetch(`${base}/graphql`, { method: 'POST', headers: asSession, body: JSON.stringify({ query, variables }) })).json()
      const channelId = (await gql('{ channels { id } }')).data.channels[0].id as string
      await fetch(`${base}/api/v1/channels/${channelId}/commands`, {
        method: 'POST',
        headers: asSession,
        body: JSON.stringify({ trigger: '!apiref', response: 'listed' }),
      })
      const made = await gql('mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { secret token { id } } }', {
        i: { name: 'reference', scopes: ['commands:read'] },
      })
      const { secret, token } = made.data.createAccessToken as { secret: string; token: { id: string } }

      const elsewhere: string[] = []
      const violations: string[] = []
      const onRequest = (r: { url(): string }) => {
        const u = r.url()
        if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:')) elsewhere.push(u)
      }
      const onConsole = (m: { text(): string }) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
      }
      page.on('request', onRequest)
      page.on('console', onConsole)
      try {
        await page.goto('/developers')
        await page.getByTestId('developers-api-reference').click()
        await page.waitForURL(/\/developers\/api$/)
        const ui = page.getByTestId('api-reference')
        const op = ui.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/v1/channels/{channelId}/commands"]') })
        await op.waitFor({ timeout: 60_000 })

        await ui.locator('.btn.authorize').first().click()
        await page.locator('.auth-container input').first().fill(secret)
        await page.locator('.auth-btn-wrapper .authorize').click()
        await page.locator('.auth-btn-wrapper .btn-done').click()

        await op.locator('.opblock-summary-control').click()
        await op.locator('.try-out__btn').click()
        await op.locator('input[placeholder="channelId"]').fill(channelId)
        await op.locator('.execute').click()
        const status = op.locator('.live-responses-table tbody .response-col_status').first()
        await expect.poll(async () => (await status.innerText()).trim(), { timeout: 30_000 }).toBe('200')
        await expect.poll(() => op.locator('.live-responses-table tbody .response-col_description').first().innerText()).toContain('!apiref')
      } finally {
        page.off('request', onRequest)
        page.off('console', onConsole)
      }
      // The call was the token's (its last use is recorded), and nothing was fetched from elsewhere or refused by the policy.
      const mine = await gql('{ myAccessTokens { id lastUsedAt } }')
      expect(mine.data.myAccessTokens.find((x: { id: string }) => x.id === token.id).lastUsedAt).toBeTruthy()
      expect(elsewhere).toEqual([])
      expect(violations).toEqual([])
    },
  )

  it('GraphiQL is signed in from the browser session', { timeout: 120_000 }, async () => {
    await page.goto('/graphql')
    const editor = page.locator('.graphiql-query-editor .monaco-editor, .graphiql-query-editor .CodeMirror').first()
    await editor.waitFor({ timeout: 60_000 })
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Delete')
    await page.keyboard.type('{ viewer { email', { delay: 20 })
    await page.keyboard.press('Escape')
    await page.keyboard.press('Control+Enter')
    const response = page.locator('.graphiql-response')
    await expect.poll(async () => (await response.innerText()).replace(/\s+/g, ''), { timeout: 30_000 }).toContain('"email":"client@demo.local"')
  })
})
