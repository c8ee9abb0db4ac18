import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createSigner } from '../../server/src/auth/signing'
import { mailOutbox, users } from '../../server/src/db/schema'
import { marketingEvents } from '../../server/src/modules/marketing/marketing.tables'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

describe.each(engines)('marketing mail on %s', (engine) => {
  let t: TestApp
  let clientId: number
  beforeAll(async () => {
    t = await createTestApp(engine, { MARKETING_REDIRECT_HOSTS: 'shop.example.com, Docs.Example.com', PUBLIC_URL: 'https://app.example.com' })
    clientId = (await t.loginAs('client')).userData.id
  })
  afterAll(() => t.close())

  const path = (url: string) => url.replace('https://app.example.com', '')
  const events = () => t.database.db.select().from(marketingEvents)

  it('serves the pixel always, and records an open only for a signed link', async () => {
    const { open } = t.services.marketing.links('spring-2026', clientId)
    const res = await t.app.request(path(open))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/gif')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const gif = Buffer.from(await res.arrayBuffer())
    expect(gif.subarray(0, 6).toString()).toBe('GIF89a')
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([1, 1])
    const forged = await t.app.request('/apps/marketing/open?m=spring-2026&s=AAAAAAAAAAAAAAAAAAAAAA')
    expect(forged.status).toBe(200)
    expect((await t.app.request('/apps/marketing/open')).status).toBe(200)
    expect((await events()).map((e) => [e.mailId, e.kind])).toEqual([['spring-2026', 'open']])
  })

  it('redirects a signed click to an allow-listed host and records it', async () => {
    const { click } = t.services.marketing.links('spring-2026', clientId, 'https://shop.example.com/pricing?plan=pro')
    const res = await t.app.request(path(click!))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://shop.example.com/pricing?plan=pro')
    const clicks = (await events()).filter((e) => e.kind === 'click')
    expect(clicks.map((e) => e.url)).toEqual(['https://shop.example.com/pricing?plan=pro'])
    const docs = t.services.marketing.links('m2', clientId, 'https://DOCS.example.com/a').click!
    expect((await t.app.request(path(docs))).status).toBe(302)
  })

  it.each([
    'https://evil.example.net/',
    'https://shop.example.com.evil.net/',
    'https://evil.net/?https://shop.example.com',
    'https://user@evil.net',
    'https://shop.example.com@evil.net/',
    'https://shop.example.com:pw@evil.net/',
    '//evil.net/x',
    '/\\evil.net',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://shop.example.com/',
    '',
  ])('refuses a click to %j with 400 JSON (no open redirect)', async (url) => {
    const s = createSigner(t.config.JWT_ACCESS_SECRET!, 'marketing-tracking', 16).sign(`click\nm1\n${url}`)
    const res = await t.app.request(`/apps/marketing/click?m=m1&url=${encodeURIComponent(url)}&s=${s}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT' })
  })

  it('refuses an allow-listed destination whose link is not signed for it', async () => {
    const { click } = t.services.marketing.links('m1', clientId, 'https://shop.example.com/a')
    const tampered = path(click!).replace(encodeURIComponent('https://shop.example.com/a'), encodeURIComponent('https://shop.example.com/b'))
    const res = await t.app.request(tampered)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'This link is invalid.', code: 'BAD_USER_INPUT', fields: { s: ['Invalid signature.'] } })
    expect(() => t.services.marketing.links('m1', clientId, 'https://evil.net/')).toThrow(/not allowed/)
  })

  it('unsubscribes the signed user id, and nobody else', async () => {
    const token = t.services.marketing.links('m1', clientId).unsubscribeToken
    const optOut = async () => (await t.database.db.select({ v: users.emailOptOut }).from(users).where(eq(users.id, clientId)))[0]!.v
    expect(await optOut()).toBe(false)
    const [id, sig] = token.split('.')
    for (const bad of [`${Number(id) + 1}.${sig}`, `${id}.${sig!.slice(1)}`, 'x', '', `${id}`]) {
      const res = await t.json('POST', '/apps/marketing/unsubscribe', { token: bad })
      expect(res).toEqual({
        status: 400,
        body: { error: 'This unsubscribe link is invalid.', code: 'BAD_USER_INPUT', fields: { token: ['This unsubscribe link is invalid.'] } },
      })
    }
    expect((await t.json('POST', '/apps/marketing/unsubscribe', { token: 42 })).status).toBe(400)
    expect(await optOut()).toBe(false)
    expect(await t.json('POST', '/apps/marketing/unsubscribe', { token })).toEqual({ status: 200, body: { ok: true } })
    expect(await optOut()).toBe(true)
    const gql = await t.gql('mutation($t: String!) { unsubscribe(token: $t) }', { t: token })
    expect(gql.body).toEqual({ data: { unsubscribe: true } })
  })

  it('has no redirect hosts by default', async () => {
    const bare = await createTestApp(engine)
    try {
      expect(bare.config.MARKETING_REDIRECT_HOSTS).toEqual([])
      expect(() => bare.services.marketing.links('m', 1, 'https://shop.example.com/')).toThrow(/not allowed/)
    } finally {
      await bare.close()
    }
  })

  it("always allows the product's own address, with no MARKETING_REDIRECT_HOSTS", async () => {
    const bare = await createTestApp(engine, { PUBLIC_URL: 'https://app.example.com' })
    try {
      const { click } = bare.services.marketing.links('m', 1, 'https://app.example.com/pages/pricing')
      const res = await bare.app.request(click!.replace('https://app.example.com', ''))
      expect([res.status, res.headers.get('location')]).toEqual([302, 'https://app.example.com/pages/pricing'])
      // Only that origin: not another port or scheme of its host, nor its subdomains.
      for (const url of ['https://app.example.com:8443/', 'http://app.example.com/', 'https://evil.app.example.com/']) {
        expect(() => bare.services.marketing.links('m', 1, url), url).toThrow(/not allowed/)
      }
    } finally {
      await bare.close()
    }
  })
})

/** The product's own announcement mails carry the signed links; whoever unsubscribed gets none. */
describe.each(engines)('announcement mails on %s', (engine) => {
  let t: TestApp
  let admin: string
  let client: string
  let clientId: number
  beforeAll(async () => {
    // No MARKETING_REDIRECT_HOSTS: the product's own pages are still a destination.
    t = await createTestApp(engine, { PUBLIC_URL: 'https://app.example.com' })
    admin = (await t.loginAs('admin')).accessToken
    const session = await t.loginAs('client')
    client = session.accessToken
    clientId = Number(session.userData.id)
  })
  afterAll(() => t.close())

  const ok = async (query: string, variables: Record<string, unknown>, token: string) => {
    const res = await t.gql(query, variables, token)
    expect(res.body.errors, query).toBeUndefined()
    return res.body.data
  }
  const activate = async (plan: string) => {
    const planId = (await ok('{ plans { id name } }', {}, admin)).plans.find((p: any) => p.name === plan).id
    const [key] = (await ok('mutation($p: ID!) { generateLicences(input: { planId: $p, totalDays: 30, count: 1 }) { licensekey } }', { p: planId }, admin))
      .generateLicences
    await ok('mutation($k: String!) { activateLicence(key: $k) { status } }', { k: key.licensekey }, client)
  }
  const mailsTo = (email: string, subject: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)))
  const link = (text: string, page: string) => {
    const found = new RegExp(`https://app\\.example\\.com/pages/${page}\\?\\S+`).exec(text)
    expect(found, page).not.toBeNull()
    return new URL(found![0])
  }
  const optedOut = async () => (await t.database.db.select({ v: users.emailOptOut }).from(users).where(eq(users.id, clientId)))[0]!.v

  it('mails a plan change with a tracked web view, a tracked link to the dashboard and an unsubscribe link', async () => {
    await activate('Pro')
    const [mail, ...more] = await mailsTo('client@demo.local', 'Your plan is now Pro')
    expect(more).toEqual([])
    expect(mail!.text).toContain('Pro plan')

    // The web view records the open (the page calls the pixel with its m and s).
    const view = link(mail!.text, 'trackMarketing')
    const open = await t.app.request(`/apps/marketing/open?m=${view.searchParams.get('m')}&s=${view.searchParams.get('s')}`)
    expect(open.status).toBe(200)
    // The click (the redirect page asks the server) leads to the product's dashboard, with no allow-listed hosts.
    const click = link(mail!.text, 'redirectToPage')
    expect(click.searchParams.get('url')).toBe('https://app.example.com/dashboard/')
    const res = await t.app.request(`/apps/marketing/click?${click.searchParams.toString()}`)
    expect([res.status, res.headers.get('location')]).toEqual([302, 'https://app.example.com/dashboard/'])
    const events = await t.database.db.select().from(marketingEvents)
    expect(events.map((e) => [e.mailId, e.kind, e.url])).toEqual([
      ['plan-change', 'open', null],
      ['plan-change', 'click', 'https://app.example.com/dashboard/'],
    ])

    // The unsubscribe link's token opts the account out.
    const token = link(mail!.text, 'unsubscribemail').searchParams.get('token')
    expect(await optedOut()).toBe(false)
    expect(await t.json('POST', '/apps/marketing/unsubscribe', { token })).toEqual({ status: 200, body: { ok: true } })
    expect(await optedOut()).toBe(true)
  })

  it('sends no announcement to an account that unsubscribed', async () => {
    expect(await optedOut()).toBe(true)
    await activate('Headstarter')
    const [user] = await t.database.db.select({ plan: users.package }).from(users).where(eq(users.id, clientId))
    expect(user!.plan).toBe('Headstarter')
    expect(await mailsTo('client@demo.local', 'Your plan is now Headstarter')).toEqual([])
    // Opted in again, the next change is mailed.
    await t.database.db.update(users).set({ emailOptOut: false }).where(eq(users.id, clientId))
    await activate('Starter')
    expect(await mailsTo('client@demo.local', 'Your plan is now Starter')).toHaveLength(1)
  })
})
