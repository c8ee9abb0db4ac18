import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/bot-harness'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, pathOf, signIn } from './support/pages'

const BROADCASTER = { id: '7001', login: 'democaster', displayName: 'DemoCaster' }
const VIEWER = { userId: '7101', login: 'viewer_one', name: 'Viewer_One' }
const KICK_BROADCASTER = { id: 8001, name: 'KickCaster' }

/**
 * Runs in the page before the app: event streams read through fetch can be cut with
 * window.__dropStreams(), as a dropped network connection would (the server keeps running).
 */
function dropStreamsControl() {
  const realFetch = window.fetch.bind(window)
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  Object.assign(window, {
    __dropStreams() {
      for (const controller of open) controller.error(new TypeError('network connection lost'))
      open.clear()
    },
  })
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await realFetch(input, init)
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) return response
    const reader = response.body.getReader()
    let own: ReadableStreamDefaultController<Uint8Array> | null = null
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller
        open.add(controller)
      },
      async pull(controller) {
        const { value, done } = await reader.read()
        if (done) {
          open.delete(controller)
          controller.close()
        } else controller.enqueue(value)
      },
      cancel() {
        if (own) open.delete(own)
        void reader.cancel().catch(() => {})
      },
    })
    return new Response(body, { status: response.status, headers: response.headers })
  }
}

/**
 * The assistant pages against the real server, whose platform clients talk to the local
 * Twitch and Kick servers (server/src/platforms/sandbox): the browser really goes through Twitch's
 * authorize page and the OAuth callback, the bot really connects to EventSub, and chat
 * injected on the local Twitch reaches the chatboard over the SSE subscription.
 */
