import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'
import { seedDemoMail } from '../../seed/mailbox'

/**
 * A client reads no sign-in e-mail but their own: every query and route a client calls that
 * lists or shows other users (their reseller, the admins) is asked, and no answer holds the
 * other demo accounts' addresses. (The mailbox, which writes to them by alias, is in mailbox.test.ts.)
 */
const FOREIGN = /(admin|reseller)@demo\.local/

const QUERIES = [
  '{ users(first: 50) { edges { node { id email } } } }',
  '{ user(id: "1") { id email } }',
  '{ user(id: "2") { id email } }',
  '{ emailRecipients { email } }',
  '{ emailRecipients(q: "demo") { email } }',
  '{ todoAssignees { id fullName } }',
  '{ supportChatContacts { id fullName } }',
  '{ invoiceClients { companyEmail } }',
  '{ invoices(perPage: 100) { invoices { client { companyEmail } } } }',
  '{ viewer { id email } }',
]
const ROUTES = [
  '/apps/user/users?perPage=100',
  '/apps/user/users/1',
  '/apps/user/users/2',
  '/apps/chat/chats-and-contacts',
  '/apps/chat/users/profile-user',
  '/apps/todo/assignees',
  '/apps/todo/tasks',
  '/apps/email/emails',
  '/apps/email/emails?folder=sent',
  '/apps/invoice/clients',
  '/apps/invoice/invoices?perPage=100',
  '/blog/list/data',
  '/profile/data',
  '/good-table/basic',
  '/autosuggest/data?q=demo',
  '/apps/calendar/events',
]

describe.each(engines)('no foreign sign-in e-mail for a client on %s', (engine) => {
  let t: TestApp
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Mails between the demo accounts, so the mailbox routes have something to show.
    await seedDemoMail(t.database.db)
    tokens.demoClient = (await t.loginAs('client')).accessToken
    const reg = await t.json('POST', '/jwt/register', { username: 'self_made', email: 'self.made@example.com', password: 'Str0ng-Passw0rd!x' })
    tokens.selfRegistered = reg.body.accessToken
  })
  afterAll(() => t.close())

  it.each(['demoClient', 'selfRegistered'])("as the %s: no GraphQL answer holds another account's address", async (who) => {
    for (const q of QUERIES) {
      const res = await t.gql(q, {}, tokens[who])
      expect(res.body.errors, q).toBeUndefined()
      expect(JSON.stringify(res.body), q).not.toMatch(FOREIGN)
    }
  })

  it.each(['demoClient', 'selfRegistered'])("as the %s: no REST answer holds another account's address", async (who) => {
    for (const path of ROUTES) {
      const res = await t.json('GET', path, undefined, { authorization: `Bearer ${tokens[who]}` })
      expect(res.status, path).toBeLessThan(500)
      expect(JSON.stringify(res.body), path).not.toMatch(FOREIGN)
    }
  })
})
