import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const ROW_KEYS = [
  'avatar',
  'channel',
  'daysLeft',
  'email',
  'fullName',
  'id',
  'plan',
  'resellerId',
  'resellerName',
  'role',
  'startDate',
  'status',
  'username',
].sort()
const keys = (o: unknown) => Object.keys(o as object).sort()

/** The data tables (GET /good-table/*) and the navbar search (GET /autosuggest/data) over the accounts in scope. */
describe.each(engines)('data tables and autosuggest on %s', (engine) => {
  let t: TestApp
  let admin: string
  let reseller: string
  let resellerId: number
  let client: string
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const { ok, code } = gqlCaller(
    () => t,
    () => admin,
  )
  const get = (path: string, token = admin) => t.json('GET', path, undefined, auth(token))
  /** The demo reseller's clients as the test made them: name, e-mail, plan, licence days left (null: none). */
  const mine: { name: string; email: string; plan: string; daysLeft: number | null }[] = []

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = (await t.loginAs('admin')).accessToken
    // A reseller of this test's own (the demo reseller has demo clients).
    const password = 'Str0ng-Passw0rd!x'
    const reg = await t.json('POST', '/jwt/register', { username: 'dtreseller', email: 'dt-reseller@example.com', password })
    expect(reg.status).toBe(200)
    resellerId = Number(reg.body.userData.id)
    await t.database.db.update(users).set({ role: 'reseller' }).where(eq(users.id, resellerId))
    reseller = (await t.json('POST', '/jwt/login', { email: 'dt-reseller@example.com', password })).body.accessToken
    client = (await t.loginAs('client')).accessToken
    const [other] = await t.database.db
      .insert(users)
      .values({ email: 'other-reseller@example.com', username: 'otherreseller', passwordHash: 'x', role: 'reseller' })
      .returning()
    const today = new Date(t.clock.now().toISOString().slice(0, 10) + 'T00:00:00Z')
    const names = [
      'Zoe Quinn',
      'adam Baker',
      'Mia Wong',
      'Carl Jung',
      'Tablefind Lee',
      'Eve Stone',
      'Bob Ray',
      'Nina Holt',
      'Omar Said',
      'Lia Park',
      'Finn Roe',
      'Gus Tan',
    ]
    for (const [i, name] of names.entries()) {
      const plan = i % 3 === 0 ? 'None' : i % 3 === 1 ? 'Basic' : 'Pro'
      const [u] = await t.database.db
        .insert(users)
        .values({ email: `dt-client-${i}@example.com`, username: `dtclient${i}`, fullName: name, passwordHash: 'x', role: 'client', package: plan, resellerId })
        .returning()
      let daysLeft: number | null = null
      if (plan !== 'None') {
        // Begun i days ago, 5 + i days long on odd i (days left 5) or i days on even i (expired: 0 left).
        const totalDays = i % 2 ? 5 + i : i
        const begun = new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10)
        await t.database.db.insert(licences).values({ licensekey: `DT-KEY-${i}`, userId: u!.id, totalDays, status: 'active', licensebeginning: begun })
        daysLeft = totalDays - i
      }
      mine.push({ name, email: u!.email, plan, daysLeft })
    }
    for (let i = 0; i < 3; i++) {
      await t.database.db.insert(users).values({
        email: `dt-foreign-${i}@example.com`,
        username: `dtforeign${i}`,
        fullName: `Tablefind Foreign ${i}`,
        passwordHash: 'x',
        role: 'client',
        resellerId: other!.id,
      })
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  it('serves the reseller their own clients only, in the documented row shape, with licence status and days left', async () => {
    const res = await get('/good-table/basic', reseller)
    expect(res.status).toBe(200)
    expect(res.body.map((r: any) => r.email).sort()).toEqual(mine.map((m) => m.email).sort())
    for (const row of res.body) {
      expect(keys(row)).toEqual(ROW_KEYS)
      expect(row.resellerId).toBe(resellerId)
      const m = mine.find((x) => x.email === row.email)!
      expect(row.fullName).toBe(m.name)
      expect(row.plan).toBe(m.plan)
      expect(row.daysLeft).toBe(m.daysLeft)
      expect(row.status).toBe(m.daysLeft === null ? 'none' : m.daysLeft > 0 ? 'active' : 'expired')
      expect(row.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    const all = await get('/good-table/basic')
    expect(all.body.some((r: any) => r.email === 'dt-foreign-0@example.com')).toBe(true)
    expect(all.body.length).toBeGreaterThan(res.body.length)
  })

  it('refuses clients and anonymous callers on every table, REST and GraphQL', async () => {
    for (const path of ['/good-table/basic', '/good-table/row-group', '/good-table/advanced-search', '/good-table/table_ssr']) {
      expect((await get(path, client)).status, path).toBe(403)
      expect((await t.json('GET', path)).status, path).toBe(401)
    }
    expect(await code('{ dataTablePage { total } }', {}, client)).toBe('FORBIDDEN')
    expect(await code('{ dataTableRows { id } }', {}, client)).toBe('FORBIDDEN')
  })

  it('pages, sorts and searches table_ssr in the database: {rows, total}', async () => {
    const byName = [...mine].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    const p1 = await get('/good-table/table_ssr?page=1&perPage=5&sortField=fullName&sortType=asc', reseller)
    expect(p1.status).toBe(200)
    expect(keys(p1.body)).toEqual(['rows', 'total'])
    expect(p1.body.total).toBe(mine.length)
    expect(p1.body.rows.map((r: any) => r.fullName)).toEqual(byName.slice(0, 5).map((m) => m.name))
    const p3 = await get('/good-table/table_ssr?page=3&perPage=5&sortField=fullName&sortType=asc', reseller)
    expect(p3.body.rows.map((r: any) => r.fullName)).toEqual(byName.slice(10).map((m) => m.name))
    const desc = await get('/good-table/table_ssr?perPage=3&sortField=fullName&sortType=desc', reseller)
    expect(desc.body.rows.map((r: any) => r.fullName)).toEqual(
      [...byName]
        .reverse()
        .slice(0, 3)
        .map((m) => m.name),
    )
    const days = await get('/good-table/table_ssr?perPage=100&sortField=daysLeft&sortType=desc', reseller)
    const expected = mine
      .filter((m) => m.daysLeft !== null)
      .map((m) => m.daysLeft)
      .sort((a, b) => b! - a!)
    expect(days.body.rows.slice(0, expected.length).map((r: any) => r.daysLeft)).toEqual(expected)
    // Search: the reseller's one "Tablefind" client, never the other reseller's.
    const found = await get('/good-table/table_ssr?q=TABLEFIND', reseller)
    expect(found.body).toMatchObject({ total: 1, rows: [{ fullName: 'Tablefind Lee' }] })
    expect((await get('/good-table/table_ssr?q=tablefind')).body.total).toBe(4)
    // Column filters together.
    const pro = await get('/good-table/table_ssr?plan=Pro&status=active&perPage=100', reseller)
    expect(pro.body.total).toBe(mine.filter((m) => m.plan === 'Pro' && m.daysLeft !== null && m.daysLeft > 0).length)
    // GraphQL: the same page.
    const g = await ok('query { dataTablePage(perPage: 5, sortField: fullName) { total rows { fullName } } }', {}, reseller)
    expect(g.dataTablePage).toEqual({ total: mine.length, rows: p1.body.rows.map((r: any) => ({ fullName: r.fullName })) })
  })

  it('answers bad parameters with a coded 400 naming the field', async () => {
    for (const [query, field] of [
      ['perPage=0', 'perPage'],
      ['perPage=101', 'perPage'],
      ['page=abc', 'page'],
      ['sortField=password_hash', 'sortField'],
      ['sortType=up', 'sortType'],
      ['status=gold', 'status'],
      ['startDateFrom=yesterday', 'startDateFrom'],
      ['nosuch=1', 'nosuch'],
    ]) {
      const res = await get(`/good-table/table_ssr?${query}`, reseller)
      expect(res.status, query).toBe(400)
      expect(res.body.code).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.fields)).toContain(field)
    }
    expect((await get('/good-table/row-group?groupBy=colour', reseller)).status).toBe(400)
    expect(await code('{ dataTablePage(perPage: 500) { total } }', {}, reseller)).toBe('BAD_USER_INPUT')
  })

  it('groups rows (row-group) and filters per column (advanced-search)', async () => {
    const groups = await get('/good-table/row-group', reseller)
    expect(groups.status).toBe(200)
    expect(groups.body.map((g: any) => g.label)).toEqual(['Basic', 'None', 'Pro'])
    for (const g of groups.body) {
      expect(keys(g)).toEqual(['children', 'html', 'label', 'mode'])
      expect(g).toMatchObject({ mode: 'span', html: false })
      expect(g.children.map((r: any) => r.email).sort()).toEqual(
        mine
          .filter((m) => m.plan === g.label)
          .map((m) => m.email)
          .sort(),
      )
    }
    const byReseller = await get('/good-table/row-group?groupBy=reseller')
    expect(byReseller.body.find((g: any) => g.label === 'otherreseller').children).toHaveLength(3)
    const search = await get('/good-table/advanced-search?email=dt-client-1&plan=basic', reseller)
    expect(search.status).toBe(200)
    const expected = mine
      .filter((m) => m.email.includes('dt-client-1') && m.plan === 'Basic')
      .map((m) => m.email)
      .sort()
    expect(search.body.map((r: any) => r.email).sort()).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
  })

  it('autosuggest: accounts in scope, searched in the database', async () => {
    const a = await get('/autosuggest/data?q=tablefind', admin)
    expect(a.status).toBe(200)
    expect(keys(a.body)).toEqual(['articles', 'contacts', 'faq', 'products'])
    expect(a.body.contacts.key).toBe('name')
    expect(a.body.contacts.data.map((c: any) => c.name).sort()).toEqual(['Tablefind Foreign 0', 'Tablefind Foreign 1', 'Tablefind Foreign 2', 'Tablefind Lee'])
    for (const c of a.body.contacts.data) expect(keys(c)).toEqual(['email', 'img', 'name', 'route', 'time'])
    const r = await get('/autosuggest/data?q=tablefind', reseller)
    expect(r.body.contacts.data.map((c: any) => c.name)).toEqual(['Tablefind Lee'])
    expect((await get('/autosuggest/data?q=tablefind', client)).body.contacts.data).toEqual([])
    expect((await get('/autosuggest/data?q=' + 'x'.repeat(101), reseller)).status).toBe(400)
    expect((await get('/autosuggest/data?nosuch=de', reseller)).status).toBe(400)
    expect((await t.json('GET', '/autosuggest/data')).status).toBe(401)
    const g = await ok('query { autosuggest(q: "tablefind") { contacts { name } } }', {}, reseller)
    expect(g.autosuggest.contacts).toEqual([{ name: 'Tablefind Lee' }])
  })
})
