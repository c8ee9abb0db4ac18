import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const ROW_FIELDS = 'id avatar fullName username email role plan status daysLeft channel startDate resellerId resellerName'
const ROW_KEYS = ROW_FIELDS.split(' ').sort()
/** The spec's table row (§3), and the sets that add post, city and experience. */
const DEMO_KEYS = ['avatar', 'email', 'fullName', 'id', 'salary', 'startDate', 'status']
const DEMO_DETAILED_KEYS = [...DEMO_KEYS, 'city', 'experience', 'post'].sort()
const DEMO_STATUSES = ['Applied', 'Current', 'Professional', 'Rejected', 'Resigned']
const keys = (o: unknown) => Object.keys(o as object).sort()

/**
 * The spec's data tables (GET /good-table/*: the table component's demo rows), the accounts
 * tables (GraphQL dataTable*, over the accounts in scope) and the navbar search (GET /autosuggest/data).
 */
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

  const accountRows = async (token: string, filter?: Record<string, unknown>) =>
    (await ok(`query($f: DataTableFilter) { dataTableRows(filter: $f) { ${ROW_FIELDS} } }`, { f: filter }, token)).dataTableRows.map((r: any) => ({
      ...r,
      id: Number(r.id),
      resellerId: r.resellerId === null ? null : Number(r.resellerId),
    }))

  it('serves the reseller their own clients only, in the documented row shape, with licence status and days left', async () => {
    const rows = await accountRows(reseller)
    expect(rows.map((r: any) => r.email).sort()).toEqual(mine.map((m) => m.email).sort())
    for (const row of rows) {
      expect(keys(row)).toEqual(ROW_KEYS)
      expect(row.resellerId).toBe(resellerId)
      const m = mine.find((x) => x.email === row.email)!
      expect(row.fullName).toBe(m.name)
      expect(row.plan).toBe(m.plan)
      expect(row.daysLeft).toBe(m.daysLeft)
      expect(row.status).toBe(m.daysLeft === null ? 'none' : m.daysLeft > 0 ? 'active' : 'expired')
      expect(row.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    const all = await accountRows(admin)
    expect(all.some((r: any) => r.email === 'dt-foreign-0@example.com')).toBe(true)
    expect(all.length).toBeGreaterThan(rows.length)
  })

  it('refuses clients and anonymous callers on the accounts tables; the demo tables need a sign-in only', async () => {
    expect(await code('{ dataTablePage { total } }', {}, client)).toBe('FORBIDDEN')
    expect(await code('{ dataTableRows { id } }', {}, client)).toBe('FORBIDDEN')
    expect(await code('{ dataTableGroups { label } }', {}, client)).toBe('FORBIDDEN')
    for (const path of ['/good-table/basic', '/good-table/row-group', '/good-table/advanced-search', '/good-table/table_ssr']) {
      expect((await get(path, client)).status, path).toBe(200)
      expect((await t.json('GET', path)).status, path).toBe(401)
    }
  })

  it("answers the spec's table rows on GET /good-table/*: demo people, the same on every call, never accounts", async () => {
    const basic = await get('/good-table/basic', client)
    expect(basic.status).toBe(200)
    expect(basic.body.length).toBeGreaterThan(10)
    for (const row of basic.body) {
      expect(keys(row)).toEqual(DEMO_KEYS)
      expect(DEMO_STATUSES).toContain(row.status)
      expect(row.email).toMatch(/@example\.com$/)
      expect(row.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(typeof row.salary).toBe('number')
    }
    expect(new Set(basic.body.map((r: any) => r.id)).size).toBe(basic.body.length)
    // Every status occurs; no row is an account (the accounts table's addresses never appear).
    expect(new Set(basic.body.map((r: any) => r.status)).size).toBe(DEMO_STATUSES.length)
    const accounts = new Set((await accountRows(admin)).map((r: any) => r.email))
    expect(basic.body.filter((r: any) => accounts.has(r.email))).toEqual([])
    // Deterministic: the same rows for an admin and on a second call.
    expect((await get('/good-table/basic', admin)).body).toEqual(basic.body)

    const groups = await get('/good-table/row-group', reseller)
    expect(groups.status).toBe(200)
    expect(groups.body.map((g: any) => g.label)).toEqual(DEMO_STATUSES)
    for (const g of groups.body) {
      expect(keys(g)).toEqual(['children', 'html', 'label', 'mode'])
      expect(g).toMatchObject({ mode: 'span', html: false })
      for (const r of g.children) {
        expect(keys(r)).toEqual(DEMO_DETAILED_KEYS)
        expect(r.status).toBe(g.label)
      }
    }
    expect(groups.body.flatMap((g: any) => g.children.map((r: any) => r.id)).sort((a: number, b: number) => a - b)).toEqual(
      basic.body.map((r: any) => r.id).sort((a: number, b: number) => a - b),
    )
    const byCity = await get('/good-table/row-group?groupBy=city', reseller)
    for (const g of byCity.body) for (const r of g.children) expect(r.city).toBe(g.label)

    const all = (await get('/good-table/advanced-search', client)).body
    for (const r of all) expect(keys(r)).toEqual(DEMO_DETAILED_KEYS)
    const { post, city } = all[0]
    const search = await get(
      `/good-table/advanced-search?post=${encodeURIComponent(post.toUpperCase())}&city=${encodeURIComponent(city)}&status=${all[0].status}`,
      client,
    )
    expect(search.status).toBe(200)
    expect(search.body).toEqual(all.filter((r: any) => r.post === post && r.city === city && r.status === all[0].status))
    expect(search.body.length).toBeGreaterThan(0)
  })

  it("pages and sorts table_ssr with the spec's sortBy and sortDesc", async () => {
    const all = (await get('/good-table/basic', client)).body
    const bySalary = [...all].sort((a: any, b: any) => b.salary - a.salary)
    const p1 = await get('/good-table/table_ssr?page=1&perPage=5&sortBy=salary&sortDesc=true', client)
    expect(p1.status).toBe(200)
    expect(keys(p1.body)).toEqual(['rows', 'total'])
    expect(p1.body).toEqual({ rows: bySalary.slice(0, 5), total: all.length })
    const p2 = await get('/good-table/table_ssr?page=2&perPage=5&sortBy=salary&sortDesc=true', client)
    expect(p2.body.rows).toEqual(bySalary.slice(5, 10))
    const asc = await get('/good-table/table_ssr?perPage=100&sortBy=fullName&sortDesc=false', client)
    const names = asc.body.rows.map((r: any) => r.fullName)
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)))
    expect(names).not.toEqual(all.map((r: any) => r.fullName))
    // Defaults: page 1 of 10 by id.
    expect((await get('/good-table/table_ssr', client)).body).toEqual({ rows: all.slice(0, 10), total: all.length })
    const current = await get('/good-table/table_ssr?status=Current&perPage=100', client)
    expect(current.body.total).toBe(all.filter((r: any) => r.status === 'Current').length)
    expect(current.body.rows.every((r: any) => r.status === 'Current')).toBe(true)
    const q = all[3].fullName.split(' ')[0].toLowerCase()
    const found = await get(`/good-table/table_ssr?q=${q}&perPage=100`, client)
    expect(found.body.rows.map((r: any) => r.id)).toEqual(
      all.filter((r: any) => r.fullName.toLowerCase().includes(q) || r.email.includes(q)).map((r: any) => r.id),
    )
  })

  it('answers bad demo-table parameters with a coded 400 naming the field', async () => {
    for (const [path, field] of [
      ['/good-table/table_ssr?perPage=0', 'perPage'],
      ['/good-table/table_ssr?perPage=101', 'perPage'],
      ['/good-table/table_ssr?page=abc', 'page'],
      ['/good-table/table_ssr?sortBy=password', 'sortBy'],
      ['/good-table/table_ssr?sortDesc=yes', 'sortDesc'],
      ['/good-table/table_ssr?sortField=fullName', 'sortField'],
      ['/good-table/table_ssr?status=active', 'status'],
      ['/good-table/advanced-search?startDateFrom=yesterday', 'startDateFrom'],
      ['/good-table/advanced-search?nosuch=1', 'nosuch'],
      ['/good-table/row-group?groupBy=colour', 'groupBy'],
      ['/good-table/basic?page=2', 'page'],
    ] as const) {
      const res = await get(path, client)
      expect(res.status, path).toBe(400)
      expect(res.body.code, path).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.fields), path).toContain(field)
    }
  })

  it('pages, sorts and searches the accounts table in the database: {rows, total}', async () => {
    const page = async (args: Record<string, unknown>, token = reseller) =>
      (
        await ok(
          `query($p: Int, $n: Int, $s: DataTableSortField, $d: Boolean, $f: DataTableFilter) {
            dataTablePage(page: $p, perPage: $n, sortField: $s, descending: $d, filter: $f) { total rows { fullName daysLeft } } }`,
          args,
          token,
        )
      ).dataTablePage
    const byName = [...mine].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    const p1 = await page({ p: 1, n: 5, s: 'fullName', d: false })
    expect(p1.total).toBe(mine.length)
    expect(p1.rows.map((r: any) => r.fullName)).toEqual(byName.slice(0, 5).map((m) => m.name))
    const p3 = await page({ p: 3, n: 5, s: 'fullName', d: false })
    expect(p3.rows.map((r: any) => r.fullName)).toEqual(byName.slice(10).map((m) => m.name))
    const desc = await page({ n: 3, s: 'fullName', d: true })
    expect(desc.rows.map((r: any) => r.fullName)).toEqual(
      [...byName]
        .reverse()
        .slice(0, 3)
        .map((m) => m.name),
    )
    const days = await page({ n: 100, s: 'daysLeft', d: true })
    const expected = mine
      .filter((m) => m.daysLeft !== null)
      .map((m) => m.daysLeft)
      .sort((a, b) => b! - a!)
    expect(days.rows.slice(0, expected.length).map((r: any) => r.daysLeft)).toEqual(expected)
    // Search: the reseller's one "Tablefind" client, never the other reseller's.
    expect(await page({ f: { q: 'TABLEFIND' } })).toMatchObject({ total: 1, rows: [{ fullName: 'Tablefind Lee' }] })
    expect((await page({ f: { q: 'tablefind' } }, admin)).total).toBe(4)
    // Column filters together.
    const pro = await page({ n: 100, f: { plan: 'Pro', status: 'active' } })
    expect(pro.total).toBe(mine.filter((m) => m.plan === 'Pro' && m.daysLeft !== null && m.daysLeft > 0).length)
  })

  it('answers bad accounts-table arguments with BAD_USER_INPUT', async () => {
    for (const args of [
      'perPage: 0',
      'perPage: 101',
      'page: 0',
      'filter: { status: "gold" }',
      'filter: { startDateFrom: "yesterday" }',
      'filter: { role: "king" }',
    ]) {
      expect(await code(`{ dataTablePage(${args}) { total } }`, {}, reseller), args).toBe('BAD_USER_INPUT')
    }
    expect(await code('{ dataTableRows(filter: { q: "' + 'x'.repeat(101) + '" }) { id } }', {}, reseller)).toBe('BAD_USER_INPUT')
  })

  it('groups the accounts and filters them per column', async () => {
    const groups = (await ok('{ dataTableGroups { label children { email } } }', {}, reseller)).dataTableGroups
    expect(groups.map((g: any) => g.label)).toEqual(['Basic', 'None', 'Pro'])
    for (const g of groups) {
      expect(g.children.map((r: any) => r.email).sort()).toEqual(
        mine
          .filter((m) => m.plan === g.label)
          .map((m) => m.email)
          .sort(),
      )
    }
    const byReseller = (await ok('{ dataTableGroups(groupBy: reseller) { label children { id } } }', {}, admin)).dataTableGroups
    expect(byReseller.find((g: any) => g.label === 'otherreseller').children).toHaveLength(3)
    const search = await accountRows(reseller, { email: 'dt-client-1', plan: 'basic' })
    const expected = mine
      .filter((m) => m.email.includes('dt-client-1') && m.plan === 'Basic')
      .map((m) => m.email)
      .sort()
    expect(search.map((r: any) => r.email).sort()).toEqual(expected)
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
