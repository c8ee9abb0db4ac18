import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const STATS = `query($d: Int) { adminStats(days: $d) {
  usersByRole { role count } usersByPlan { plan count } activeBots licencesExpiringSoon
  signupsPerDay { day count } revenueByPlan { plan activeLicences monthlyRevenue } monthlyRevenue
} }`

describe.each(engines)('admin figures and audit log on %s', (engine) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = (await t.loginAs('admin')).accessToken
    const create = (user: Record<string, unknown>) => t.json('POST', '/apps/user/users', { user }, { authorization: `Bearer ${admin}` })
    // Pro for 90 days, Pro for 5 days (expiring soon), Headstarter for 30 days; all created with an active bot.
    expect((await create({ username: 'pro_one', email: 'p1@example.com', currentPlan: 'Pro', totalDays: 90 })).status).toBe(201)
    expect((await create({ username: 'pro_two', email: 'p2@example.com', currentPlan: 'Pro', totalDays: 5 })).status).toBe(201)
    expect((await create({ username: 'head_one', email: 'h1@example.com', currentPlan: 'Headstarter' })).status).toBe(201)
    expect((await create({ username: 'res_two', email: 'r2@example.com', role: 'reseller' })).status).toBe(201)
  })
  afterAll(() => t.close())

  it('counts users by role and plan, active bots, expiring licences, signups and revenue', async () => {
    const res = await t.gql(STATS, { d: 7 }, admin)
    expect(res.body.errors).toBeUndefined()
    const s = res.body.data.adminStats
    expect(s.usersByRole).toEqual([
      { role: 'admin', count: 1 },
      { role: 'client', count: 4 },
      { role: 'reseller', count: 2 },
    ])
    expect(s.usersByPlan).toEqual([
      { plan: 'Headstarter', count: 1 },
      { plan: 'None', count: 3 },
      { plan: 'Pro', count: 2 },
      { plan: 'Starter', count: 1 },
    ])
    // No channel is connected: no bot runs, whatever the panels' switches say.
    expect(s.activeBots).toBe(0)
    expect(s.licencesExpiringSoon).toBe(1)
    expect(s.signupsPerDay).toHaveLength(7)
    expect(s.signupsPerDay.at(-1)).toEqual({ day: t.clock.now().toISOString().slice(0, 10), count: 7 })
    expect(s.signupsPerDay.slice(0, 6).every((d: any) => d.count === 0)).toBe(true)
    expect(s.revenueByPlan).toEqual([
      { plan: 'Starter', activeLicences: 1, monthlyRevenue: 8 },
      { plan: 'Headstarter', activeLicences: 1, monthlyRevenue: 15 },
      { plan: 'Pro', activeLicences: 2, monthlyRevenue: 50 },
      { plan: 'Custom', activeLicences: 0, monthlyRevenue: 0 },
    ])
    expect(s.monthlyRevenue).toBe(73)
  })

  it("counts the bots the worker reports running, sandbox channels included, in each caller's scope", async () => {
    const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
    const [client, proOne] = [await idOf('client@demo.local'), await idOf('p1@example.com')]
    const channel = (userId: number, n: number, status: 'running' | 'stopped', sandbox = false) => ({
      userId,
      platform: 'twitch' as const,
      platformUserId: `pu${n}`,
      login: `chan${n}`,
      displayName: `Chan${n}`,
      status,
      active: true,
      sandbox,
    })
    // The demo client (a client of the demo reseller): one running, one stopped, one running sandbox channel;
    // the admin's client pro_one: one running.
    await t.database.db
      .insert(channels)
      .values([channel(client, 1, 'running'), channel(client, 2, 'stopped'), channel(client, 3, 'running', true), channel(proOne, 4, 'running')])
    t.services.admin.clear()
    // The sandbox bot runs as any other and the client's own page shows it running: it counts (issue 36, item 6).
    expect((await t.gql(STATS, {}, admin)).body.data.adminStats.activeBots).toBe(3)
    const running = async (role: 'admin' | 'reseller' | 'client') =>
      (await t.gql('{ runningBots }', {}, (await t.loginAs(role)).accessToken)).body.data.runningBots
    expect(await running('admin')).toBe(3)
    expect(await running('reseller')).toBe(2)
    expect(await running('client')).toBe(2)
    expect((await t.gql('{ runningBots }')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    await t.database.db.delete(channels)
  })

  it('breaks the channel figures down by Twitch and Kick (sandbox channels left out)', async () => {
    const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
    const [client, proOne, proTwo] = [await idOf('client@demo.local'), await idOf('p1@example.com'), await idOf('p2@example.com')]
    const now = t.clock.now().getTime()
    const channel = (userId: number, platform: 'twitch' | 'kick', n: number, extra: Partial<typeof channels.$inferInsert> = {}) => ({
      userId,
      platform,
      platformUserId: `pp${n}`,
      login: `plat${n}`,
      displayName: `Plat${n}`,
      connectedAt: new Date(now - 86_400_000),
      ...extra,
    })
    await t.database.db
      .insert(channels)
      .values([
        channel(client, 'twitch', 1, { status: 'running', live: true }),
        channel(client, 'twitch', 2, { connectedAt: new Date(now - 40 * 86_400_000) }),
        channel(client, 'twitch', 3, { status: 'running', live: true, sandbox: true }),
        channel(client, 'kick', 4, { status: 'running' }),
        channel(proOne, 'kick', 5, { status: 'running', live: true }),
        channel(proTwo, 'kick', 6, { connectedAt: new Date(now - 40 * 86_400_000) }),
      ])
    t.services.admin.clear()
    const res = await t.gql(`{ adminStats(days: 30) { activeBots byPlatform { platform channels owners runningBots live connectedInRange } } }`, {}, admin)
    expect(res.body.errors).toBeUndefined()
    const s = res.body.data.adminStats
    expect(s.byPlatform).toEqual([
      { platform: 'twitch', channels: 2, owners: 1, runningBots: 1, live: 1, connectedInRange: 1 },
      { platform: 'kick', channels: 3, owners: 3, runningBots: 2, live: 1, connectedInRange: 2 },
    ])
    // The per-platform bots and the running sandbox bot (one) add up to the dashboard's total.
    expect(s.byPlatform.reduce((n: number, p: any) => n + p.runningBots, 0) + 1).toBe(s.activeBots)
    await t.database.db.delete(channels)
    t.services.admin.clear()
    const empty = (await t.gql(`{ adminStats { byPlatform { platform channels runningBots } } }`, {}, admin)).body.data.adminStats.byPlatform
    expect(empty).toEqual([
      { platform: 'twitch', channels: 0, runningBots: 0 },
      { platform: 'kick', channels: 0, runningBots: 0 },
    ])
  })

  it('drops expired licences from the revenue after their last day', async () => {
    t.clock.advance(6 * 86400)
    admin = (await t.loginAs('admin')).accessToken
    const s = (await t.gql(STATS, {}, admin)).body.data.adminStats
    expect(s.revenueByPlan.find((r: any) => r.plan === 'Pro')).toEqual({ plan: 'Pro', activeLicences: 1, monthlyRevenue: 25 })
    expect(s.signupsPerDay).toHaveLength(30)
  })

  it('is for admins only (manage needs the admin claim), and validates days', async () => {
    const reseller = await t.loginAs('reseller')
    const client = await t.loginAs('client')
    for (const token of [reseller.accessToken, client.accessToken]) {
      expect((await t.gql(STATS, {}, token)).body.errors[0].extensions.code).toBe('FORBIDDEN')
      expect((await t.gql('{ auditLog { totalCount } }', {}, token)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    }
    expect((await t.gql(STATS)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    await t.database.db
      .update(users)
      .set({ ability: [{ action: 'manage', subject: 'all' }] })
      .where(eq(users.email, 'reseller@demo.local'))
    const promoted = await t.loginAs('reseller')
    expect((await t.gql(STATS, {}, promoted.accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    for (const d of [0, 367]) expect((await t.gql(STATS, { d }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
  })

  it('pages the audit log newest first, with filters and a validated cursor', async () => {
    const all = (await t.gql('{ auditLog(first: 100) { totalCount edges { node { id action actorId at } } } }', {}, admin)).body.data.auditLog
    expect(all.totalCount).toBe(all.edges.length)
    const seen: string[] = []
    let after: string | null = null
    for (;;) {
      const page: any = (
        await t.gql('query($a: String) { auditLog(first: 4, after: $a) { pageInfo { hasNextPage endCursor } edges { node { id } } } }', { a: after }, admin)
      ).body.data.auditLog
      seen.push(...page.edges.map((e: any) => e.node.id))
      if (!page.pageInfo.hasNextPage) break
      after = page.pageInfo.endCursor
    }
    expect(seen).toEqual(all.edges.map((e: any) => e.node.id))
    const creates = (await t.gql('{ auditLog(first: 100, entity: "user") { edges { node { action } } } }', {}, admin)).body.data.auditLog.edges
    expect(creates.filter((e: any) => e.node.action === 'user.create')).toHaveLength(4)
    // Entries name their actor and target: the admin's username, the created user's username.
    const named = (await t.gql('{ auditLog(first: 100, entity: "user") { edges { node { action actorName targetName entityId } } } }', {}, admin)).body.data
      .auditLog.edges
    const adminName = (await t.database.db.select({ n: users.username }).from(users).where(eq(users.role, 'admin')))[0]!.n
    const created = named.filter((e: any) => e.node.action === 'user.create').map((e: any) => [e.node.actorName, e.node.targetName])
    expect(created.sort()).toEqual(['head_one', 'pro_one', 'pro_two', 'res_two'].map((name) => [adminName, name]))
    for (const args of ['after: "x"', 'entity: "nonsense"', 'first: 0', 'first: 101', 'actorId: "x"']) {
      const res = await t.gql(`{ auditLog(${args}) { totalCount } }`, {}, admin)
      expect(res.body.errors[0].extensions.code, args).toBe('BAD_USER_INPUT')
    }
  })
})
