import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS, clientPage, closeE2E, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * Issue 31: every assistant page works on the chosen channel within the member's rights; what
 * they may not do is not offered. A Viewer of the sandbox channel visits every page and finds no
 * enabled control that changes something (the server would refuse each), and a notice saying
 * why; promoted to Editor, the same controls are there and enabled. The owner's own pages
 * (alerts, giveaways, quotes) say they are the owner's to both.
 */
interface Walked {
  path: string
  /** Shown once the page's content for the channel has loaded. */
  ready: string
  /** Controls that change the channel (CSS selectors): none enabled for a Viewer, each enabled for an Editor. */
  controls: readonly string[]
}

const tid = (id: string) => `[data-testid="${id}"]`

const PAGES: readonly Walked[] = [
  { path: '/pages/chatlist', ready: 'commands-section', controls: [tid('new-command'), tid('new-timer')] },
  { path: '/pages/counters', ready: 'counters-list', controls: [tid('counter-name'), tid('counter-value')] },
  { path: '/pages/chatboard', ready: 'chatboard', controls: [tid('send-input'), tid('send-submit')] },
  {
    path: '/pages/Moderation',
    ready: 'moderation-settings',
    controls: [tid('moderation-enabled'), tid('moderation-regular-login'), tid('moderation-nuke-phrase')],
  },
  { path: '/pages/Conversation', ready: 'conversation-rules', controls: [tid('conversation-switch'), tid('rule-new'), tid('conversation-prompt')] },
  { path: '/pages/raid', ready: 'raid-status', controls: [tid('raid-query')] },
  { path: '/pages/follower', ready: 'thank-you-form', controls: [tid('thank-you-switch'), tid('thank-you-template'), tid('thank-you-save')] },
  { path: '/pages/VOD', ready: 'vod-toolbar', controls: [tid('vod-refresh')] },
  { path: '/pages/enable', ready: 'modules-card', controls: ['[data-testid^="module-switch-"]'] },
  { path: '/pages/Panel', ready: 'channel-card', controls: ['[data-testid^="panel-switch-"]'] },
]

/** The channel owner's alone (the server asks channels.owned): no member, whatever the group, is offered them. */
const OWNER_PAGES: ReadonlyArray<{ path: string; controls: readonly string[] }> = [
  { path: '/pages/alerts', controls: [tid('overlay-regenerate'), tid('overlay-hide-bot')] },
  { path: '/pages/giveaways', controls: [tid('giveaway-open'), tid('giveaway-prize')] },
  { path: '/pages/quotes', controls: [tid('quote-text'), tid('quote-save')] },
]

