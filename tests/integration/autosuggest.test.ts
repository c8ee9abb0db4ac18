import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import type { Principal } from '../../server/src/permissions/abilities'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const keys = (o: unknown) => Object.keys(o as object).sort()
const WORD = 'quasarfjord'

/**
 * The navbar search's server groups (GET /autosuggest/data, GraphQL autosuggest): accounts in
 * the caller's scope, help-centre FAQ questions and knowledge-base articles, shop products,
 * each with the app route that opens it.
 */
describe.each(engines)('navbar search groups on %s', (engine) => {
  let t: TestApp
  let admin: string
  let client: string
  const resellers: { token: string; id: number; client: string }[] = []
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const { ok, code } = gqlCaller(
    () => t,
    () => admin,
  )
  const get = (path: string, token = admin, headers: Record<string, string> = {}) => t.json('GET', path, undefined, { ...auth(token), ...headers })
  let productId = 0
  let removedId = 0
  let kbCategorySlug = ''

  beforeAll(async () => {
    t = await createTestApp(engine)
    const signedIn = await t.loginAs('admin')
    admin = signedIn.accessToken
    client = (await t.loginAs('client')).accessToken
    const password = 'Str0ng-Passw0rd!x'
    // Two resellers of this test's own, each with one client named with the search word.
    for (const n of [1, 2]) {
      const reg = await t.json('POST', '/jwt/register', { username: `asreseller${n}`, email: `as-reseller-${n}@example.com`, password })
      expect(reg.status).toBe(200)
      const id = Number(reg.body.userData.id)
      await t.database.db.update(users).set({ role: 'reseller' }).where(eq(users.id, id))
      const token = (await t.json('POST', '/jwt/login', { email: `as-reseller-${n}@example.com`, password })).body.accessToken
      const name = `Quasarfjord Client ${n}`
      await t.database.db
        .insert(users)
        .values({ email: `as-client-${n}@example.com`, username: `asclient${n}`, fullName: name, passwordHash: 'x', role: 'client', resellerId: id })
      resellers.push({ token, id, client: name })
    }
    // Help-centre entries and products holding the word, written as an admin would.
    const principal: Principal = { userId: Number(signedIn.userData.id), role: 'admin', admin: true, ability: [{ action: 'manage', subject: 'all' }] }
    const help = t.services.help
    const faqCategory = await help.save(principal, 'faqCategory', null, {
      key: 'as-category',
      translations: [{ locale: 'en', title: 'Search tests', body: '' }],
    })
    await help.save(principal, 'faqQuestion', null, {
      categoryId: faqCategory,
      translations: [{ locale: 'en', title: 'What is a quasarfjord?', body: 'A word only this test uses.' }],
    })
    kbCategorySlug = 'as-kb-category'
    const kbCategory = await help.save(principal, 'kbCategory', null, {
      slug: kbCategorySlug,
      translations: [{ locale: 'en', title: 'Search test articles', body: '' }],
    })
    await help.save(principal, 'kbArticle', null, {
      categoryId: kbCategory,
      slug: 'quasarfjord-guide',
      translations: [
        { locale: 'en', title: 'The quasarfjord guide', body: 'All about it.' },
        { locale: 'de', title: 'Der Quasarfjord-Leitfaden', body: 'Alles darüber.' },
      ],
    })
    const product = (name: string, slug: string) => ({
      name,
      slug,
      description: 'A product only this test sells.',
      brand: 'Test brand',
      price: 12.5,
      image: null,
      hasFreeShipping: true,
      rating: 4,
      colorOptions: [],
      sortOrder: 0,
      planId: null,
      totalDays: null,
    })
    productId = (await t.services.shop.createProduct(principal, product('Quasarfjord add-on', 'quasarfjord-add-on'))).id
    removedId = (await t.services.shop.createProduct(principal, product('Quasarfjord retired', 'quasarfjord-retired'))).id
    await t.services.shop.removeProduct(principal, removedId)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers every group in the classic shape, each entry with the route that opens it', async () => {
    const res = await get(`/autosuggest/data?q=${WORD.toUpperCase()}`)
    expect(res.status).toBe(200)
    expect(keys(res.body)).toEqual(['articles', 'contacts', 'faq', 'products'])
    expect(res.body.contacts.key).toBe('name')
    expect(res.body.contacts.data.map((c: any) => c.name).sort()).toEqual(resellers.map((r) => r.client).sort())
    expect(res.body.faq).toEqual({
      key: 'question',
      data: [{ question: 'What is a quasarfjord?', category: 'Search tests', route: '/pages/faq?q=What%20is%20a%20quasarfjord%3F' }],
    })
    expect(res.body.articles).toEqual({
      key: 'title',
      data: [{ title: 'The quasarfjord guide', category: 'Search test articles', route: `/pages/knowledge-base/${kbCategorySlug}/quasarfjord-guide` }],
    })
    // A removed product is not offered.
    expect(res.body.products).toEqual({
      key: 'name',
      data: [{ name: 'Quasarfjord add-on', brand: 'Test brand', price: 12.5, img: null, route: `/apps/e-commerce/product/${productId}` }],
    })
    expect(removedId).not.toBe(productId)
  })

  it('searches the help centre in the asked language, English where a text is not translated', async () => {
    const de = await get(`/autosuggest/data?q=${WORD}&lang=de`)
    expect(de.body.articles.data.map((a: any) => a.title)).toEqual(['Der Quasarfjord-Leitfaden'])
    expect(de.body.faq.data.map((f: any) => f.question)).toEqual(['What is a quasarfjord?'])
    // Without ?lang= the first supported Accept-Language.
    const header = await get(`/autosuggest/data?q=${WORD}`, admin, { 'accept-language': 'xx, de;q=0.8' })
    expect(header.body.articles.data.map((a: any) => a.title)).toEqual(['Der Quasarfjord-Leitfaden'])
    const g = await ok(
      'query($q: String, $l: HelpLocale) { autosuggest(q: $q, locale: $l) { articles { title route } faq { question } products { name route } } }',
      { q: WORD, l: 'de' },
    )
    expect(g.autosuggest.articles).toEqual([{ title: 'Der Quasarfjord-Leitfaden', route: `/pages/knowledge-base/${kbCategorySlug}/quasarfjord-guide` }])
    expect(g.autosuggest.products).toEqual([{ name: 'Quasarfjord add-on', route: `/apps/e-commerce/product/${productId}` }])
  })

  it('scopes the accounts: a reseller sees only their own client, a client no account but the help centre and the shop', async () => {
    const [one, two] = resellers
    const a = await get(`/autosuggest/data?q=${WORD}`, one!.token)
    expect(a.body.contacts.data.map((c: any) => c.name)).toEqual([one!.client])
    const b = await get(`/autosuggest/data?q=${WORD}`, two!.token)
    expect(b.body.contacts.data.map((c: any) => c.name)).toEqual([two!.client])
    const c = await get(`/autosuggest/data?q=${WORD}`, client)
    expect(c.status).toBe(200)
    expect(c.body.contacts.data).toEqual([])
    expect(c.body.faq.data).toHaveLength(1)
    expect(c.body.articles.data).toHaveLength(1)
    expect(c.body.products.data).toHaveLength(1)
    const g = await ok(`{ autosuggest(q: "${WORD}") { contacts { name } products { name } } }`, {}, client)
    expect(g.autosuggest).toEqual({ contacts: [], products: [{ name: 'Quasarfjord add-on' }] })
    expect((await ok(`{ autosuggest(q: "${WORD}") { contacts { name } } }`, {}, two!.token)).autosuggest.contacts).toEqual([{ name: two!.client }])
  })

  it('offers nothing without q, and nothing that does not match', async () => {
    for (const path of ['/autosuggest/data', '/autosuggest/data?q=', '/autosuggest/data?q=%20%20', '/autosuggest/data?q=nothing-matches-this-zzz']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      for (const group of ['contacts', 'faq', 'articles', 'products']) expect(res.body[group].data, `${path} ${group}`).toEqual([])
    }
    // LIKE wildcards are searched as text.
    expect((await get('/autosuggest/data?q=%25')).body.products.data).toEqual([])
  })

  it('answers bad input with a coded 400 naming the field, and an anonymous caller with 401', async () => {
    for (const [query, field] of [
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a&lang=xx', 'lang'],
      ['q=a&nosuch=1', 'nosuch'],
    ]) {
      const res = await get(`/autosuggest/data?${query}`, resellers[0]!.token)
      expect(res.status, query).toBe(400)
      expect(res.body.code, query).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.fields), query).toContain(field)
    }
    expect(await code('query($q: String) { autosuggest(q: $q) { faq { question } } }', { q: 'x'.repeat(101) }, client)).toBe('BAD_USER_INPUT')
    expect((await t.json('GET', `/autosuggest/data?q=${WORD}`)).status).toBe(401)
    expect(await code(`{ autosuggest(q: "${WORD}") { faq { question } } }`, {}, '')).toBe('UNAUTHENTICATED')
  })
})
