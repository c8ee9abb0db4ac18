import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { feedbackReportNotes, feedbackReports } from '../../server/src/modules/feedback/feedback.tables'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const DAY_MS = 86_400_000
const REPORT_FIELDS =
  'id reporterName channelId channelName platform category text status assigneeId assigneeName reply repliedAt resolvedAt excerpt { userName text fromBot }'
const FILE = `mutation($input: FileFeedbackReportInput!) { fileFeedbackReport(input: $input) { ${REPORT_FIELDS} } }`
const LIST = `query($first: Int, $after: String, $status: FeedbackStatus, $channelId: ID, $platform: Platform, $assigneeId: ID, $minAgeDays: Int, $maxAgeDays: Int) {
  feedbackReports(first: $first, after: $after, status: $status, channelId: $channelId, platform: $platform, assigneeId: $assigneeId, minAgeDays: $minAgeDays, maxAgeDays: $maxAgeDays) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id text status reporterName assigneeName reply } } } }`
const ONE = `query($id: ID!) { feedbackReport(id: $id) { ${REPORT_FIELDS} } }`
const NOTES = 'query($id: ID!) { feedbackReportNotes(reportId: $id) { id authorName text } }'
const ADD_NOTE = 'mutation($id: ID!, $text: String!) { addFeedbackReportNote(reportId: $id, text: $text) { id authorName text } }'
const ASSIGN = 'mutation($id: ID!, $a: ID) { assignFeedbackReport(id: $id, assigneeId: $a) { id assigneeId assigneeName } }'
const REPLY = 'mutation($id: ID!, $r: String!) { replyToFeedbackReport(id: $id, reply: $r) { id reply repliedAt } }'
const STATUS = 'mutation($id: ID!, $s: FeedbackStatus!) { setFeedbackReportStatus(id: $id, status: $s) { id status resolvedAt } }'
const ASSIGNEES = '{ feedbackAssignees { id username } }'
const STATS = '{ adminStats { openFeedbackReports } }'

