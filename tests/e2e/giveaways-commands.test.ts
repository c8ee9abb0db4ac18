import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage, sandboxChat } from './support/pages'

/**
 * Issue 33's done-when on the demo client's sandbox channel, driven from the test console: a
 * moderator adds a command with an argument in chat (!addcom) and it answers; a command made in
 * the editor answers through its alias, an online-only one stays silent offline; ${followage} shows a
 * test viewer's follow; !addquote then !quote 1; a giveaway with !join opened on the giveaways page,
 * entered by three test viewers, drawn on the server, and the history shows the winner.
 */
describe('commands, quotes and giveaways in Chromium', () => {
  let e2e: E2E
  let page: Page

  const open = (path: string) => openPage(page, path)
  const { viewer, say, botSays } = sandboxChat(() => page)

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    page = await clientPage(e2e)
  })
  afterAll(async () => {
    await closeE2E(page, e2e)
  })

  it('a moderator adds a command with an argument in chat, and it answers', async () => {
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await say('ModMia', '!addcom !so Go follow ${1|nobody}!', true)
    await botSays('@ModMia Added !so.')
    await say('Ann', '!so @streamer')
    await botSays('Go follow @streamer!')
  })

  it('a command made in the editor answers through its alias; an online-only one stays silent offline', async () => {
    const create = async (fill: Record<string, string>, select: Record<string, string> = {}) => {
      await page.getByTestId('new-command').click()
      const dialog = page.getByTestId('command-dialog')
      for (const [id, value] of Object.entries(fill)) await dialog.getByTestId(id).fill(value)
      for (const [id, value] of Object.entries(select)) await dialog.getByTestId(id).selectOption(value)
      await dialog.getByTestId('command-save').click()
      await page.locator(`[data-testid="command-row"][data-trigger="${fill['command-trigger']}"]`).waitFor()
    }
    await open('/pages/chatlist')
    await create({ 'command-trigger': '!discord', 'command-response': 'Join us: discord.gg/demo', 'command-aliases': '!dc', 'command-cooldown': '0' })
    await create({ 'command-trigger': '!live', 'command-response': 'Live for ${uptime}', 'command-cooldown': '0' }, { 'command-availability': 'online' })
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await say('Ann', '!dc')
    await botSays('Join us: discord.gg/demo')
    const answers = page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: 'Join us: discord.gg/demo' })
    // Offline: !live is not answered, while the line after it is (the bot answers in order).
    await say('Ann', '!live')
    await say('Ann', '!discord')
    await expect.poll(() => answers.count(), { timeout: 20_000 }).toBe(2)
    expect(await page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: 'Live for' }).count()).toBe(0)
  })

  it("shows a test viewer's follow age", async () => {
    await say('ModMia', '!addcom !fa ${user} follows for ${followage}', true)
    await botSays('@ModMia Added !fa.')
    await viewer('FanFox')
    await page.getByTestId('sandbox-follow').click()
    await page.getByTestId('sandbox-feedback').filter({ hasText: 'FanFox' }).waitFor()
    await say('FanFox', '!fa')
    await botSays('FanFox follows for 0 hours')
  })

  it('!addquote, then !quote 1', async () => {
    await say('ModMia', '!addquote gg no re', true)
    await say('Ann', '!quote 1')
    await botSays('#1: "gg no re"')
  })

  it('a giveaway with !join draws a winner among three test viewers, and the history shows it', async () => {
    await open('/pages/giveaways')
    await page.getByTestId('giveaway-form').waitFor()
    await page.getByTestId('giveaway-prize').fill('A signed mousepad')
    await page.getByTestId('giveaway-open').click()
    await page.getByTestId('giveaway-current').waitFor()
    await page.getByTestId('giveaway-entries-empty').waitFor()

    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    const viewers = ['Ada', 'Bea', 'Cyd']
    for (const name of viewers) await say(name, '!join')

    await open('/pages/giveaways')
    const card = page.getByTestId('giveaway-current')
    await expect.poll(() => card.getByTestId('giveaway-entry').count(), { timeout: 20_000 }).toBe(3)
    // Ending asks first.
    await card.getByTestId('giveaway-end').click()
    await page.getByTestId('giveaway-confirm').getByRole('button', { name: 'End entries' }).click()
    await card.getByRole('heading', { name: 'A signed mousepad · closed' }).waitFor()
    await card.getByTestId('giveaway-draw').click()
    const winner = (await card.getByTestId('giveaway-winner').textContent()) ?? ''
    expect(viewers.map((v) => `Winner: ${v}`)).toContain(winner)
    const row = page.getByTestId('giveaway-history-row').filter({ hasText: 'A signed mousepad' })
    await row.waitFor()
    expect(await row.textContent()).toContain(winner.replace('Winner: ', ''))
    // A reroll asks first, and draws among the others; the first winner stays in the history.
    await card.getByTestId('giveaway-reroll').click()
    await page.getByTestId('giveaway-confirm').getByRole('button', { name: 'Reroll' }).click()
    await card.getByText(`Drawn before: ${winner.replace('Winner: ', '')}`).waitFor()
    const second = (await card.getByTestId('giveaway-winner').first().textContent()) ?? ''
    expect(viewers.filter((v) => `Winner: ${v}` !== winner).map((v) => `Winner: ${v}`)).toContain(second)
  })
})