describe('a team member walks every assistant page in Chromium', () => {
  let e2e: E2E
  let owner: Page
  let member: Page
  let channelId = ''
  let memberId = ''
  const MEMBER = { username: 'walker', email: 'walker@example.com', password: 'a-good-passphrase-31w' }

  const api = async (body: unknown, token: string) => {
    const res = await fetch(`${e2e.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as any
    if (json.errors) throw new Error(JSON.stringify(json.errors))
    return json.data
  }
  const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken')!)
  const enabled = (page: Page, selector: string) => page.locator(`main ${selector}:enabled`).count()
  const RAID_ENTRY = 'nav a[href="/pages/raid"]'
  /** The menu's modules as SessionSync stored them after the page's load (UserData.teamModules). */
  const storedModules = (page: Page) =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { teamModules?: string[] }).teamModules ?? null)

  beforeAll(async () => {
    e2e = await startE2E({ SANDBOX: 'auto' })
    owner = await clientPage(e2e)
    const ownerToken = await tokenOf(owner)
    channelId = (await api({ query: '{ channels { id sandbox } }' }, ownerToken)).channels.find((c: { sandbox: boolean }) => c.sandbox).id
    await api(
      {
        query: 'mutation($c: ID!, $e: String!) { inviteTeamMember(channelId: $c, email: $e, access: { group: viewer }) { id } }',
        variables: { c: channelId, e: MEMBER.email },
      },
      ownerToken,
    )
    const login = await fetch(`${e2e.server.url}/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORDS.admin }),
    })
    const admin = ((await login.json()) as { accessToken: string }).accessToken
    const mails = (await api({ query: '{ mailOutbox(first: 50) { to text } }' }, admin)).mailOutbox as Array<{ to: string; text: string }>
    const token = /invitation\?token=([\w-]+)/.exec(mails.find((m) => m.to === MEMBER.email)!.text)![1]
    const registered = await fetch(`${e2e.server.url}/jwt/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MEMBER),
    })
    expect(registered.status).toBe(200)
    member = await e2e.newPage()
    await signIn(member, MEMBER.email, MEMBER.password)
    await member.waitForURL('**/dashboard/')
    await api({ query: 'mutation($t: String!) { acceptTeamInvitation(token: $t) { id } }', variables: { t: token } }, await tokenOf(member))
    const team = await api({ query: 'query($c: ID!) { team(channelId: $c) { members { userId username } } }', variables: { c: channelId } }, ownerToken)
    memberId = team.team.members.find((m: { username: string }) => m.username === MEMBER.username).userId
  })
  afterAll(async () => {
    await member?.context().close()
    await closeE2E(owner, e2e)
  })

  it('as Viewer: every page reads, offers no enabled control that changes the channel, and says why', async () => {
    for (const page of PAGES) {
      await openPage(member, `${page.path}?channel=${channelId}`)
      await member.getByTestId(page.ready).first().waitFor()
      for (const control of page.controls) expect(await enabled(member, control), `${page.path} ${control}`).toBe(0)
      await member.getByTestId('channel-view-only').first().waitFor()
    }
    // Each command's and timer's switch is there to read, not to press.
    await openPage(member, `/pages/chatlist?channel=${channelId}`)
    await member.getByTestId('commands-section').waitFor()
    expect(await member.getByTestId('command-toggle').count()).toBeGreaterThan(0)
    expect(await enabled(member, tid('command-toggle'))).toBe(0)
  })

  it("the owner's own pages say so to a member, with nothing to change", async () => {
    for (const page of OWNER_PAGES) {
      await openPage(member, `${page.path}?channel=${channelId}`)
      await member.getByTestId('channel-no-access').waitFor()
      for (const control of page.controls) expect(await member.locator(control).count(), `${page.path} ${control}`).toBe(0)
    }
  })

  it('promoted to Editor: the same controls are there and enabled, with no view-only notice', async () => {
    await api(
      {
        query: 'mutation($c: ID!, $u: ID!) { updateTeamMember(channelId: $c, userId: $u, access: { group: editor }) { userId } }',
        variables: { c: channelId, u: memberId },
      },
      await tokenOf(owner),
    )
    for (const page of PAGES) {
      await openPage(member, `${page.path}?channel=${channelId}`)
      await member.getByTestId(page.ready).first().waitFor()
      for (const control of page.controls) {
        await member.locator(`main ${control}:enabled`).first().waitFor()
      }
      expect(await member.getByTestId('channel-view-only').count(), page.path).toBe(0)
    }
    await expect.poll(() => storedModules(member), { timeout: 15_000 }).toContain('raids')
    await member.locator(RAID_ENTRY).first().waitFor({ state: 'attached' })
  })

  it('with none on raids (a custom group), the raid page is not offered: it says so and asks nothing of the server', async () => {
    await api(
      {
        query:
          'mutation($c: ID!, $u: ID!) { updateTeamMember(channelId: $c, userId: $u, access: { group: custom, rights: [{ module: commands, grant: view }] }) { userId } }',
        variables: { c: channelId, u: memberId },
      },
      await tokenOf(owner),
    )
    await openPage(member, `/pages/raid?channel=${channelId}`)
    await member.getByTestId('channel-no-access').waitFor()
    expect(await member.getByTestId('raid-status').count()).toBe(0)
    expect(await member.getByTestId('raid-error').count()).toBe(0)
    // The menu follows once the app has re-read the session: commands stays, raids is gone.
    await expect.poll(() => storedModules(member), { timeout: 15_000 }).toEqual(['commands'])
    expect(await member.locator(RAID_ENTRY).count()).toBe(0)
    expect(await member.locator('nav a[href="/pages/counters"]').count()).toBeGreaterThan(0)
  })
})