describe.each(engines)('bot feedback reports on %s', (engine) => {
  let t: TestApp
  const tok: Record<'admin' | 'reseller' | 'client' | 'otherReseller' | 'stranger', string> = {
    admin: '',
    reseller: '',
    client: '',
    otherReseller: '',
    stranger: '',
  }
  let clientChannel = ''
  let strangerChannel = ''
  const lineIds: string[] = []
  let adminId = 0
  let resellerId = 0
  let clientId = 0
  const { gql, ok, code } = gqlCaller(
    () => t,
    () => tok.client,
  )
  const count = async () => (await t.database.db.select().from(feedbackReports)).length

  async function createAccount(user: Record<string, unknown>, password: string) {
    const res = await t.json('POST', '/apps/user/users', { user: { ...user, password } }, { authorization: `Bearer ${tok.admin}` })
    expect(res.status).toBe(201)
    const login = await t.json('POST', '/jwt/login', { email: user.email, password })
    return login.body.accessToken as string
  }

  async function sandboxChannel(token: string) {
    return String((await ok('mutation { connectSandboxChannel { id } }', {}, token)).connectSandboxChannel.id)
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', COUNT_CACHE_TTL: '0', LOGIN_RATE_LIMIT: '100000' })
    tok.admin = (await t.loginAs('admin')).accessToken
    tok.reseller = (await t.loginAs('reseller')).accessToken
    tok.client = (await t.loginAs('client')).accessToken
    tok.otherReseller = await createAccount({ username: 'reseller-two', email: 'r2@example.com', role: 'reseller' }, 'reseller-two-passphrase')
    tok.stranger = await createAccount({ username: 'stranger', email: 'stranger@example.com', role: 'client', currentPlan: 'Starter' }, 'stranger-passphrase')
    clientChannel = await sandboxChannel(tok.client)
    strangerChannel = await sandboxChannel(tok.stranger)
    // The chat history the bot keeps: three lines of the client's channel.
    for (const [i, text] of ['!song', 'I asked for the song', 'hello'].entries()) {
      const event = await t.services.chat.record(
        Number(clientChannel),
        { messageId: `m${i}`, userId: `v${i}`, userLogin: `viewer${i}`, userName: `Viewer${i}`, text, roles: [], at: t.clock.now() },
        false,
      )
      lineIds.push(event.id)
    }
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'))
    const [reseller] = await t.database.db.select().from(users).where(eq(users.email, 'reseller@demo.local'))
    const [client] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.local'))
    clientId = client!.id
    adminId = admin!.id
    resellerId = reseller!.id
  })

  afterAll(async () => {
    await t?.close()
  })

  it('refuses bad input with a code and writes nothing', async () => {
    const input = { channelId: clientChannel, category: 'bug', text: 'The bot did not answer !song' }
    expect(await code(FILE, { input: { ...input, channelId: strangerChannel } })).toBe('NOT_FOUND')
    expect(await code(FILE, { input: { ...input, channelId: '999999' } })).toBe('NOT_FOUND')
    expect(await code(FILE, { input: { ...input, channelId: 'abc' } })).toBe('NOT_FOUND')
    expect(await code(FILE, { input: { ...input, category: 'praise' } })).toBe('BAD_USER_INPUT')
    expect(await code(FILE, { input: { ...input, text: '   ' } })).toBe('BAD_USER_INPUT')
    expect(await code(FILE, { input: { ...input, text: 'x'.repeat(2001) } })).toBe('BAD_USER_INPUT')
    expect(await code(FILE, { input: { ...input, excerptMessageIds: ['999999'] } })).toBe('BAD_USER_INPUT')
    expect(await code(FILE, { input: { ...input, excerptMessageIds: Array.from({ length: 21 }, () => lineIds[0]) } })).toBe('BAD_USER_INPUT')
    expect(await code(FILE, { input: { ...input, excerptMessageIds: ['not-an-id'] } })).toBe('BAD_USER_INPUT')
    expect((await gql(FILE, { input })).status).toBeLessThan(500)
    expect(await code(FILE, { input }, '')).toBe('UNAUTHENTICATED')
    // The service refuses a category outside the list too (GraphQL's enum is one door of two).
    const client = { userId: clientId, role: 'client' as const, admin: false, ability: [] }
    await expect(t.services.feedback.file(client, { ...input, category: 'praise' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' })
    // Only the valid call above wrote a row; remove it to start the counts from zero.
    expect(await count()).toBe(1)
    await t.database.db.delete(feedbackReports)
  })

  let reportId = ''
  it('files a report with a chat excerpt copied from the history', async () => {
    const filed = (
      await ok(FILE, {
        input: { channelId: clientChannel, category: 'missed_command', text: '  !song got no answer  ', excerptMessageIds: [lineIds[1], lineIds[0]] },
      })
    ).fileFeedbackReport
    reportId = filed.id
    expect(filed).toMatchObject({
      reporterName: 'demo-client',
      channelId: clientChannel,
      platform: 'twitch',
      category: 'missed_command',
      text: '!song got no answer',
      status: 'open',
      assigneeId: null,
      reply: null,
      excerpt: [
        { userName: 'Viewer0', text: '!song', fromBot: false },
        { userName: 'Viewer1', text: 'I asked for the song', fromBot: false },
      ],
    })
    // The excerpt is a copy: it survives the chat history's rotation.
    await t.services.chat.record(
      Number(clientChannel),
      { messageId: 'x', userId: 'v', userLogin: 'v', userName: 'V', text: 'later', roles: [], at: t.clock.now() },
      false,
    )
    await t.database.db.delete(chatMessages).where(and(eq(chatMessages.channelId, Number(clientChannel)), ne(chatMessages.text, 'later')))
    expect((await ok(ONE, { id: reportId })).feedbackReport.excerpt).toHaveLength(2)
  })

  it('scopes reading: own for a client, their clients for a reseller, all for admins', async () => {
    const strangerReport = (await ok(FILE, { input: { channelId: strangerChannel, category: 'other', text: 'stranger report' } }, tok.stranger))
      .fileFeedbackReport.id
    const ids = async (token: string) => (await ok(LIST, {}, token)).feedbackReports.edges.map((e: { node: { id: string } }) => e.node.id).sort()
    expect(await ids(tok.admin)).toEqual([reportId, strangerReport].sort())
    expect(await ids(tok.client)).toEqual([reportId])
    expect(await ids(tok.stranger)).toEqual([strangerReport])
    expect(await ids(tok.reseller)).toEqual([reportId]) // the demo client is the demo reseller's
    expect(await ids(tok.otherReseller)).toEqual([])
    expect(await code(ONE, { id: strangerReport }, tok.client)).toBe('NOT_FOUND')
    expect(await code(ONE, { id: reportId }, tok.stranger)).toBe('NOT_FOUND')
    expect(await code(ONE, { id: reportId }, tok.otherReseller)).toBe('NOT_FOUND')
    expect((await ok(ONE, { id: reportId }, tok.reseller)).feedbackReport.text).toBe('!song got no answer')
    expect((await ok(LIST, {}, tok.client)).feedbackReports.totalCount).toBe(1)
  })

  it('lets only admins triage: resellers read-only, clients not at all, nothing written on refusal', async () => {
    const before = JSON.stringify(await t.database.db.select().from(feedbackReports))
    for (const who of ['client', 'reseller', 'otherReseller', 'stranger'] as const) {
      expect(await code(STATUS, { id: reportId, s: 'resolved' }, tok[who])).toBe('FORBIDDEN')
      expect(await code(ASSIGN, { id: reportId, a: String(adminId) }, tok[who])).toBe('FORBIDDEN')
      expect(await code(REPLY, { id: reportId, r: 'hi' }, tok[who])).toBe('FORBIDDEN')
      expect(await code(ADD_NOTE, { id: reportId, text: 'x' }, tok[who])).toBe('FORBIDDEN')
      expect(await code(NOTES, { id: reportId }, tok[who])).toBe('FORBIDDEN')
      expect(await code(ASSIGNEES, {}, tok[who])).toBe('FORBIDDEN')
    }
    expect(JSON.stringify(await t.database.db.select().from(feedbackReports))).toBe(before)
    expect(await t.database.db.select().from(feedbackReportNotes)).toEqual([])
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'feedbackReport'))).toEqual([])
  })

  it('assigns only to admins, and the assignee is shown to admins only', async () => {
    expect((await ok(ASSIGNEES, {}, tok.admin)).feedbackAssignees).toEqual([{ id: String(adminId), username: 'demo-admin' }])
    expect(await code(ASSIGN, { id: reportId, a: String(resellerId) }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(ASSIGN, { id: reportId, a: '999999' }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(ASSIGN, { id: '999999', a: String(adminId) }, tok.admin)).toBe('NOT_FOUND')
    expect(
      (
        await t.database.db
          .select()
          .from(feedbackReports)
          .where(eq(feedbackReports.id, Number(reportId)))
      )[0]!.assigneeId,
    ).toBeNull()
    expect((await ok(ASSIGN, { id: reportId, a: String(adminId) }, tok.admin)).assignFeedbackReport).toEqual({
      id: reportId,
      assigneeId: String(adminId),
      assigneeName: 'demo-admin',
    })
    expect((await ok(ONE, { id: reportId }, tok.client)).feedbackReport).toMatchObject({ assigneeId: null, assigneeName: null })
    expect((await ok(ONE, { id: reportId }, tok.reseller)).feedbackReport).toMatchObject({ assigneeId: null, assigneeName: null })
    const mine = (await ok(LIST, { assigneeId: String(adminId) }, tok.admin)).feedbackReports
    expect(mine.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([reportId])
  })

  it('keeps internal notes from clients and resellers', async () => {
    expect(await code(ADD_NOTE, { id: reportId, text: '' }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(ADD_NOTE, { id: reportId, text: 'n'.repeat(2001) }, tok.admin)).toBe('BAD_USER_INPUT')
    const note = (await ok(ADD_NOTE, { id: reportId, text: 'Timer collided with the command cooldown' }, tok.admin)).addFeedbackReportNote
    expect(note).toMatchObject({ authorName: 'demo-admin', text: 'Timer collided with the command cooldown' })
    expect((await ok(NOTES, { id: reportId }, tok.admin)).feedbackReportNotes).toEqual([note])
    for (const who of ['client', 'reseller'] as const) {
      const res = await gql(
        `query($id: ID!) { feedbackReport(id: $id) { ${REPORT_FIELDS} } feedbackReports { edges { node { ${REPORT_FIELDS} } } } }`,
        { id: reportId },
        tok[who],
      )
      expect(res.body.errors).toBeUndefined()
      expect(JSON.stringify(res.body)).not.toContain('cooldown')
    }
  })

  it('shows the reply to the client; audits and mails status changes', async () => {
    expect(await code(REPLY, { id: reportId, r: ' ' }, tok.admin)).toBe('BAD_USER_INPUT')
    const reply = 'Fixed: !song answers again.'
    await ok(REPLY, { id: reportId, r: reply }, tok.admin)
    expect((await ok(ONE, { id: reportId }, tok.client)).feedbackReport).toMatchObject({ reply, status: 'open' })

    expect((await ok(STATS, {}, tok.admin)).adminStats.openFeedbackReports).toBe(2)
    expect((await ok(STATUS, { id: reportId, s: 'in_progress' }, tok.admin)).setFeedbackReportStatus).toMatchObject({ status: 'in_progress', resolvedAt: null })
    expect((await ok(STATS, {}, tok.admin)).adminStats.openFeedbackReports).toBe(1)
    t.clock.advance(60)
    const resolved = (await ok(STATUS, { id: reportId, s: 'resolved' }, tok.admin)).setFeedbackReportStatus
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: t.clock.now().toISOString() })
    // The same status again changes nothing: no audit row, no mail.
    await ok(STATUS, { id: reportId, s: 'resolved' }, tok.admin)

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feedbackReport'), eq(auditLog.entityId, reportId)))
      .orderBy(auditLog.id)
    expect(entries.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ['feedbackReport.assign', adminId, { assigneeId: null }, { assigneeId: adminId }],
      ['feedbackReport.reply', adminId, { reply: null, repliedAt: null }, { reply, repliedAt: expect.any(String) }],
      ['feedbackReport.status', adminId, { status: 'open', resolvedAt: null }, { status: 'in_progress', resolvedAt: null }],
      ['feedbackReport.status', adminId, { status: 'in_progress', resolvedAt: null }, { status: 'resolved', resolvedAt: expect.any(String) }],
    ])
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'client@demo.local')).orderBy(mailOutbox.id)
    expect(mails.map((m) => m.subject)).toEqual([`Your bot report #${reportId} is in progress`, `Your bot report #${reportId} is resolved`])
    expect(mails[1]!.text).toContain(reply)
    expect(mails[1]!.text).toContain('http://app.test/pages/Panel')
    expect(mails[1]!.text).not.toContain('cooldown')
  })

  it('filters and pages in the database', async () => {
    // 25 more reports of the client, one every day backwards; the stranger's stays open.
    await t.database.db.delete(feedbackReports).where(eq(feedbackReports.id, Number(reportId)))
    const start = t.clock.t
    for (let i = 0; i < 25; i++) {
      t.clock.t = start - i * DAY_MS
      await ok(FILE, { input: { channelId: clientChannel, category: 'bug', text: `report ${i}` } })
    }
    t.clock.t = start
    const all: string[] = []
    let after: string | null = null
    for (;;) {
      const page: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: Array<{ node: { text: string } }> } = (
        await ok(LIST, { first: 10, after, channelId: clientChannel }, tok.admin)
      ).feedbackReports
      expect(page.totalCount).toBe(25)
      all.push(...page.edges.map((e) => e.node.text))
      if (!page.pageInfo.hasNextPage) break
      after = page.pageInfo.endCursor
    }
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `report ${24 - i}`)) // newest id first
    expect((await ok(LIST, { platform: 'kick' }, tok.admin)).feedbackReports.totalCount).toBe(0)
    expect((await ok(LIST, { platform: 'twitch' }, tok.admin)).feedbackReports.totalCount).toBe(26)
    expect((await ok(LIST, { status: 'open' }, tok.admin)).feedbackReports.totalCount).toBe(26)
    expect((await ok(LIST, { status: 'resolved' }, tok.admin)).feedbackReports.totalCount).toBe(0)
    expect((await ok(LIST, { channelId: clientChannel, maxAgeDays: 6 }, tok.admin)).feedbackReports.totalCount).toBe(7)
    expect((await ok(LIST, { channelId: clientChannel, minAgeDays: 20 }, tok.admin)).feedbackReports.totalCount).toBe(5)
    expect((await ok(LIST, { channelId: strangerChannel }, tok.client)).feedbackReports.totalCount).toBe(0)
    expect(await code(LIST, { first: 0 }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(LIST, { first: 101 }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(LIST, { after: 'nonsense' }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(LIST, { minAgeDays: -1 }, tok.admin)).toBe('BAD_USER_INPUT')
    expect(await code(LIST, { channelId: 'x' }, tok.admin)).toBe('BAD_USER_INPUT')
    expect((await ok(STATS, {}, tok.admin)).adminStats.openFeedbackReports).toBe(26)
  })
})
