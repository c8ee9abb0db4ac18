import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS, clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage } from './support/pages'

/**
 * Issue 31's "done when", in the browser: the demo client invites a new address; the
 * invitation mail (outbox) leads to registration; as Moderator the new member sees the
 * sandbox channel's chatboard and moderation (adds a regular; a line they send on the chatboard
 * shows their name) but cannot edit commands;
 * promoted to Editor they add a command; the owner's channel log shows both acts with the
 * member's name; removed, the member loses access on the next request.
 */
describe('a channel team in Chromium', () => {
  let e2e: E2E
  let owner: Page
  let member: Page
  let link = ''
  let channelId = ''
  const MEMBER = { username: 'newmod', email: 'newmod@example.com', password: 'a-good-passphrase-31' }

  const api = async (body: unknown, token?: string) => {
    const res = await fetch(`${e2e.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return (await res.json()) as any
  }
  const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken')!)

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    owner = await clientPage(e2e)
  })
  afterAll(async () => {
    await member?.context().close()
    await closeE2E(owner, e2e)
  })

  it('the owner invites a new address, and the outbox has the invitation link', async () => {
    await openPage(owner, '/apps/team')
    await owner.getByTestId('team-limit').waitFor()
    channelId = (await api({ query: '{ channels { id sandbox } }' }, await tokenOf(owner))).data.channels.find((c: { sandbox: boolean }) => c.sandbox).id
    await owner.getByTestId('team-invite-email').fill(MEMBER.email)
    await owner.getByTestId('team-invite-group').selectOption('moderator')
    await owner.getByTestId('team-invite-submit').click()
    await owner.getByTestId('team-invitation-row').filter({ hasText: MEMBER.email }).waitFor()
    const login = await fetch(`${e2e.server.url}/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORDS.admin }),
    })
    const admin = ((await login.json()) as { accessToken: string }).accessToken
    const mails = (await api({ query: '{ mailOutbox(first: 50) { to text } }' }, admin)).data.mailOutbox as Array<{ to: string; text: string }>
    const mail = mails.find((m) => m.to === MEMBER.email)
    expect(mail).toBeDefined()
    const url = new URL(/https?:\/\/\S+\/team\/invitation\?token=[\w-]+/.exec(mail!.text)![0])
    link = url.pathname + url.search
  })

  it('the link leads to registration, then joins the team as Moderator', async () => {
    member = await e2e.newPage()
    await member.goto(link)
    await member.getByTestId('team-invitation-text').waitFor()
    await member.getByTestId('team-invitation-register').click()
    await member.getByTestId('register-username').fill(MEMBER.username)
    await member.getByTestId('register-email').fill(MEMBER.email)
    await member.getByTestId('register-password').fill(MEMBER.password)
    await member.getByTestId('register-submit').click()
    // Registration brings the new account back to the invitation it came from.
    await member.waitForURL((url) => url.pathname === '/team/invitation')
    await member.getByTestId('team-invitation-accept').click()
    await member.getByTestId('chatboard').waitFor()
  })

  it('as Moderator: chatboard and moderation, commands read-only (and refused by the server)', async () => {
    await openPage(member, `/pages/Moderation?channel=${channelId}`)
    await member.getByTestId('moderation-regular-login').fill('helpful_viewer')
    await member.getByTestId('moderation-regular-login').press('Enter')
    await member.getByTestId('moderation-regular').filter({ hasText: 'helpful_viewer' }).waitFor()
    await openPage(member, `/pages/chatlist?channel=${channelId}`)
    await member.getByTestId('commands-section').waitFor()
    expect(await member.getByTestId('new-command').count()).toBe(0)
    const refused = await api(
      { query: 'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!sneaky", response: "x" }) { id } }', variables: { c: channelId } },
      await tokenOf(member),
    )
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN')
  })

  it("as Moderator: a line sent on the chatboard is named by the member's name, live on the owner's chatboard too", async () => {
    // The owner watches first: the line must come with its sender without a reload.
    await openPage(owner, `/pages/chatboard?channel=${channelId}`)
    await owner.getByTestId('chat-log').waitFor()
    await openPage(member, `/pages/chatboard?channel=${channelId}`)
    await member.getByTestId('send-input').fill('Hello from the team member')
    await member.getByTestId('send-submit').click()
    for (const page of [member, owner]) {
      const line = page.getByTestId('chat-message').filter({ hasText: 'Hello from the team member' })
      await line
        .getByTestId('chat-sent-by')
        .filter({ hasText: `via ${MEMBER.username}` })
        .waitFor({ timeout: 20_000 })
      expect(await line.getByTestId('chat-sent-by').textContent()).toBe(`via ${MEMBER.username}`)
    }
  })

  it('promoted to Editor, the member adds a command', async () => {
    await openPage(owner, `/apps/team?channel=${channelId}`)
    await owner.getByTestId('team-member-row').filter({ hasText: MEMBER.username }).getByTestId('team-member-group').selectOption('editor')
    await owner.getByText('Group changed').waitFor()
    await openPage(member, `/pages/chatlist?channel=${channelId}`)
    await member.getByTestId('new-command').click()
    await member.getByTestId('command-trigger').fill('!team')
    await member.getByTestId('command-response').fill('We are a team.')
    await member.getByTestId('command-save').click()
    await member.locator('[data-testid="command-row"][data-trigger="!team"]').waitFor()
  })

  it("the owner's channel log shows both acts with the member's name", async () => {
    await openPage(owner, `/apps/team/log?channel=${channelId}`)
    await owner.locator(`[data-testid="audit-row"][data-action="command.create"][data-actor="${MEMBER.username}"]`).waitFor()
    await owner.locator(`[data-testid="audit-row"][data-action="regular.add"][data-actor="${MEMBER.username}"]`).waitFor()
  })

  it('a custom group: the owner picks view on commands and moderation only; the member is offered no edit there', async () => {
    await openPage(owner, `/apps/team?channel=${channelId}`)
    const row = owner.getByTestId('team-member-row').filter({ hasText: MEMBER.username })
    await row.getByTestId('team-member-group').selectOption('custom')
    const dialog = owner.getByTestId('team-rights-dialog')
    await dialog.getByTestId('team-right-commands').selectOption('view')
    await dialog.getByTestId('team-right-moderation').selectOption('view')
    await dialog.getByTestId('team-rights-save').click()
    await owner.getByText('Group changed').waitFor()
    await row.getByTestId('team-member-rights').waitFor()
    const rights = await api({ query: '{ channels { myAccess { group rights { module grant } } } }' }, await tokenOf(member))
    const access = rights.data.channels[0].myAccess
    expect(access.group).toBe('custom')
    // The dialog starts from the member's present rights (Editor: manage everywhere); the two picked are view.
    const grantOf = (m: string) => access.rights.find((r: { module: string }) => r.module === m).grant
    expect([grantOf('commands'), grantOf('moderation'), grantOf('raids')]).toEqual(['view', 'view', 'manage'])
    await openPage(member, `/pages/Moderation?channel=${channelId}`)
    await member.getByTestId('moderation-settings').waitFor()
    expect(await member.getByTestId('moderation-save').count()).toBe(0)
    expect(await member.getByTestId('moderation-regular-login').count()).toBe(0)
    expect(await member.getByTestId('moderation-nuke').count()).toBe(0)
    await openPage(member, `/pages/chatlist?channel=${channelId}`)
    await member.getByTestId('commands-section').waitFor()
    expect(await member.getByTestId('new-command').count()).toBe(0)
  })

  it('removed, the member loses access on the next request', async () => {
    await openPage(owner, `/apps/team?channel=${channelId}`)
    await owner.getByTestId('team-member-row').filter({ hasText: MEMBER.username }).getByTestId('team-member-remove').click()
    await owner.getByTestId('team-members-empty').waitFor()
    await openPage(member, `/pages/chatlist?channel=${channelId}`)
    await member.getByTestId('empty-channels').waitFor()
    const refused = await api({ query: 'query($c: ID!) { channel(id: $c) { commands { trigger } } }', variables: { c: channelId } }, await tokenOf(member))
    expect(refused.errors[0].extensions.code).toBe('NOT_FOUND')
  })
})