describe('the assistant pages in Chromium', () => {
  let e2e: E2E
  let page: Page

  const twitch = () => e2e.platforms!.twitch
  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first()
  const open = (path: string) => openPage(page, path)

  beforeAll(async () => {
    e2e = await startE2E({}, { platforms: true })
    twitch().addUser(BROADCASTER)
    page = await e2e.newPage()
    await page.addInitScript(dropStreamsControl)
    await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
    await page.waitForURL('**/dashboard/')
  })
  afterAll(async () => {
    await page?.context().close()
    await e2e?.close()
  })

  it('shows the empty states with a "Connect your channel" call to action', async () => {
    await page.getByTestId('empty-channels').waitFor()
    await page.getByTestId('licence-tile').waitFor()
    // The licence's first day in the UI language's date format (as elsewhere), not as stored.
    // (Seeded at the server's start today, UTC; the day before when the run spans midnight.)
    const day = (msAgo: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.now() - msAgo))
    expect([day(0), day(86_400_000)]).toContain(await page.getByTestId('licence-since').textContent())
    await page.getByTestId('connect-cta').click()
    await page.waitForURL('**/pages/Panel')
    await page.getByTestId('empty-channels').waitFor()
    for (const path of ['/pages/enable', '/pages/chatlist', '/pages/chatboard', '/kick/panel']) {
      await open(path)
      await page.getByTestId('empty-channels').waitFor()
    }
  })

  it('shows a cancelled consent as an error toast and connects nothing', async () => {
    await open('/pages/Panel')
    twitch().consentAs(BROADCASTER.id)
    twitch().state.denyNext = true
    await page.getByTestId('connect-twitch').click()
    await page.getByTestId('grant-continue').click()
    await page.waitForURL((url) => url.pathname === '/pages/Panel' && !url.search)
    await toast('You cancelled the permission request at the platform.').waitFor()
    await page.getByTestId('empty-channels').waitFor()
  })

  it('refuses a consent link opened in another browser: nothing connected there', async () => {
    // The link the start made, opened in a fresh browser context (no binding cookie): the callback refuses it.
    let authorizeUrl = ''
    await page.route('**/graphql', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (body.includes('startChannelConnection')) authorizeUrl = JSON.parse(body).data.startChannelConnection.authorizeUrl
      await route.fulfill({ response, body })
    })
    await page.getByTestId('connect-twitch').click()
    const grant = page.getByTestId('grant-dialog')
    await grant.getByTestId('grant-cancel').click()
    await grant.waitFor({ state: 'hidden' })
    // Waits for a handler still inside route.fetch() (a later query of the page): removing the
    // route under it made its fulfill throw "Route is already handled".
    await page.unrouteAll({ behavior: 'wait' })
    expect(authorizeUrl).toContain('code_challenge_method=S256')
    const stranger = await e2e.newPage()
    try {
      const callback = stranger.waitForResponse((r) => r.url().includes('/apps/oauth/twitch/callback'))
      await stranger.goto(authorizeUrl)
      expect((await callback).headers().location).toBe('/pages/Panel?error=browser_mismatch')
    } finally {
      await stranger.context().close()
    }
    await page.reload()
    await page.getByTestId('empty-channels').waitFor()
  })

  it('connects a Twitch channel through the platform consent page', async () => {
    await page.getByTestId('connect-twitch').click()
    // First what will be allowed, in words.
    const grant = page.getByTestId('grant-dialog')
    await grant.getByText('Twitch will ask you to allow the assistant to:').waitFor()
    await grant.getByTestId('grant-scopes').getByText('Time out and ban chatters').waitFor()
    await grant.getByTestId('grant-continue').click()
    // Twitch's authorize page → /apps/oauth/twitch/callback → /pages/Panel?confirm=<id>: who consented, before anything is linked.
    const confirm = page.getByTestId('confirm-connection-dialog')
    await confirm.getByText('Connect this Twitch account?').waitFor()
    expect(await confirm.getByTestId('confirm-connection-name').innerText()).toBe('DemoCaster')
    expect(await confirm.getByTestId('confirm-connection-login').innerText()).toBe('(democaster)')
    expect(await page.getByTestId('channel-card').count()).toBe(0)
    await confirm.getByTestId('confirm-connection-accept').click()
    await page.waitForURL((url) => url.pathname === '/pages/Panel' && !url.search)
    await toast('Twitch channel connected').waitFor()
    const card = page.getByTestId('channel-card')
    await card.waitFor()
    expect(await card.getByTestId('channel-account').innerText()).toBe('democaster')
    expect(await card.getByTestId('channel-bot-account').innerText()).toContain('democaster')
    // What Twitch allowed, in the same words as before the consent: no raw OAuth scope names.
    const scopes = card.getByTestId('channel-scopes')
    expect(await scopes.textContent()).toContain('Time out and ban chatters')
    const lines = await scopes.locator('li').evaluateAll((items) => items.map((li) => ({ scope: li.getAttribute('data-scope'), text: li.textContent })))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.filter((line) => line.text === line.scope)).toEqual([])
    expect(await page.getByTestId('panel-switch-active').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByTestId('channel-limit').innerText()).toContain('1 of 1')
    // Starter allows one channel: connecting another is not offered.
    expect(await page.getByTestId('connect-twitch').isDisabled()).toBe(true)
  })

  it('configures a command: variables help, live preview, client and server errors under the field', async () => {
    await open('/pages/chatlist')
    await page.getByTestId('commands-empty').waitFor()
    expect(await page.getByTestId('commands-limit').innerText()).toContain('0 of 25 commands')
    await page.getByTestId('new-command').click()
    const dialog = page.getByTestId('command-dialog')
    await dialog.getByTestId('command-trigger').fill('not a trigger')
    await dialog.getByTestId('command-response').fill('Hi ${user}, you are visitor number ${count}!')
    await dialog.getByText('Variables you can use').click()
    await dialog.getByRole('button', { name: 'Insert ${uptime}' }).waitFor()
    expect(await dialog.getByTestId('command-response-preview').innerText()).toContain('Hi viewer1, you are visitor number 1!')
    await dialog.getByTestId('command-save').click()
    await dialog.getByText('A command is ! followed by 1 to 30 letters').waitFor()

    await dialog.getByTestId('command-trigger').fill('hello')
    await dialog.getByTestId('command-permission').selectOption('everyone')
    await dialog.getByTestId('command-cooldown').fill('0')
    await dialog.getByTestId('command-save').click()
    await toast('!hello was saved').waitFor()
    await page.locator('[data-testid="command-row"][data-trigger="!hello"]').waitFor()
    expect(await page.getByTestId('commands-limit').innerText()).toContain('1 of 25 commands')

    // A second !hello: only the server knows, and its message shows under the trigger field.
    await page.getByTestId('new-command').click()
    await dialog.getByTestId('command-trigger').fill('!hello')
    await dialog.getByTestId('command-response').fill('again')
    await dialog.getByTestId('command-save').click()
    await dialog.getByText('The channel already has !hello').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
  })

  it('configures a timer and deletes a command only after confirming', async () => {
    await page.getByTestId('new-timer').click()
    const dialog = page.getByTestId('timer-dialog')
    await dialog.getByTestId('timer-name').fill('Socials')
    await dialog.getByTestId('timer-message').fill('Follow me ${random on X|on Bluesky} (${user})')
    await dialog.getByTestId('timer-interval').fill('2')
    await dialog.getByTestId('timer-save').click()
    await dialog.getByText('A timer runs every 5 to 1440 minutes.').waitFor()
    await dialog.getByText('Unknown variable “user”').waitFor()
    await dialog.getByTestId('timer-message').fill('Follow me ${random on X|on Bluesky}')
    await dialog.getByTestId('timer-interval').fill('10')
    await dialog.getByTestId('timer-min-lines').fill('3')
    expect(await dialog.getByTestId('timer-message-preview').innerText()).toContain('Follow me on X')
    await dialog.getByTestId('timer-save').click()
    await toast('The timer Socials was saved').waitFor()
    const row = page.locator('[data-testid="timer-row"][data-name="Socials"]')
    await row.waitFor()
    expect(await row.innerText()).toContain('every 10 min, after 3 chat lines')
    expect(await page.getByTestId('timers-limit').innerText()).toContain('1 of 3 timers')

    // A throwaway command: the delete asks first, and Cancel keeps it.
    await page.getByTestId('new-command').click()
    await page.getByTestId('command-trigger').fill('!bye')
    await page.getByTestId('command-response').fill('Bye ${touser}!')
    await page.getByTestId('command-save').click()
    const bye = page.locator('[data-testid="command-row"][data-trigger="!bye"]')
    await bye.waitFor()
    await bye.getByTestId('command-delete').click()
    const confirm = page.getByTestId('command-delete-dialog')
    await confirm.getByText('Delete !bye?').waitFor()
    await confirm.getByTestId('confirm-cancel').click()
    await confirm.waitFor({ state: 'hidden' })
    expect(await bye.count()).toBe(1)
    await bye.getByTestId('command-delete').click()
    await confirm.getByTestId('confirm-accept').click()
    await toast('!bye was deleted').waitFor()
    await bye.waitFor({ state: 'detached' })
  })

  it('switches the bot on (saved at once) and shows it running', async () => {
    await open('/pages/Panel')
    const active = page.getByTestId('panel-switch-active')
    await active.click()
    expect(await active.getAttribute('aria-checked')).toBe('true')
    await page.locator('[data-testid="bot-status"][data-state="running"]').waitFor({ timeout: 20_000 })
    await page.reload()
    await page.locator('[data-testid="panel-switch-active"][aria-checked="true"]').waitFor()
  })

  it('shows the live chat: a viewer command and the bot answer, sending as the bot, moderating', async () => {
    await open('/pages/chatboard')
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor({ timeout: 20_000 })
    await page.getByTestId('chat-empty').waitFor()

    twitch().chat(BROADCASTER.id, VIEWER, '!hello')
    const viewerLine = page.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: '!hello' })
    await viewerLine.waitFor()
    await page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: 'Hi Viewer_One, you are visitor number 1!' }).waitFor()
    await waitFor(() => twitch().sent.some((m) => m.message === 'Hi Viewer_One, you are visitor number 1!'), 'the bot answer at Twitch')

    // Send as the bot: the platform's answer is shown, and the line comes back through the chat.
    await page.getByTestId('send-input').fill('Hello chat, the bot is here')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-feedback').filter({ hasText: 'Sent. Twitch: Sent' }).waitFor()
    await page.locator('[data-testid="chat-message"][data-from-bot="true"]').filter({ hasText: 'Hello chat, the bot is here' }).waitFor()
    expect(await page.getByTestId('send-input').inputValue()).toBe('')

    // Keyboard: the latest line is the log's tab stop; arrows move between lines.
    const rows = page.getByTestId('chat-message')
    await rows.last().focus()
    await page.keyboard.press('ArrowUp')
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
    expect(focused).toBe('chat-message')
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Hi Viewer_One')

    // A ban asks first; Cancel does nothing at the platform.
    await viewerLine.hover()
    await viewerLine.getByTestId('moderate-ban').click()
    await page.getByTestId('moderation-dialog').getByText('Ban Viewer_One?').waitFor()
    await page.getByTestId('confirm-cancel').click()
    await page.getByTestId('moderation-dialog').waitFor({ state: 'hidden' })
    expect(twitch().moderation.filter((m) => m.kind === 'ban')).toEqual([])

    // A timeout of 5 minutes reaches the platform, and its answer is shown.
    await viewerLine.hover()
    await viewerLine.getByTestId('moderate-timeout').click()
    await page.getByTestId('timeout-duration').selectOption('300')
    await page.getByTestId('moderation-reason').fill('spam')
    await page.getByTestId('confirm-accept').click()
    await page.getByTestId('platform-answer').filter({ hasText: 'Twitch confirmed it.' }).waitFor()
    expect(twitch().moderation).toContainEqual(
      expect.objectContaining({ kind: 'timeout', broadcasterId: BROADCASTER.id, userId: VIEWER.userId, duration: 300, reason: 'spam' }),
    )

    // Deleting the message uses the platform's message id.
    await viewerLine.hover()
    await viewerLine.getByTestId('moderate-delete').click()
    await page.getByTestId('confirm-accept').click()
    await waitFor(() => twitch().moderation.find((m) => m.kind === 'delete'), 'the delete at Twitch')
    const deleted = twitch().moderation.find((m) => m.kind === 'delete')!
    expect(deleted.messageId).toMatch(/^msg-/)
    // Deleting it twice: the platform's refusal is shown in its words, without an HTTP status.
    await viewerLine.hover()
    await viewerLine.getByTestId('moderate-delete').click()
    await page.getByTestId('confirm-accept').click()
    const refusal = page.getByTestId('platform-answer').filter({ hasText: 'Twitch refused: ' })
    await refusal.waitFor()
    expect(await refusal.innerText()).not.toMatch(/\(\d{3}\)/)
  })

  it('keeps the reading position when scrolled up and counts new lines in a pill', async () => {
    for (let i = 1; i <= 30; i++) twitch().chat(BROADCASTER.id, VIEWER, `line ${i}`)
    await page
      .getByTestId('chat-text')
      .filter({ hasText: /^line 30$/ })
      .waitFor()
    await page.getByTestId('chat-log').evaluate((box) => {
      box.scrollTop = 0
      box.dispatchEvent(new Event('scroll'))
    })
    twitch().chat(BROADCASTER.id, VIEWER, 'line 31')
    twitch().chat(BROADCASTER.id, VIEWER, 'line 32')
    const pill = page.getByTestId('new-messages-pill')
    await pill.filter({ hasText: 'New messages: 2' }).waitFor()
    expect(await page.getByTestId('chat-log').evaluate((box) => box.scrollTop)).toBe(0)
    await pill.click()
    await pill.waitFor({ state: 'detached' })
    expect(await page.getByTestId('chat-log').evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight)).toBeLessThan(50)
  })

  it('opens the subscription again after the stream drops, and fills the gap from the history', async () => {
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor()
    await page.evaluate(() => (window as unknown as { __dropStreams(): void }).__dropStreams())
    await page.locator('[data-testid="stream-state"][data-state="retrying"]').waitFor()
    twitch().chat(BROADCASTER.id, VIEWER, 'said while the stream was down')
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor({ timeout: 20_000 })
    await page.getByTestId('chat-text').filter({ hasText: 'said while the stream was down' }).waitFor()
    twitch().chat(BROADCASTER.id, VIEWER, 'said after the reconnect')
    await page.getByTestId('chat-text').filter({ hasText: 'said after the reconnect' }).waitFor()
  })

  it('shows status, licence and recent chat on the dashboard, with quick stop and start', async () => {
    await open('/dashboard/')
    const tile = page.getByTestId('dashboard-channel')
    await tile.locator('[data-testid="bot-status"][data-state="running"]').waitFor()
    expect(await page.getByTestId('licence-plan').innerText()).toBe('Starter')
    expect(await page.getByTestId('licence-days').innerText()).toMatch(/\d+ of \d+ days/)
    await page.getByTestId('activity-tile').getByText('line 32').waitFor()
    await tile.getByTestId('quick-toggle').filter({ hasText: 'Stop bot' }).click()
    await tile.getByTestId('quick-toggle').filter({ hasText: 'Start bot' }).waitFor()
    await open('/pages/Panel')
    await page.locator('[data-testid="panel-switch-active"][aria-checked="false"]').waitFor()
  })

  it('switches modules per channel on /pages/enable, saved at once', async () => {
    await open('/pages/enable')
    const timers = page.getByTestId('module-switch-timers')
    expect(await timers.getAttribute('aria-checked')).toBe('true')
    await timers.click()
    await page.locator('[data-testid="module-switch-timers"][aria-checked="false"]').waitFor()
    await page.getByTestId('bot-off-note').waitFor()
    await open('/pages/chatlist')
    await page.getByText('The timers module is off: timers do not post.').waitFor()
    await open('/pages/enable')
    await page.locator('[data-testid="module-switch-timers"][aria-checked="false"]').waitFor()
    await page.getByTestId('module-switch-timers').click()
    await page.locator('[data-testid="module-switch-timers"][aria-checked="true"]').waitFor()
  })

  it('disconnects the channel after confirming: tokens revoked, empty state again', async () => {
    await open('/pages/Panel')
    await page.getByTestId('disconnect-channel').click()
    const confirm = page.getByTestId('disconnect-dialog')
    await confirm.getByText('Disconnect DemoCaster from Twitch?').waitFor()
    await confirm.getByTestId('confirm-cancel').click()
    await confirm.waitFor({ state: 'hidden' })
    expect(twitch().revoked).toEqual([])
    await page.getByTestId('disconnect-channel').click()
    await confirm.getByTestId('confirm-accept').click()
    await toast('DemoCaster was disconnected').waitFor()
    await page.getByTestId('empty-channels').waitFor()
    expect(twitch().revoked.length).toBeGreaterThan(0)
    expect(pathOf(page)).toBe('/pages/Panel')
  })

  it('connects a Kick channel on /kick/panel (PKCE) and shows its chat from signed webhooks', async () => {
    const kick = e2e.platforms!.kick
    kick.addUser(KICK_BROADCASTER)
    kick.consentAs(KICK_BROADCASTER.id)
    await open('/kick/panel')
    await page.getByTestId('connect-kick').click()
    // Kick does not ask again for an app already allowed: the rights are listed here first.
    const grant = page.getByTestId('grant-dialog')
    await grant.getByText('Kick will ask you to allow the assistant to:').waitFor()
    await grant.getByTestId('grant-scopes').getByText("Receive your channel's events (chat, follows, stream start and end)").waitFor()
    await grant.getByTestId('grant-continue').click()
    const confirm = page.getByTestId('confirm-connection-dialog')
    expect(await confirm.getByTestId('confirm-connection-name').innerText()).toBe('KickCaster')
    await confirm.getByTestId('confirm-connection-accept').click()
    await page.waitForURL((url) => url.pathname === '/kick/panel' && !url.search)
    await toast('Kick channel connected').waitFor()
    const card = page.locator('[data-testid="channel-card"][data-platform="kick"]')
    await card.waitFor()
    expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe('KickCaster')
    expect(await card.getByTestId('channel-account').innerText()).toBe('kickcaster')
    expect(await card.getByTestId('channel-bot-account').innerText()).toContain("app's Kick bot")
    await card.getByTestId('panel-switch-active').click()
    await card.locator('[data-testid="bot-status"][data-state="running"]').waitFor({ timeout: 20_000 })

    await open('/pages/chatboard')
    await page.locator('[data-testid="stream-state"][data-state="live"]').waitFor({ timeout: 20_000 })
    expect(await kick.chat(KICK_BROADCASTER.id, { id: 8101, name: 'kick_viewer' }, 'hello from Kick')).toBe(200)
    await page.getByTestId('chat-text').filter({ hasText: 'hello from Kick' }).waitFor()
  })
})
