import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'
import { startSmtp } from '../support/smtp'
import { mailOutbox, users } from '../../server/src/db/schema'
import { seedDemoMail } from '../../seed/mailbox'

const EMAIL_KEYS = ['attachments', 'bcc', 'cc', 'folder', 'from', 'id', 'isRead', 'isStarred', 'labels', 'message', 'replies', 'subject', 'time', 'to']
const COMPOSE = 'mutation($input: ComposeEmailInput!) { composeEmail(input: $input) { id subject message folder attachments { fileName url size } } }'

describe.each(engines)('mailbox on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let client: string
  let reseller: string
  let admin: string
  let outsiderEmail: string
  /** The demo users' ids, and the aliases under which users who may not read their e-mail see them. */
  const ids = {} as Record<'admin' | 'reseller' | 'client', number>
  const alias = (role: keyof typeof ids) => `user-${ids[role]}@users.invalid`

  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const list = (token: string, qs = '') => t.json('GET', `/apps/email/emails${qs}`, undefined, auth(token))
  const compose = (token: string, input: Record<string, unknown>) =>
    t.gql(COMPOSE, { input: { subject: 'Hello', message: '<p>Hi</p>', to: [], ...input } }, token)

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_MAX_ATTEMPTS: '3', SMTP_RETRY_SECONDS: '60' })
    for (const role of ['client', 'reseller', 'admin'] as const) {
      const session = await t.loginAs(role)
      ids[role] = Number(session.userData.id)
      if (role === 'client') client = session.accessToken
      else if (role === 'reseller') reseller = session.accessToken
      else admin = session.accessToken
    }
    // A client of nobody in particular: outside the demo client's and the demo reseller's scope.
    outsiderEmail = 'outsider@example.test'
    await t.database.db.insert(users).values({ email: outsiderEmail, username: 'outsider', passwordHash: 'x', role: 'client' })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('seeds a few mails per demo user once, and lists them in the spec shape with unread counts', async () => {
    expect(await seedDemoMail(t.database.db)).toBe(5)
    expect(await seedDemoMail(t.database.db)).toBe(0)
    const res = await list(client)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['emails', 'emailsMeta'])
    expect(Object.keys(res.body.emailsMeta).sort()).toEqual(['draft', 'inbox', 'spam'])
    expect(res.body.emails.map((e: any) => e.subject)).toEqual(['Maintenance on Sunday', 'Re: Question about timers', 'Your Starter licence is active'])
    for (const e of res.body.emails) {
      expect(Object.keys(e).sort()).toEqual(EMAIL_KEYS)
      expect(Object.keys(e.from).sort()).toEqual(['avatar', 'email', 'name'])
      expect(e.folder).toBe('inbox')
    }
    expect(res.body.emailsMeta).toEqual({ inbox: 2, draft: 0, spam: 0 })
    expect((await list(client, '?folder=sent')).body.emails.map((e: any) => e.subject)).toEqual(['Question about timers'])
    expect((await list(client, '?q=TIMERS')).body.emails).toHaveLength(1)
    expect((await list(client, '?label=important')).body.emails.map((e: any) => e.subject)).toEqual(['Your Starter licence is active'])
    expect((await list(client, '?folder=junk')).status).toBe(400)
  })

  it('updates flags, folders and labels of the owner only; starred leaves out the trash', async () => {
    const mine = (await list(client)).body.emails as any[]
    const theirs = (await list(reseller)).body.emails as any[]
    const ids = [mine[0].id, mine[1].id, theirs[0].id]
    let res = await t.json('POST', '/apps/email/update-emails', { emailIds: ids, dataToUpdate: { isStarred: true, isRead: true } }, auth(client))
    expect(res.status).toBe(200)
    expect((await list(client)).body.emailsMeta.inbox).toBe(0)
    expect((await list(reseller)).body.emails.find((e: any) => e.id === theirs[0].id)).toEqual(theirs[0])
    res = await t.json('POST', '/apps/email/update-emails-label', { emailIds: [mine[0].id, theirs[0].id], label: 'private' }, auth(client))
    expect(res.status).toBe(200)
    expect((await list(client, '?label=private')).body.emails.map((e: any) => e.id)).toEqual([mine[0].id])
    await t.json('POST', '/apps/email/update-emails-label', { emailIds: [mine[0].id], label: 'private' }, auth(client))
    expect((await list(client, '?label=private')).body.emails).toEqual([])
    expect((await list(reseller)).body.emails.find((e: any) => e.id === theirs[0].id).labels).toEqual(theirs[0].labels)
    await t.json('POST', '/apps/email/update-emails', { emailIds: [mine[1].id], dataToUpdate: { folder: 'trash' } }, auth(client))
    expect((await list(client, '?folder=starred')).body.emails.map((e: any) => e.id)).toEqual([mine[0].id])
    expect((await list(client, '?folder=trash')).body.emails.map((e: any) => e.id)).toEqual([mine[1].id])
    await t.json('POST', '/apps/email/update-emails', { emailIds: [mine[1].id], dataToUpdate: { folder: 'inbox' } }, auth(client))
    expect((await t.json('POST', '/apps/email/update-emails', { emailIds: [mine[0].id], dataToUpdate: { folder: 'nowhere' } }, auth(client))).status).toBe(400)
    expect((await t.json('POST', '/apps/email/update-emails-label', { emailIds: ['x'], label: 'private' }, auth(client))).status).toBe(400)
    expect((await t.json('POST', '/apps/email/update-emails-label', { emailIds: [mine[0].id], label: 'secret' }, auth(client))).status).toBe(400)
  })

  it('pages to the adjacent email in the same folder, 404 with no body at the ends and for other users', async () => {
    const inbox = (await list(client)).body.emails as any[]
    const next = await t.json('GET', `/apps/email/paginate-email?dir=next&emailId=${inbox[0].id}`, undefined, auth(client))
    expect(next.status).toBe(200)
    expect(next.body.id).toBe(inbox[1].id)
    expect(Object.keys(next.body).sort()).toEqual(EMAIL_KEYS)
    const prev = await t.json('GET', `/apps/email/paginate-email?dir=previous&emailId=${inbox[1].id}`, undefined, auth(client))
    expect(prev.body.id).toBe(inbox[0].id)
    const end = await t.app.request(`/apps/email/paginate-email?dir=previous&emailId=${inbox[0].id}`, { headers: auth(client) })
    expect(end.status).toBe(404)
    expect(await end.text()).toBe('')
    const theirs = (await list(reseller)).body.emails[0].id
    const other = await t.app.request(`/apps/email/paginate-email?dir=next&emailId=${theirs}`, { headers: auth(client) })
    expect(other.status).toBe(404)
    expect(await other.text()).toBe('')
    expect((await t.gql('query($id: ID!) { email(id: $id) { id } }', { id: String(theirs) }, client)).body.data.email).toBeNull()
    expect((await t.json('GET', `/apps/email/paginate-email?dir=sideways&emailId=${theirs}`, undefined, auth(client))).status).toBe(400)
  })

  it('limits recipients to the sender scope', async () => {
    const r = await t.gql('{ emailRecipients { email name role } }', {}, client)
    expect(r.body.data.emailRecipients.map((u: any) => u.email).sort()).toEqual([alias('admin'), alias('reseller')].sort())
    const rr = await t.gql('{ emailRecipients { email } }', {}, reseller)
    expect(rr.body.data.emailRecipients.map((u: any) => u.email).sort()).toEqual([alias('admin'), 'client@demo.local'].sort())
    const ra = await t.gql('query($q: String) { emailRecipients(q: $q) { email } }', { q: 'outsider' }, admin)
    expect(ra.body.data.emailRecipients.map((u: any) => u.email)).toEqual([outsiderEmail])
    // % and _ are searched as themselves, not as LIKE wildcards (no name or address here holds a %).
    for (const q of ['%', '%%', 'out%der', 'outsi_er']) {
      const found = await t.gql('query($q: String) { emailRecipients(q: $q) { email } }', { q }, admin)
      expect(found.body.data.emailRecipients, q).toEqual([])
    }
    const refused = await compose(client, { to: [outsiderEmail] })
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect((await compose(reseller, { to: [outsiderEmail] })).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect((await compose(admin, { to: [outsiderEmail], subject: 'Admin hello' })).body.data.composeEmail.folder).toBe('sent')
  })

  it("never shows a user a sign-in e-mail they do not already hold (an admin's, their reseller's): not in the picker, its search, a mail, nor by guessing", async () => {
    // A self-registered client (no reseller) may write to the admins: by alias only.
    const reg = await t.json('POST', '/jwt/register', { username: 'curious', email: 'curious@example.com', password: 'Str0ng-Passw0rd!x' })
    const curious = reg.body.accessToken as string
    const everything = JSON.stringify
    const picker = await t.gql('{ emailRecipients { email name role } }', {}, curious)
    expect(picker.body.data.emailRecipients).toContainEqual({ email: alias('admin'), name: expect.any(String), role: 'admin' })
    expect(everything(picker.body)).not.toContain('@demo.local')
    // Searching by address spells nothing out; searching by name still finds the admin, under the alias.
    for (const q of ['admin@', 'demo.local', '@', 'a']) {
      const found = await t.gql('query($q: String) { emailRecipients(q: $q) { email } }', { q }, curious)
      expect(everything(found.body), q).not.toContain('@demo.local')
    }
    expect((await t.gql('query($q: String) { emailRecipients(q: $q) { email } }', { q: 'admin@' }, curious)).body.data.emailRecipients).toEqual([])
    // A guessed address confirms nothing: refused like any address outside the scope.
    expect((await compose(curious, { to: ['admin@demo.local'] })).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    // Written to by alias; the admin reads the client's real address and answers; the client reads the alias.
    expect((await compose(curious, { to: [alias('admin')], subject: 'Who are you?' })).body.data.composeEmail.folder).toBe('sent')
    const got = ((await list(admin)).body.emails as any[]).find((e) => e.subject === 'Who are you?')
    expect(got.from.email).toBe('curious@example.com')
    expect(got.to).toEqual([{ email: 'admin@demo.local', name: expect.any(String) }])
    expect((await compose(admin, { to: [got.from.email], subject: 'Re: Who are you?' })).body.data.composeEmail.folder).toBe('sent')
    const mine = await t.json('GET', '/apps/email/emails', undefined, auth(curious))
    const reply = (mine.body.emails as any[]).find((e) => e.subject === 'Re: Who are you?')
    expect(reply.from.email).toBe(alias('admin'))
    expect(reply.to).toEqual([{ email: 'curious@example.com', name: expect.any(String) }])
    const sent = await t.json('GET', '/apps/email/emails?folder=sent', undefined, auth(curious))
    expect(sent.body.emails[0].to).toEqual([{ email: alias('admin'), name: expect.any(String) }])
    expect(everything(mine.body) + everything(sent.body)).not.toContain('@demo.local')
    // The demo client's mails from their reseller and the admins (seeded) show aliases too.
    expect(everything((await list(client)).body)).not.toMatch(/(admin|reseller)@demo\.local/)
  })

  it('sends with cc/bcc, strips scripts and handlers, and serves attachments as downloads', async () => {
    const pdf = Buffer.from('%PDF-1.4 test').toString('base64')
    const sent = await compose(client, {
      to: [alias('reseller')],
      bcc: [alias('admin')],
      subject: 'Invoice question',
      message: '<p onclick="steal()">Hi <img src=x onerror="alert(1)"><a href="javascript:alert(1)">link</a><script>alert(1)</script><b>bold</b></p>',
      attachments: [{ fileName: 'invoice.pdf', contentType: 'application/pdf', data: pdf }],
    })
    const mail = sent.body.data.composeEmail
    expect(mail.folder).toBe('sent')
    expect(mail.message).not.toMatch(/script|onclick|onerror|javascript|<img/i)
    expect(mail.message).toContain('<b>bold</b>')
    const inbox = (await list(reseller)).body.emails as any[]
    const got = inbox.find((e) => e.subject === 'Invoice question')
    expect(got.bcc).toEqual([])
    expect(got.to).toEqual([{ email: 'reseller@demo.local', name: 'Demo Reseller' }])
    expect(got.attachments).toEqual([
      { fileName: 'invoice.pdf', thumbnail: 'pdf', url: expect.stringMatching(/^\/apps\/email\/attachments\/\d+\/\d+$/), size: 13 },
    ])
    expect((await list(admin)).body.emails.some((e: any) => e.subject === 'Invoice question')).toBe(true)
    const dl = await t.app.request(got.attachments[0].url, { headers: auth(reseller) })
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice.pdf"/)
    expect(Buffer.from(await dl.arrayBuffer()).toString()).toBe('%PDF-1.4 test')
    // Another user's attachment path reads as missing.
    const outsider = await t.app.request(got.attachments[0].url, { headers: auth(admin) })
    expect(outsider.status).toBe(404)
  })

  it('refuses attachments that are too big, of the wrong type or with path names', async () => {
    const before = (await list(client, '?folder=sent')).body.emails.length
    const cases = [
      { fileName: 'big.pdf', contentType: 'application/pdf', data: Buffer.alloc(160 * 1024 + 1).toString('base64') },
      { fileName: 'run.exe', contentType: 'application/octet-stream', data: 'AAAA' },
      { fileName: 'page.pdf', contentType: 'text/html', data: 'AAAA' },
      { fileName: '../../etc/passwd.txt', contentType: 'text/plain', data: 'AAAA' },
      { fileName: 'C:\\temp\\a.txt', contentType: 'text/plain', data: 'AAAA' },
    ]
    for (const a of cases) {
      const res = await compose(client, { to: [alias('reseller')], attachments: [a] })
      expect(res.body.errors?.[0]?.extensions.code, a.fileName).toBe('BAD_USER_INPUT')
    }
    expect((await list(client, '?folder=sent')).body.emails.length).toBe(before)
  })

  it('saves drafts and replaces them when sent', async () => {
    const draft = (await compose(client, { to: [], subject: '', message: 'half', draft: true })).body.data.composeEmail
    expect(draft.folder).toBe('draft')
    expect((await list(client, '?folder=draft')).body.emails.map((e: any) => e.id)).toEqual([Number(draft.id)])
    const sent = (await compose(client, { to: [alias('reseller')], subject: 'Finished', message: 'whole', draftId: draft.id })).body.data.composeEmail
    expect(sent.folder).toBe('sent')
    expect((await list(client, '?folder=draft')).body.emails).toEqual([])
  })

  it('puts product mails into the inbox and delivers the outbox through SMTP, with retry and dead letter', async () => {
    await t.gql('mutation($email: String!) { requestPasswordReset(email: $email) }', { email: 'client@demo.local' })
    const inbox = (await list(client)).body.emails as any[]
    expect(inbox[0].from.name).toBe('Botpanel')
    expect(inbox[0].message).toMatch(/<a href="http[^"]+forgot-password\?token=/)
    // The reseller's address refuses once (450), then accepts; the outsider's always refuses.
    smtp.refuse.set('reseller@demo.local', 1)
    smtp.refuse.set(outsiderEmail, Infinity)
    await t.services.mail.send({ to: 'reseller@demo.local', subject: 'Licence expires soon', text: 'Your licence ends in 3 days.' }, t.database.db, null)
    await t.services.mail.send({ to: outsiderEmail, subject: 'Bounce me', text: 'x' }, t.database.db, null)
    const delivery = t.services.mailDelivery!
    expect(await delivery.tick()).toBe(1)
    expect(smtp.arrived.map((a) => a.to)).toEqual([['client@demo.local']])
    // Quoted-printable: undo soft line breaks and =3D before reading the link.
    expect(smtp.arrived[0]!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/Subject: .+\r?\n[\s\S]*\/forgot-password\?token=[\w-]+/)
    // Not due yet (backoff 60 s), then due.
    expect(await delivery.tick()).toBe(0)
    t.clock.advance(61)
    expect(await delivery.tick()).toBe(1)
    expect(smtp.arrived.map((a) => a.to[0])).toEqual(['client@demo.local', 'reseller@demo.local'])
    t.clock.advance(121)
    await delivery.tick()
    const [dead] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, outsiderEmail))
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 })
    expect(dead!.lastError).toMatch(/450|busy/i)
    const [ok] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Licence expires soon'))
    expect(ok).toMatchObject({ status: 'sent', attempts: 2 })
  })
})
