import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { licences, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const KEY = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/
const FIELDS = 'id licensekey planName status userId resellerId totalDays licensebeginning daysLeft endsOn'
const GENERATE = `mutation($i: GenerateLicencesInput!) { generateLicences(input: $i) { ${FIELDS} } }`
const ACTIVATE = `mutation($k: String!, $u: ID) { activateLicence(key: $k, userId: $u) { ${FIELDS} } }`
const LIST = `query($first: Int, $after: String, $status: LicenceStatus, $q: String, $userId: ID, $exp: Int) {
  licences(first: $first, after: $after, status: $status, q: $q, userId: $userId, expiringWithinDays: $exp) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { ${FIELDS} } }
  }
}`

describe.each(engines)('licences on %s', (engine) => {
  let t: TestApp
  let admin: string
  let reseller: string
  let client: string
  let ids: { admin: number; reseller: number; client: number }
  const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n
  const today = () => t.clock.now().toISOString().slice(0, 10)

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [a, r, c] = await Promise.all([t.loginAs('admin'), t.loginAs('reseller'), t.loginAs('client')])
    admin = a.accessToken
    reseller = r.accessToken
    client = c.accessToken
    ids = { admin: a.userData.id, reseller: r.userData.id, client: c.userData.id }
  })
  afterAll(() => t.close())

  const newClient = async (username: string) => {
    const res = await t.json(
      'POST',
      '/apps/user/users',
      { user: { username, email: `${username}@example.com`, role: 'client', currentPlan: 'Starter' } },
      { authorization: `Bearer ${admin}` },
    )
    expect(res.status).toBe(201)
    return res.body.user.id as number
  }

  describe('generateLicences', () => {
    it('makes a batch of unique keys for a plan; admins only', async () => {
      const before = await audits()
      const res = await t.gql(GENERATE, { i: { planId: '3', totalDays: 365, count: 25 } }, admin)
      expect(res.body.errors).toBeUndefined()
      const batch = res.body.data.generateLicences
      expect(batch).toHaveLength(25)
      expect(new Set(batch.map((l: any) => l.licensekey)).size).toBe(25)
      expect(batch[0]).toEqual({
        id: expect.any(String),
        licensekey: expect.stringMatching(KEY),
        planName: 'Pro',
        status: 'available',
        userId: null,
        resellerId: null,
        totalDays: 365,
        licensebeginning: null,
        daysLeft: null,
        endsOn: null,
      })
      expect((await audits()) - before).toBe(25)
      for (const token of [reseller, client]) {
        expect((await t.gql(GENERATE, { i: { planId: '3', totalDays: 365, count: 1 } }, token)).body.errors[0].extensions.code).toBe('FORBIDDEN')
      }
    })

    it.each([
      [{ planId: '3', totalDays: 30, count: 1001 }, 'count'],
      [{ planId: '3', totalDays: 30, count: 0 }, 'count'],
      [{ planId: '3', totalDays: 0, count: 1 }, 'totalDays'],
      [{ planId: '99', totalDays: 30, count: 1 }, 'planId'],
      [{ planId: 'x', totalDays: 30, count: 1 }, 'planId'],
      [{ planId: '3', totalDays: 30, count: 1, resellerId: '1' }, 'resellerId'],
    ])('refuses %j (BAD_USER_INPUT on %s), writing nothing', async (input, field) => {
      const before = (await t.database.db.select({ n: count() }).from(licences))[0]!.n
      const res = await t.gql(GENERATE, { i: input }, admin)
      expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.errors[0].extensions.fields)).toEqual([field])
      expect((await t.database.db.select({ n: count() }).from(licences))[0]!.n).toBe(before)
    })
  })

  describe('activation', () => {
    it('sets the package and licensebeginning today; the old key is superseded and its remaining days carried over', async () => {
      const running = (await t.gql(LIST, { first: 1, status: 'active', userId: String(ids.client) }, admin)).body.data.licences.edges[0].node
      expect(running.daysLeft).toBeGreaterThan(0)
      const [key] = (await t.gql(GENERATE, { i: { planId: '2', totalDays: 60, count: 1 } }, admin)).body.data.generateLicences
      const res = await t.gql(ACTIVATE, { k: key.licensekey.toLowerCase().replaceAll('-', ' ') }, client)
      expect(res.body.errors).toBeUndefined()
      const carried = 60 + running.daysLeft
      expect(res.body.data.activateLicence).toMatchObject({
        status: 'active',
        userId: String(ids.client),
        licensebeginning: today(),
        totalDays: carried,
        daysLeft: carried,
        planName: 'Headstarter',
      })
      const [user] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(user?.package).toBe('Headstarter')
      const mine = (await t.gql(LIST, { first: 10 }, client)).body.data.licences
      expect(mine.edges.map((e: any) => e.node.status).sort()).toEqual(['active', 'superseded'])
      const item = await t.json('GET', `/apps/user/users/${ids.client}`, undefined, { authorization: `Bearer ${admin}` })
      expect(item.body).toMatchObject({ currentPlan: 'Headstarter', licenseKey: key.licensekey, duration: carried, durationTotal: carried })
    })

    it('a superseded key can be neither extended nor revoked (LICENCE_SUPERSEDED), changing nothing', async () => {
      const mine = (await t.gql(LIST, { first: 10, status: 'superseded', userId: String(ids.client) }, admin)).body.data.licences.edges
      const old = mine[0].node
      const before = await audits()
      for (const [mutation, vars] of [
        ['mutation($id: ID!) { extendLicence(id: $id, days: 30) { status } }', { id: old.id }],
        ['mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: old.id }],
      ] as const) {
        const res = await t.gql(mutation, vars, admin)
        expect(res.body.errors[0].extensions.code).toBe('LICENCE_SUPERSEDED')
      }
      const [row] = await t.database.db
        .select()
        .from(licences)
        .where(eq(licences.id, Number(old.id)))
      expect({ status: row!.status, totalDays: row!.totalDays }).toEqual({ status: 'superseded', totalDays: old.totalDays })
      expect(await audits()).toBe(before)
    })

    it('refuses used, revoked, unknown and someone else’s keys with their codes, changing nothing', async () => {
      const [used] = (await t.gql(LIST, { first: 1, status: 'active', userId: String(ids.client) }, admin)).body.data.licences.edges
      const [a, b] = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 2 } }, admin)).body.data.generateLicences
      await t.gql('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: a.id }, admin)
      const other = await newClient('other_one')
      await t.gql('mutation($id: ID!, $u: ID!) { assignLicence(id: $id, userId: $u) { status } }', { id: b.id, u: String(other) }, admin)
      const before = await audits()
      const cases: Array<[string, string, string]> = [
        [used.node.licensekey, 'LICENCE_USED', 'This licence key was already used.'],
        [a.licensekey, 'LICENCE_REVOKED', 'This licence key was revoked.'],
        ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'LICENCE_INVALID', 'This licence key does not exist.'],
        ['not a key', 'LICENCE_INVALID', 'This licence key does not exist.'],
        [b.licensekey, 'LICENCE_TAKEN', 'This licence key is reserved for another account.'],
      ]
      for (const [k, code, message] of cases) {
        const res = await t.gql(ACTIVATE, { k }, client)
        expect(res.body.errors[0]).toMatchObject({ message, extensions: { code, fields: { licenseKey: [message] } } })
      }
      expect(await audits()).toBe(before)
      const [user] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(user?.package).toBe('Headstarter')
      // The reserved key works for its user.
      const ok = await t.gql(ACTIVATE, { k: b.licensekey, u: String(other) }, admin)
      expect(ok.body.data.activateLicence).toMatchObject({ status: 'active', userId: String(other) })
    })

    it('parallel activations for one account: a key once (the rest LICENCE_USED), different keys one after another; never a 500', async () => {
      const racer = await newClient('racer')
      const keys = (await t.gql(GENERATE, { i: { planId: '3', totalDays: 30, count: 9 } }, admin)).body.data.generateLicences
      const outcome = (res: { status: number; body: any }) =>
        res.body.errors ? `${res.status} ${res.body.errors[0].extensions.code}` : res.body.data.activateLicence.status
      const fire = (ks: string[]) => Promise.all(ks.map((k) => t.gql(ACTIVATE, { k, u: String(racer) }, admin).then(outcome)))

      const same = await fire(Array<string>(10).fill(keys[0].licensekey))
      expect(same.sort()).toEqual([...Array<string>(9).fill('409 LICENCE_USED'), 'active'])
      // Each activation supersedes the one before, as if they came one at a time.
      expect(await fire(keys.slice(1).map((k: any) => k.licensekey))).toEqual(Array<string>(8).fill('active'))

      const rows = await t.database.db.select().from(licences).where(eq(licences.userId, racer))
      expect(rows.filter((r) => r.status === 'active')).toHaveLength(1)
      expect(rows.filter((r) => r.status === 'superseded')).toHaveLength(9) // the Starter key it was made with and 8 of the 9
      const [user] = await t.database.db.select().from(users).where(eq(users.id, racer))
      expect(user?.package).toBe('Pro')
    })

    it('lets a client activate only for themself', async () => {
      const [k] = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 1 } }, admin)).body.data.generateLicences
      const res = await t.gql(ACTIVATE, { k: k.licensekey, u: String(ids.reseller) }, client)
      expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND')
    })

    it('makes a client without a reseller the client of the reseller whose pool the key came from', async () => {
      const lone = await newClient('lone_wolf')
      const [k] = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 1, resellerId: String(ids.reseller) } }, admin)).body.data.generateLicences
      const res = await t.gql(ACTIVATE, { k: k.licensekey, u: String(lone) }, admin)
      expect(res.body.data.activateLicence.status).toBe('active')
      const [row] = await t.database.db.select().from(users).where(eq(users.id, lone))
      expect(row?.resellerId).toBe(ids.reseller)
    })
  })

  describe('pools, assignment, extension, revocation and scope', () => {
    let pool: Array<{ id: string; licensekey: string }>
    beforeAll(async () => {
      pool = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 3, resellerId: String(ids.reseller) } }, admin)).body.data.generateLicences
    })

    it('lists: admins all, resellers their pool and their clients’ keys, clients their own', async () => {
      const all = (await t.gql(LIST, { first: 100 }, admin)).body.data.licences
      const mine = (await t.gql(LIST, { first: 100 }, reseller)).body.data.licences
      const own = (await t.gql(LIST, { first: 100 }, client)).body.data.licences
      const rows = await t.database.db.select().from(licences)
      expect(all.totalCount).toBe(rows.length)
      const clientIds = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.resellerId, ids.reseller))).map((u) => String(u.id))
      for (const e of mine.edges) {
        expect(e.node.resellerId === String(ids.reseller) || clientIds.includes(e.node.userId)).toBe(true)
      }
      expect(mine.totalCount).toBe(rows.filter((l) => l.resellerId === ids.reseller || (l.userId !== null && clientIds.includes(String(l.userId)))).length)
      expect(own.edges.every((e: any) => e.node.userId === String(ids.client))).toBe(true)
      expect(own.totalCount).toBe(rows.filter((l) => l.userId === ids.client).length)
    })

    it('pages newest first with a keyset cursor and filters by key prefix', async () => {
      const seen: string[] = []
      let after: string | null = null
      for (;;) {
        const page: any = (await t.gql(LIST, { first: 7, after }, admin)).body.data.licences
        seen.push(...page.edges.map((e: any) => e.node.id))
        if (!page.pageInfo.hasNextPage) break
        after = page.pageInfo.endCursor
      }
      expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)))
      expect(new Set(seen).size).toBe(seen.length)
      const prefix = pool[0]!.licensekey.slice(0, 6).toLowerCase()
      const found = (await t.gql(LIST, { first: 5, q: prefix }, admin)).body.data.licences
      expect(found.edges.map((e: any) => e.node.licensekey)).toContain(pool[0]!.licensekey)
      expect((await t.gql(LIST, { first: 5, after: 'nope' }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    })

    it('lets a reseller assign a key of their pool to their client, and activate it', async () => {
      const res = await t.gql(
        'mutation($id: ID!, $u: ID!) { assignLicence(id: $id, userId: $u, activate: true) { status userId licensebeginning } }',
        { id: pool[0]!.id, u: String(ids.client) },
        reseller,
      )
      expect(res.body.data.assignLicence).toEqual({ status: 'active', userId: String(ids.client), licensebeginning: today() })
      const [user] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(user?.package).toBe('Starter')
    })

    it('refuses a reseller keys outside their pool and users outside their clients', async () => {
      const stock = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 1 } }, admin)).body.data.generateLicences[0]
      const assign = 'mutation($id: ID!, $u: ID!) { assignLicence(id: $id, userId: $u) { status } }'
      expect((await t.gql(assign, { id: stock.id, u: String(ids.client) }, reseller)).body.errors[0].extensions.code).toBe('NOT_FOUND')
      expect((await t.gql(assign, { id: pool[1]!.id, u: String(ids.admin) }, reseller)).body.errors[0].extensions.code).toBe('NOT_FOUND')
      expect((await t.gql(assign, { id: pool[1]!.id, u: String(ids.client) }, client)).body.errors[0].extensions.code).toBe('FORBIDDEN')
      const ext = 'mutation($id: ID!) { extendLicence(id: $id, days: 5) { totalDays } }'
      expect((await t.gql(ext, { id: stock.id }, reseller)).body.errors[0].extensions.code).toBe('NOT_FOUND')
      expect((await t.gql('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: stock.id }, reseller)).body.errors[0].extensions.code).toBe(
        'NOT_FOUND',
      )
      expect((await t.gql('query($id: ID!) { licence(id: $id) { id } }', { id: stock.id }, reseller)).body.data).toEqual({ licence: null })
    })

    it('extends TotalDays and revokes; revoking the active key drops the package; all audited', async () => {
      // pool[0] (30 days) carried over the days the client's previous licence had left.
      const before = (await t.gql('query($id: ID!) { licence(id: $id) { totalDays } }', { id: pool[0]!.id }, admin)).body.data.licence.totalDays
      expect(before).toBeGreaterThan(30)
      const ext = await t.gql('mutation($id: ID!, $d: Int!) { extendLicence(id: $id, days: $d) { totalDays daysLeft } }', { id: pool[0]!.id, d: 10 }, reseller)
      expect(ext.body.data.extendLicence).toEqual({ totalDays: before + 10, daysLeft: before + 10 })
      for (const d of [0, 3651]) {
        const bad = await t.gql('mutation($id: ID!, $d: Int!) { extendLicence(id: $id, days: $d) { totalDays } }', { id: pool[0]!.id, d }, reseller)
        expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      }
      const rev = await t.gql('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: pool[0]!.id }, reseller)
      expect(rev.body.data.revokeLicence.status).toBe('revoked')
      const [user] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(user?.package).toBe('None')
      const again = await t.gql('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: pool[0]!.id }, reseller)
      expect(again.body.errors[0].extensions.code).toBe('LICENCE_REVOKED')
      const extendRevoked = await t.gql('mutation($id: ID!) { extendLicence(id: $id, days: 1) { status } }', { id: pool[0]!.id }, admin)
      expect(extendRevoked.body.errors[0].extensions.code).toBe('LICENCE_REVOKED')
      const log = await t.gql(
        'query($id: String) { auditLog(first: 10, entity: "licence", entityId: $id) { edges { node { action actorRole before after } } } }',
        { id: pool[0]!.id },
        admin,
      )
      const actions = log.body.data.auditLog.edges.map((e: any) => e.node.action)
      expect(actions).toEqual(['licence.revoke', 'licence.extend', 'licence.activate', 'licence.assign', 'licence.generate'])
      const revoke = log.body.data.auditLog.edges[0].node
      expect(revoke.actorRole).toBe('reseller')
      expect(JSON.parse(revoke.before)).toMatchObject({ status: 'active', totalDays: before + 10 })
      expect(JSON.parse(revoke.after)).toMatchObject({ status: 'revoked' })
      // The key itself is never in the log, only its first group.
      expect(revoke.before).not.toContain(pool[0]!.licensekey)
      // The client's list entry is gone (Package None).
      const listed = await t.json('GET', '/apps/user/users?perPage=100', undefined, { authorization: `Bearer ${admin}` })
      expect(listed.body.users.map((u: any) => u.id)).not.toContain(ids.client)
    })

    it('finds active keys expiring within N days', async () => {
      const [k] = (await t.gql(GENERATE, { i: { planId: '1', totalDays: 5, count: 1 } }, admin)).body.data.generateLicences
      const u = await newClient('soon_gone')
      // Its Starter licence revoked first: a running one would carry its days over into k.
      const first = (await t.gql(LIST, { first: 1, status: 'active', userId: String(u) }, admin)).body.data.licences.edges[0].node
      await t.gql('mutation($id: ID!) { revokeLicence(id: $id) { status } }', { id: first.id }, admin)
      await t.gql(ACTIVATE, { k: k.licensekey, u: String(u) }, admin)
      const soon = (await t.gql(LIST, { first: 50, exp: 7 }, admin)).body.data.licences
      expect(soon.edges.map((e: any) => e.node.id)).toContain(k.id)
      expect(soon.edges.every((e: any) => e.node.status === 'active' && e.node.daysLeft <= 7)).toBe(true)
      const none = (await t.gql(LIST, { first: 50, exp: 2 }, admin)).body.data.licences
      expect(none.edges.map((e: any) => e.node.id)).not.toContain(k.id)
    })
  })
})
