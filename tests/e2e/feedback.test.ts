import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

const REPORT = 'The bot did not answer !song at all.'
const NOTE = 'Internal: the command is disabled in the channel.'
const REPLY = 'Thanks! We switched !song on again.'

/**
 * Bot feedback reports in Chromium against the real server: the demo client's sandbox channel
 * gets a real chat line (through the local Twitch and the bot); the client reports the missed
 * command from the Bot-Panel with that line as the excerpt; an admin sees the open count on the
 * dashboard, assigns, notes, replies and resolves; the client sees the reply (not the note),
 * in English and in German.
 */
describe('bot feedback reports in Chromium', () => {
  let e2e: E2E
  let client: Page
  let admin: Page

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    client = await clientPage(e2e)
  })
  afterAll(async () => {
    await admin?.context().close()
    await closeE2E(client, e2e)
  })

  it('a client files a report from the Bot-Panel with a chat excerpt', async () => {
    // A real chat line in the channel's history: a test viewer writes in the sandbox chat.
    await openPage(client, '/pages/chatboard')
    await client.getByTestId('sandbox-console').waitFor()
    await client.getByTestId('sandbox-viewer').fill('SongFan')
    await client.getByTestId('sandbox-message').fill('!song')
    await client.getByTestId('sandbox-send').click()
    await client.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: '!song' }).waitFor({ timeout: 20_000 })

    await openPage(client, '/pages/Panel')
    await client.getByTestId('feedback-empty').waitFor()
    await client.getByTestId('feedback-open').click()
    const dialog = client.getByTestId('feedback-dialog')
    await dialog.getByLabel('What happened?').selectOption('missed_command')
    // An empty text is refused in the dialog, before anything is sent.
    await dialog.getByTestId('feedback-submit').click()
    await dialog.getByText('Please describe the problem.').waitFor()
    await dialog.getByLabel('Describe the problem').fill(REPORT)
    await dialog.getByTestId('feedback-excerpt-picker').getByLabel('SongFan: !song').check()
    await dialog.getByTestId('feedback-submit').click()
    await dialog.waitFor({ state: 'hidden' })

    const report = client.getByTestId('feedback-report')
    await report.waitFor()
    expect(await report.getByTestId('feedback-status').innerText()).toBe('Open')
    expect(await report.innerText()).toContain(REPORT)
    expect(await report.innerText()).toContain('Missed command')
    expect(await report.getByTestId('feedback-excerpt').innerText()).toContain('SongFan: !song')
    expect(await report.innerText()).toContain('No reply yet.')
  })

  it('an admin sees the open count and triages: assign, note, reply, resolve', async () => {
    admin = await e2e.newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'))
    for (const path of ['/admin', '/admindashboardv2/', '/kick/admindashboard/']) {
      await openPage(admin, path)
      await admin.getByTestId('stat-feedback').getByText('1', { exact: true }).waitFor()
    }
    await admin.getByTestId('stat-feedback').getByRole('link').click()
    await admin.waitForURL('**/admin/bot-feedback-reports')
    const row = admin.getByTestId('feedback-row')
    await row.waitFor()
    expect(await row.count()).toBe(1)
    expect(await row.innerText()).toContain('demo-client')
    await row.getByTestId('feedback-triage-open').click()
    const triage = admin.getByTestId('feedback-triage')
    await triage.getByText(REPORT).waitFor()

    await triage.getByLabel('Assign to').selectOption({ label: 'demo-admin' })
    await triage.getByTestId('feedback-save-assignee').click()
    await triage.getByTestId('feedback-triage-saved').waitFor()
    await row.getByText('demo-admin').waitFor()

    await triage.getByLabel('New note').fill(NOTE)
    await triage.getByTestId('feedback-add-note').click()
    await triage.getByTestId('feedback-notes').getByText(NOTE).waitFor()

    await triage.getByLabel('Reply to the client').fill(REPLY)
    await triage.getByTestId('feedback-save-reply').click()
    await triage.getByTestId('feedback-reply').getByText(REPLY).waitFor()

    await triage.getByLabel('Status').selectOption('resolved')
    await triage.getByTestId('feedback-save-status').click()
    await triage.getByTestId('feedback-status').getByText('Resolved').waitFor()
    await admin.keyboard.press('Escape')
    await triage.waitFor({ state: 'hidden' })
    // The list shows open reports by default: the resolved one has left it.
    await admin.getByTestId('feedback-admin-empty').waitFor()
    await admin.getByLabel('Status').selectOption('resolved')
    await row.waitFor()
    // Filter by the report's channel (a click on its name), then by age: older than 30 days shows none.
    const channelName = (await row.getByTestId('feedback-channel-filter').innerText()).trim()
    await row.getByTestId('feedback-channel-filter').click()
    await admin.getByRole('button', { name: `Channel: ${channelName}` }).waitFor()
    await row.waitFor()
    await admin.getByLabel('Age', { exact: true }).selectOption('older30')
    await admin.getByTestId('feedback-admin-empty').waitFor()
    await admin.getByLabel('Age', { exact: true }).selectOption('7')
    await row.waitFor()
    await openPage(admin, '/admin')
    await admin.getByTestId('stat-feedback').getByText('0', { exact: true }).waitFor()
  })

  it('the client sees the reply and the new status, never the internal note', async () => {
    await openPage(client, '/pages/Panel')
    const report = client.getByTestId('feedback-report')
    await report.getByTestId('feedback-reply').getByText(REPLY).waitFor()
    expect(await report.getByTestId('feedback-status').innerText()).toBe('Resolved')
    expect(await client.content()).not.toContain(NOTE)
  })

  it('speaks German on the Bot-Panel and in the dialog', async () => {
    await client.getByTestId('language-switcher').selectOption('de')
    await client.waitForFunction(() => document.documentElement.lang === 'de')
    const report = client.getByTestId('feedback-report')
    await report.getByText('Unsere Antwort').waitFor()
    expect(await report.getByTestId('feedback-status').innerText()).toBe('Erledigt')
    expect(await report.innerText()).toContain('Befehl nicht erkannt')
    await client.getByRole('heading', { name: 'Meine Meldungen' }).waitFor()
    await client.getByTestId('feedback-open').click()
    await client.getByTestId('feedback-dialog').getByText('Ein Problem mit dem Bot melden').waitFor()
    await client.getByTestId('feedback-dialog').getByLabel('Beschreibe das Problem').waitFor()
  })
})
