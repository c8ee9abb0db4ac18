import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiToken, gql } from './support/api'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage } from './support/pages'

/**
 * The Bot-Panel in German while the demo client's licence ends and is renewed (an admin's
 * changes through the API): the running sandbox bot stops and the panel says why in the UI
 * language (status code LICENCE_ENDED), then runs again with a new licence.
 */
describe('the bot and the licence on the Bot-Panel in Chromium', () => {
  let e2e: E2E
  let page: Page
  let admin: string
  let clientId: string

  const state = (s: string) => page.locator(`[data-testid="bot-status"][data-state="${s}"]`).waitFor({ timeout: 30_000 })

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    page = await clientPage(e2e)
    admin = await apiToken(e2e, 'admin')
    clientId = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData')!) as { id: string }).id)
  })
  afterAll(() => closeE2E(page, e2e))

  it('says in German that the licence has ended, and runs again once renewed', async () => {
    await openPage(page, '/pages/Panel')
    await page.getByTestId('language-switcher').selectOption('de')
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await state('running')
    expect(await page.getByTestId('bot-status-reason').count()).toBe(0)

    // The client's licence goes (revoked: package None, which keeps the bot), then an admin puts them on a plan without one.
    const { licences } = await gql(e2e, admin, 'query($u: ID!) { licences(userId: $u, status: active) { edges { node { id } } } }', { u: clientId })
    await gql(e2e, admin, 'mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: licences.edges[0].node.id })
    await gql(e2e, admin, 'mutation($id: ID!) { updateUser(id: $id, input: { package: "Starter" }) { id } }', { id: clientId })
    await state('stopped')
    const reason = page.getByTestId('bot-status-reason')
    await reason.filter({ hasText: 'Deine Lizenz ist abgelaufen: Der Bot bleibt aus, bis du sie verlängerst.' }).waitFor({ timeout: 15_000 })
    expect(await reason.getAttribute('data-code')).toBe('LICENCE_ENDED')
    // The switches are the owner's: still on.
    expect(await page.getByTestId('panel-switch-active').getAttribute('aria-checked')).toBe('true')

    const { plans } = await gql(e2e, admin, '{ plans { id name } }')
    const starter = (plans as Array<{ id: string; name: string }>).find((p) => p.name === 'Starter')!
    const [key] = (await gql(e2e, admin, 'mutation($p: ID!) { generateLicences(input: { planId: $p, totalDays: 30, count: 1 }) { id } }', { p: starter.id }))
      .generateLicences
    await gql(e2e, admin, 'mutation($id: ID!, $u: ID!) { assignLicence(id: $id, userId: $u, activate: true) { status } }', { id: key.id, u: clientId })
    await state('running')
    await reason.waitFor({ state: 'detached' })
  })
})
