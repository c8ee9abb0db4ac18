import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelServer, type ModelServer } from '../support/model-server'
import { clientPage, closeE2E, startE2E, type E2E } from './support/harness'

/**
 * The demo client's sandbox channel: the client adds a conversation rule, a test viewer's
 * question in the chatboard gets the rule's answer; with the local OpenAI-compatible endpoint
 * enabled, a question that names the bot gets the model's answer.
 */
describe('the conversation bot in Chromium', () => {
  let e2e: E2E
  let page: Page
  let model: ModelServer

  const open = async (path: string) => {
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' })
  }
  const ask = async (viewer: string, text: string) => {
    await open('/pages/chatboard')
    await page.getByTestId('sandbox-console').waitFor()
    await page.getByTestId('sandbox-viewer').fill(viewer)
    await page.getByTestId('sandbox-message').fill(text)
    await page.getByTestId('sandbox-send').click()
    await page.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: text }).waitFor()
  }
  const botSays = (text: string) => page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: text }).waitFor({ timeout: 20_000 })

  beforeAll(async () => {
    model = await startModelServer({ key: 'sk-e2e' })
    model.answer = 'Today we paint a pixel castle!'
    e2e = await startE2E({
      SANDBOX: 'auto',
      CONVERSATION_MODEL_URL: model.url,
      CONVERSATION_MODEL: 'tiny-chat',
      CONVERSATION_MODEL_KEY: 'sk-e2e',
      CONVERSATION_MODEL_STREAM: 'off',
    })
    page = await clientPage(e2e)
  })
  afterAll(async () => {
    await closeE2E(page, e2e)
    await model?.close()
  })

  it('shows the empty page with the module off and the configured model', async () => {
    await open('/pages/Conversation')
    await page.getByTestId('conversation-rules-empty').waitFor()
    await page.getByTestId('conversation-model-configured').waitFor()
    await page.getByTestId('conversation-log-empty').waitFor()
    expect(await page.getByTestId('conversation-switch').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByTestId('conversation-usage').textContent()).toContain('0 of 500')
    expect(await page.content()).not.toContain('sk-e2e')
  })

  it('refuses an expression the engine cannot run with a clear message, then adds a rule and switches the bot on', async () => {
    await page.getByTestId('rule-new').click()
    await page.getByTestId('conversation-rule-dialog').waitFor()
    await page.getByTestId('rule-kind').selectOption('regex')
    await page.getByTestId('rule-pattern').fill('(a)\\1')
    await page.getByTestId('rule-answer').fill('never')
    await page.getByTestId('rule-save').click()
    await page.getByTestId('conversation-rule-dialog').getByText('Back-references').first().waitFor()
    await page.getByTestId('rule-kind').selectOption('keyword')
    await page.getByTestId('rule-pattern').fill('Discord')
    await page.getByTestId('rule-answer').fill('Hi ${user}, our Discord is discord.gg/sandbox')
    await page.getByTestId('rule-save').click()
    await page.getByTestId('conversation-rule-dialog').waitFor({ state: 'detached' })
    await page.locator('[data-testid="rule-row"][data-pattern="Discord"]').waitFor()
    await page.getByTestId('conversation-switch').click()
    await page.locator('[data-testid="conversation-switch"][aria-checked="true"]').waitFor()
  })

  it("answers a test viewer's question in the chatboard by the rule", async () => {
    await ask('Newcomer', 'where is the DISCORD?')
    await botSays('Hi Newcomer, our Discord is discord.gg/sandbox')
  })

  it('with the local model endpoint enabled, answers a question that names the bot', async () => {
    await open('/pages/Conversation')
    const botName = (await page.getByTestId('conversation-bot-name').textContent())!.trim()
    await page.getByTestId('conversation-prompt').fill('You are the friendly bot of a pixel-art stream.')
    await page.getByTestId('conversation-model-save').click()
    await page.getByTestId('conversation-model-saved').waitFor()
    await page.getByTestId('conversation-model-switch').click()
    await page.locator('[data-testid="conversation-model-switch"][aria-checked="true"]').waitFor()
    await ask('Curious', `${botName} what are we doing today?`)
    await botSays('Today we paint a pixel castle!')
    expect(model.requests.at(-1)).toMatchObject({ auth: 'Bearer sk-e2e', body: { model: 'tiny-chat', stream: false } })
    expect(model.requests.at(-1)!.body.messages[0]!.content).toContain('pixel-art stream')
  })

  it('lists both answers in the log, searchable', async () => {
    await open('/pages/Conversation')
    await page.getByTestId('conversation-log-row').nth(1).waitFor()
    expect(await page.getByTestId('conversation-usage').textContent()).toContain('2 of 500')
    await page.getByTestId('conversation-log-search').fill('castle')
    await page.getByTestId('conversation-log-search').press('Enter')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="conversation-log-row"]').length === 1)
    expect(await page.getByTestId('conversation-log-row').textContent()).toContain('Curious')
  })

  it('deletes the rule after a confirmation', async () => {
    await page.getByTestId('rule-delete').click()
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('conversation-rules-empty').waitFor()
  })
})
