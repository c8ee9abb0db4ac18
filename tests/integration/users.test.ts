import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, inArray } from 'drizzle-orm'
import { botPanels, licences, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const KEY = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/
const ITEM_KEYS = [
  'avatar',
  'company',
  'contact',
  'country',
  'createdAt',
  'currentPlan',
  'duration',
  'durationTotal',
  'email',
  'fullName',
  'id',
  'licenseKey',
  'resellerId',
  'role',
  'status',
  'twitchname',
  'username',
].sort()

const NODE = 'id username fullName email role currentPlan status licenseKey duration durationTotal resellerId twitchname contact company country'
const USERS = `query($first: Int, $after: String, $last: Int, $before: String, $q: String, $sortBy: UserSortField, $sortDesc: Boolean, $role: Role, $plan: String, $status: UserStatus) {
  users(first: $first, after: $after, last: $last, before: $before, q: $q, sortBy: $sortBy, sortDesc: $sortDesc, role: $role, plan: $plan, status: $status) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { ${NODE} } }
  }
}`
const GENERATE = `mutation($i: GenerateLicencesInput!) { generateLicences(input: $i) { id licensekey status resellerId planName totalDays } }`

describe.each(engines)('users on %s', (engine) => {
  let t: TestApp
  let admin: string
  let reseller: string
  let client: string
  let ids: { admin: number; reseller: number; client: number }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n
  const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [a, r, c] = await Promise.all([t.loginAs('admin'), t.loginAs('reseller'), t.loginAs('client')])
    admin = a.accessToken
    reseller = r.accessToken
    client = c.accessToken
    ids = { admin: a.userData.id, reseller: r.userData.id, client: c.userData.id }
  })
  afterAll(() => t.close())

  /** Re-signs in everyone (after moving the clock past the access token lifetime). */
  async function relogin() {
    const [a, r, c] = await Promise.all([t.loginAs('admin'), t.loginAs('reseller'), t.loginAs('client')])
    admin = a.accessToken
    reseller = r.accessToken
    client = c.accessToken
  }

  describe('GET /apps/user/users', () => {
    it('lists only users with a package, with the documented item shape and derivations', async () => {
      const res = await t.json('GET', '/apps/user/users', undefined, auth(admin))
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['total', 'users'])
      expect(res.body.total).toBe(1)
      const [item] = res.body.users
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS)
      expect(item).toEqual({
        id: ids.client,
        fullName: 'Demo Client',
        company: null,
        role: 'client',
        username: 'demo-client',
        country: null,
        contact: null,
        email: 'client@demo.local',
        currentPlan: 'Starter',
        status: 'inactive',
        avatar: null,
        licenseKey: expect.stringMatching(KEY),
        duration: 30,
        durationTotal: 30,
        twitchname: null,
        resellerId: ids.reseller,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
    })

    it('answers 401 without a token', async () => {
      expect((await t.json('GET', '/apps/user/users')).status).toBe(401)
    })

    it('shows a user without a package by id, with the Package None derivations', async () => {
      const res = await t.json('GET', `/apps/user/users/${ids.reseller}`, undefined, auth(admin))
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: ids.reseller, currentPlan: 'None', licenseKey: 'None', duration: 1, durationTotal: 1, status: false })
    })

    it('answers 404 with no body for a missing user or a malformed id', async () => {
      for (const path of ['/apps/user/users/999999', '/apps/user/users/abc', '/apps/user/users/0']) {
        const res = await t.app.request(path, { headers: auth(admin) })
        expect(res.status).toBe(404)
        expect(await res.text()).toBe('')
      }
    })
  })

  describe('POST /apps/user/users', () => {
    it('lets an admin create a client with a plan: 201 {user}, status inactive (no channel yet), a fresh key, an invitation mail', async () => {
      const before = await auditCount()
      const res = await t.json(
        'POST',
        '/apps/user/users',
        {
          user: {
            username: 'Alice_Streams',
            email: 'Alice@Example.com',
            fullName: 'Alice Archer',
            company: 'Acme',
            country: 'Germany',
            contact: '+49 30 1234',
            currentPlan: 'pro',
            totalDays: 90,
          },
        },
        auth(admin),
      )
      expect(res.status).toBe(201)
      expect(Object.keys(res.body)).toEqual(['user'])
      expect(res.body.user).toMatchObject({
        username: 'Alice_Streams',
        email: 'alice@example.com',
        fullName: 'Alice Archer',
        company: 'Acme',
        country: 'Germany',
        contact: '+49 30 1234',
        role: 'client',
        currentPlan: 'Pro',
        // Active needs a running licence and a connected channel with its bot on: none yet.
        status: 'inactive',
        licenseKey: expect.stringMatching(KEY),
        duration: 90,
        durationTotal: 90,
        resellerId: null,
      })
      // user.create, licence.generate, licence.activate, user.update (package) — in one transaction.
      expect((await auditCount()) - before).toBe(4)
      const outbox = await t.gql('{ mailOutbox(first: 1) { to subject text } }', {}, admin)
      expect(outbox.body.data.mailOutbox[0]).toMatchObject({ to: 'alice@example.com', subject: 'Your Channel Assistant account' })
      expect(outbox.body.data.mailOutbox[0].text).toMatch(/forgot-password\?token=/)
    })

    it('lets a reseller create a client with a key from their pool; the client becomes theirs', async () => {
      const batch = await t.gql(GENERATE, { i: { planId: '2', totalDays: 60, count: 3, resellerId: String(ids.reseller) } }, admin)
      expect(batch.body.errors).toBeUndefined()
      const key = batch.body.data.generateLicences[0].licensekey as string
      const res = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'bob.builds', email: 'bob@example.com', fullName: 'Bob Baker', licenseKey: key.toLowerCase(), password: 'bob-the-passphrase' } },
        auth(reseller),
      )
      expect(res.status).toBe(201)
      expect(res.body.user).toMatchObject({ currentPlan: 'Headstarter', status: 'inactive', licenseKey: key, duration: 60, resellerId: ids.reseller })
      const login = await t.json('POST', '/jwt/login', { email: 'bob@example.com', password: 'bob-the-passphrase' })
      expect(login.status).toBe(200)
      const [panel] = await t.database.db.select().from(botPanels).where(eq(botPanels.userId, res.body.user.id))
      expect(panel?.active).toBe(true)
    })

    it.each([
      ['no username or email', { currentPlan: 'Starter' }, { username: ['Please enter your username.'], email: ['Please enter your email.'] }],
      ['a bad email', { username: 'okname', email: 'nope', currentPlan: 'Starter' }, { email: ['The email address is badly formatted.'] }],
      ['an email in use', { username: 'okname', email: 'CLIENT@demo.local', currentPlan: 'Starter' }, { email: ['This email is already in use.'] }],
      ['a username in use', { username: 'ALICE_streams', email: 'x@example.com', currentPlan: 'Starter' }, { username: ['This username is already in use.'] }],
      [
        'a weak password',
        { username: 'okname', email: 'x@example.com', currentPlan: 'Starter', password: 'short' },
        { password: ['Your password is too weak'] },
      ],
      ['an unknown plan', { username: 'okname', email: 'x@example.com', currentPlan: 'Gold' }, { currentPlan: ['No such plan.'] }],
      ['a client without a plan', { username: 'okname', email: 'x@example.com' }, { currentPlan: ['Choose a plan or a licence key.'] }],
      [
        'an unknown role',
        { username: 'okname', email: 'x@example.com', role: 'editor', currentPlan: 'Starter' },
        { role: ['One of admin, client, reseller.'] },
      ],
    ])('refuses %s with 400 and the fields, writing nothing', async (_label, user, fields) => {
      const [before, audits] = [await userCount(), await auditCount()]
      const res = await t.json('POST', '/apps/user/users', { user }, auth(admin))
      expect(res).toEqual({ status: 400, body: { error: 'Invalid user', code: 'BAD_USER_INPUT', fields } })
      expect(await userCount()).toBe(before)
      expect(await auditCount()).toBe(audits)
    })

    it('refuses clients (403), resellers asking for another role or a plan, and keys outside their pool', async () => {
      const before = await userCount()
      const byClient = await t.json('POST', '/apps/user/users', { user: { username: 'x1x', email: 'x1@example.com' } }, auth(client))
      expect(byClient.status).toBe(403)
      const role = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'x2x', email: 'x2@example.com', role: 'admin', licenseKey: 'AAAA-AAAA-AAAA-AAAA' } },
        auth(reseller),
      )
      expect(role.body.fields).toEqual({ role: ['Resellers create clients only.'] })
      const plan = await t.json('POST', '/apps/user/users', { user: { username: 'x3x', email: 'x3@example.com', currentPlan: 'Pro' } }, auth(reseller))
      expect(plan.body.fields).toEqual({ currentPlan: ['Resellers hand out keys from their pool.'] })
      const noKey = await t.json('POST', '/apps/user/users', { user: { username: 'x4x', email: 'x4@example.com' } }, auth(reseller))
      expect(noKey.body.fields).toEqual({ licenseKey: ['Choose a licence key from your pool.'] })
      const stock = await t.gql(GENERATE, { i: { planId: '1', totalDays: 30, count: 1 } }, admin)
      const notMine = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'x5x', email: 'x5@example.com', licenseKey: stock.body.data.generateLicences[0].licensekey } },
        auth(reseller),
      )
      expect(notMine).toMatchObject({ status: 409, body: { code: 'LICENCE_TAKEN' } })
      const unknown = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'x6x', email: 'x6@example.com', licenseKey: 'AAAA-AAAA-AAAA-AAAA' } },
        auth(reseller),
      )
      expect(unknown).toMatchObject({ status: 404, body: { code: 'LICENCE_INVALID' } })
      expect(await userCount()).toBe(before)
    })

    it('refuses a body over 64 KiB with 413', async () => {
      const res = await t.json('POST', '/apps/user/users', { user: { username: 'big', email: 'big@example.com', fullName: 'x'.repeat(70_000) } }, auth(admin))
      expect(res).toEqual({ status: 413, body: { error: 'Payload too large' } })
    })

    it('treats a malformed body as empty input, never a 500', async () => {
      const res = await t.json('POST', '/apps/user/users', '{oops', auth(admin))
      expect(res.status).toBe(400)
      const wrongTypes = await t.json('POST', '/apps/user/users', { user: { username: 12, email: ['x'] } }, auth(admin))
      expect(wrongTypes.status).toBe(400)
      expect(wrongTypes.body.code).toBe('BAD_USER_INPUT')
    })
  })

  describe('scope', () => {
    let carolId: number
    beforeAll(async () => {
      // Another reseller with a client of their own.
      const r2 = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'reseller-two', email: 'r2@example.com', role: 'reseller', password: 'reseller-two-pass' } },
        auth(admin),
      )
      expect(r2.status).toBe(201)
      const carol = await t.json(
        'POST',
        '/apps/user/users',
        { user: { username: 'carol_c', email: 'carol@example.com', fullName: 'Carol Clark', currentPlan: 'Starter', resellerId: r2.body.user.id } },
        auth(admin),
      )
      expect(carol.status).toBe(201)
      carolId = carol.body.user.id
    })

    it('admin sees every listed user; a reseller only their clients; a client only themself (REST)', async () => {
      const names = async (token: string) =>
        ((await t.json('GET', '/apps/user/users?perPage=100', undefined, auth(token))).body.users as Array<{ username: string }>).map((u) => u.username).sort()
      expect(await names(admin)).toEqual(['Alice_Streams', 'bob.builds', 'carol_c', 'demo-client'])
      expect(await names(reseller)).toEqual(['bob.builds', 'demo-client'])
      expect(await names(client)).toEqual(['demo-client'])
      expect((await t.json('GET', '/apps/user/users', undefined, auth(reseller))).body.total).toBe(2)
    })

    it('reads outside the scope as missing (REST 404, GraphQL null)', async () => {
      expect((await t.json('GET', `/apps/user/users/${carolId}`, undefined, auth(reseller))).status).toBe(404)
      expect((await t.json('GET', `/apps/user/users/${ids.reseller}`, undefined, auth(client))).status).toBe(404)
      expect((await t.json('GET', `/apps/user/users/${ids.client}`, undefined, auth(reseller))).status).toBe(200)
      expect((await t.json('GET', `/apps/user/users/${ids.client}`, undefined, auth(client))).status).toBe(200)
      const q = 'query($id: ID!) { user(id: $id) { username } }'
      expect((await t.gql(q, { id: String(carolId) }, reseller)).body).toEqual({ data: { user: null } })
      expect((await t.gql(q, { id: String(carolId) }, admin)).body).toEqual({ data: { user: { username: 'carol_c' } } })
      expect((await t.gql(q, { id: 'x' }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    })

    it('scopes the GraphQL connection the same way', async () => {
      const res = async (token: string) => (await t.gql(USERS, { first: 50 }, token)).body.data.users
      expect((await res(admin)).totalCount).toBe(4)
      const mine = await res(reseller)
      expect(mine.totalCount).toBe(2)
      expect(mine.edges.map((e: any) => e.node.username).sort()).toEqual(['bob.builds', 'demo-client'])
      expect((await res(client)).edges.map((e: any) => e.node.username)).toEqual(['demo-client'])
      expect((await t.gql(USERS, { first: 5 })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    })

    it('lists every account in scope with everyAccount, and names the reseller and key owners', async () => {
      const EVERY = `query($role: Role) { users(first: 50, everyAccount: true, role: $role) { totalCount edges { node { username currentPlan resellerName } } } }`
      const every = async (token: string, role?: string) => (await t.gql(EVERY, { role }, token)).body.data.users
      const all = await every(admin)
      // Every account, those without a package too (the admin and the demo reseller).
      const n = (await t.database.db.select({ n: count() }).from(users))[0]!.n
      expect(all.totalCount).toBe(n)
      expect(all.edges.map((e: any) => e.node.username)).toEqual(expect.arrayContaining(['demo-admin', 'demo-reseller']))
      expect((await every(admin, 'reseller')).edges.map((e: any) => e.node.username)).toContain('demo-reseller')
      // The scope still holds: a reseller sees their clients and themself, a client themself.
      expect((await every(reseller)).edges.map((e: any) => e.node.username).sort()).toEqual(['bob.builds', 'demo-client', 'demo-reseller'])
      expect((await every(client)).edges.map((e: any) => e.node.username)).toEqual(['demo-client'])
      const demo = all.edges.find((e: any) => e.node.username === 'demo-client').node
      expect(demo.resellerName).toBe('demo-reseller')
      const keys = (await t.gql('{ licences(first: 50) { edges { node { userId userName resellerId resellerName } } } }', {}, admin)).body.data.licences.edges
      const owned = keys.find((e: any) => e.node.userId === String(ids.client)).node
      expect(owned.userName).toBe('demo-client')
      for (const { node } of keys) expect(node.resellerName === null).toBe(node.resellerId === null)
    })

    it("derives the user's bot panel from their channels, and applies an edit of it to them", async () => {
      const PANEL = 'query($id: ID!) { user(id: $id) { botPanel { active autostart chatbot categoryChatbot } } }'
      const panelOf = async () => (await t.gql(PANEL, { id: String(ids.client) }, admin)).body.data.user.botPanel
      const [saved] = await t.database.db.select().from(botPanels).where(eq(botPanels.userId, ids.client))
      const [channel] = await t.database.db
        .insert(channels)
        .values({ userId: ids.client, platform: 'twitch', platformUserId: 'panel-1', login: 'panelcaster', displayName: 'PanelCaster' })
        .returning()
      try {
        // The owner turns Autostart off on /pages/Panel: the user pages say off too.
        const off = await t.gql(
          'mutation($id: ID!) { updateBotPanel(channelId: $id, input: { autostart: false, chatBot: false }) { id } }',
          { id: String(channel!.id) },
          client,
        )
        expect(off.body.errors).toBeUndefined()
        expect(await panelOf()).toMatchObject({ active: false, autostart: false, chatbot: false, categoryChatbot: true })
        // An admin switches Autostart back on from the user edit form: the channel follows.
        const edit = await t.gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { botPanel: { autostart: true } }) { botPanel { autostart chatbot } } }',
          { id: String(ids.client) },
          admin,
        )
        expect(edit.body.data.updateUser.botPanel).toEqual({ autostart: true, chatbot: false })
        const [row] = await t.database.db.select().from(channels).where(eq(channels.id, channel!.id))
        expect({ autostart: row!.autostart, chatBot: row!.chatBot }).toEqual({ autostart: true, chatBot: false })
      } finally {
        await t.database.db.delete(channels).where(eq(channels.id, channel!.id))
        await t.database.db.update(botPanels).set(saved!).where(eq(botPanels.userId, ids.client))
      }
    })

    it('refuses changes outside the scope, and admin-only fields to others', async () => {
      const upd = 'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { id fullName currentPlan role } }'
      expect((await t.gql(upd, { id: String(carolId), i: { fullName: 'X' } }, reseller)).body.errors[0].extensions.code).toBe('NOT_FOUND')
      expect((await t.gql(upd, { id: String(ids.reseller), i: { fullName: 'X' } }, client)).body.errors[0].extensions.code).toBe('NOT_FOUND')
      const ownPlan = await t.gql(upd, { id: String(ids.client), i: { package: 'Pro' } }, client)
      expect(ownPlan.body.errors[0].extensions).toMatchObject({
        code: 'FORBIDDEN',
        fields: { package: ['Only admins change the package; assign a licence instead.'] },
      })
      const role = await t.gql(upd, { id: String(ids.client), i: { role: 'admin' } }, reseller)
      expect(role.body.errors[0].extensions.code).toBe('FORBIDDEN')
      const email = await t.gql(upd, { id: String(ids.client), i: { email: 'mine@reseller.example' } }, reseller)
      expect(email.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', fields: { email: ['Only the user or an admin changes the email.'] } })
      const [row] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(row).toMatchObject({ package: 'Starter', role: 'client', fullName: 'Demo Client' })
    })

    it('lets each edit what their scope allows, and audits it', async () => {
      const upd = 'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { fullName twitchname status botPanel { active chatbot } } }'
      const own = await t.gql(upd, { id: String(ids.client), i: { twitchname: 'demo_streamer', botPanel: { active: true } } }, client)
      expect(own.body).toEqual({
        // The panel's switch alone does not make the account active: no channel is connected.
        data: { updateUser: { fullName: 'Demo Client', twitchname: 'demo_streamer', status: 'inactive', botPanel: { active: true, chatbot: true } } },
      })
      const byReseller = await t.gql(upd, { id: String(ids.client), i: { fullName: 'Demo Client Two' } }, reseller)
      expect(byReseller.body.data.updateUser.fullName).toBe('Demo Client Two')
      const byAdmin = await t.gql(
        'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { role currentPlan } }',
        { id: String(carolId), i: { role: 'reseller', package: 'Pro' } },
        admin,
      )
      expect(byAdmin.body.data.updateUser).toEqual({ role: 'reseller', currentPlan: 'Pro' })
      const [carol] = await t.database.db.select().from(users).where(eq(users.id, carolId))
      expect(carol?.ability).toEqual([
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'all' },
      ])
      const log = await t.gql(
        'query($id: String) { auditLog(first: 5, entity: "user", entityId: $id) { totalCount edges { node { actorId actorRole action before after } } } }',
        { id: String(ids.client) },
        admin,
      )
      const entries = log.body.data.auditLog.edges.map((e: any) => e.node)
      expect(entries[0]).toEqual({
        actorId: String(ids.reseller),
        actorRole: 'reseller',
        action: 'user.update',
        before: JSON.stringify({ fullName: 'Demo Client' }),
        after: JSON.stringify({ fullName: 'Demo Client Two' }),
      })
      // Restore for the other tests.
      await t.gql(upd, { id: String(ids.client), i: { fullName: 'Demo Client', botPanel: { active: false } } }, admin)
    })

    it('refuses bad updates with codes and writes nothing', async () => {
      const upd = 'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { id } }'
      const dup = await t.gql(upd, { id: String(ids.client), i: { email: 'bob@example.com' } }, admin)
      // The sign-in e-mail changes only through changeEmail (with a password, an undo link, sessions ended).
      expect(dup.body.errors[0].extensions).toMatchObject({
        code: 'PASSWORD_REQUIRED',
        fields: { email: ['Changing the sign-in e-mail needs your current password.'] },
      })
      const plan = await t.gql(upd, { id: String(ids.client), i: { package: 'Gold' } }, admin)
      expect(plan.body.errors[0].extensions.fields).toEqual({ package: ['No such plan.'] })
      const self = await t.gql(upd, { id: String(ids.admin), i: { role: 'client' } }, admin)
      expect(self.body.errors[0].extensions.fields).toEqual({ role: ['You cannot change your own role.'] })
      const [row] = await t.database.db.select().from(users).where(eq(users.id, ids.client))
      expect(row?.email).toBe('client@demo.local')
    })

    it('deletes only as an admin: keys revoked, clients released, audited', async () => {
      const del = 'mutation($id: ID!) { deleteUser(id: $id) }'
      expect((await t.gql(del, { id: String(carolId) }, reseller)).body.errors[0].extensions.code).toBe('FORBIDDEN')
      expect((await t.gql(del, { id: String(ids.admin) }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      const [carolKey] = await t.database.db.select().from(licences).where(eq(licences.userId, carolId))
      expect(carolKey?.status).toBe('active')
      expect((await t.gql(del, { id: String(carolId) }, admin)).body).toEqual({ data: { deleteUser: true } })
      expect(await t.database.db.select().from(users).where(eq(users.id, carolId))).toEqual([])
      const [revoked] = await t.database.db.select().from(licences).where(eq(licences.id, carolKey!.id))
      expect(revoked?.status).toBe('revoked')
      const log = await t.gql('{ auditLog(first: 10, entity: "user") { edges { node { action entityId before } } } }', {}, admin)
      const deletion = log.body.data.auditLog.edges.map((e: any) => e.node).find((n: any) => n.action === 'user.delete')
      expect(deletion.entityId).toBe(String(carolId))
      expect(deletion.before).not.toContain('argon2')
      expect(JSON.parse(deletion.before)).toMatchObject({ username: 'carol_c' })
      expect((await t.gql(del, { id: String(carolId) }, admin)).body.errors[0].extensions.code).toBe('NOT_FOUND')
    })
  })

  describe('filters, sorting and paging', () => {
    beforeAll(async () => {
      const people = [
        ['dave_d', 'Dave Dawson', 'Headstarter'],
        ['erin.e', 'Erin Evans', 'Starter'],
        ['frank-f', 'frank foster', 'Pro'],
        ['grace_g', null, 'Starter'],
        ['heidi_h', 'Heidi 100%_off', 'Starter'],
      ] as const
      for (const [username, fullName, plan] of people) {
        const res = await t.json(
          'POST',
          '/apps/user/users',
          { user: { username, email: `${username.replace(/\W/g, '')}@example.com`, fullName: fullName ?? undefined, currentPlan: plan } },
          auth(admin),
        )
        expect(res.status).toBe(201)
      }
      // grace has no full name: the list shows her username as full name (creation default); make it null.
      await t.database.db.update(users).set({ fullName: null }).where(eq(users.username, 'grace_g'))
    })

    const list = async (query: string, token = admin) => {
      const res = await t.json('GET', `/apps/user/users${query}`, undefined, auth(token))
      expect(res.status).toBe(200)
      return res.body as { users: Array<Record<string, any>>; total: number }
    }

    it('searches username and full name, any case, as a substring; % and _ are plain characters', async () => {
      expect((await list('?q=AWS')).users.map((u) => u.username)).toEqual(['dave_d'])
      expect((await list('?q=FOSTER')).users.map((u) => u.username)).toEqual(['frank-f'])
      expect((await list('?q=N.E')).users.map((u) => u.username)).toEqual(['erin.e'])
      expect((await list('?q=100%25_')).users.map((u) => u.username)).toEqual(['heidi_h'])
      expect((await list('?q=%25')).users.map((u) => u.username)).toEqual(['heidi_h'])
      expect((await list('?q=zzz')).total).toBe(0)
    })

    it('gives a search its exact total on any page, past the last one, and over GraphQL with a cursor', async () => {
      // Each search below differs (case counts for the cache key), so no total comes from the cache.
      const all = await list('?q=e&perPage=100')
      const n = all.users.length
      expect(n).toBeGreaterThan(3)
      expect(all.total).toBe(n)
      const second = await list('?q=E&perPage=2&page=2')
      expect(second.total).toBe(n)
      expect(second.users.map((u) => u.id)).toEqual(all.users.slice(2, 4).map((u) => u.id))
      const past = await list('?q=n&perPage=10&page=50')
      expect(past).toEqual({ users: [], total: (await list('?q=N&perPage=100')).users.length })
      const first = (await t.gql(USERS, { first: 2, q: 'A' }, admin)).body.data.users
      const next = (await t.gql(USERS, { first: 2, q: 'a', after: first.pageInfo.endCursor }, admin)).body.data.users
      const matchingA = (await list('?q=a&perPage=100')).users.length
      expect(matchingA).toBeGreaterThan(2)
      expect(first.totalCount).toBe(matchingA)
      expect(next.totalCount).toBe(matchingA)
    })

    it('filters by role, plan (any case) and status, with totals', async () => {
      expect((await list('?plan=starter&perPage=50')).users.map((u) => u.username).sort()).toEqual(['demo-client', 'erin.e', 'grace_g', 'heidi_h'])
      expect((await list('?plan=Pro')).total).toBe(2)
      expect((await list('?role=client')).total).toBe(8)
      expect((await list('?role=admin')).total).toBe(0)
      // Active = a running licence and a connected channel with its bot on (active-client.ts): none has a channel yet.
      expect((await list('?status=inactive')).total).toBe(8)
      expect((await list('?status=active')).total).toBe(0)
      const bob = (await list('?q=bob.builds')).users[0]!
      const channel = (n: number, userId: number, active: boolean, sandbox = false) => ({
        userId,
        platform: 'twitch' as const,
        platformUserId: `st${n}`,
        login: `status${n}`,
        displayName: `Status${n}`,
        active,
        sandbox,
      })
      // A channel with the bot switched off does not count; a sandbox channel with it on does.
      await t.database.db.insert(channels).values([channel(1, bob.id, false), channel(2, ids.client, true, true)])
      expect((await list('?status=active')).users.map((u) => u.username).sort()).toEqual(['demo-client'])
      await t.database.db.update(channels).set({ active: true }).where(eq(channels.platformUserId, 'st1'))
      expect((await list('?status=active&plan=Headstarter&q=b')).users.map((u) => u.username)).toEqual(['bob.builds'])
      const one = await t.json('GET', `/apps/user/users/${bob.id}`, undefined, auth(admin))
      expect(one.body.status).toBe('active')
      expect((await list('?status=inactive&perPage=50')).users).toHaveLength(6)
      // A licence that has run out makes the account inactive, channel or not.
      await t.database.db
        .update(licences)
        .set({ licensebeginning: '2000-01-01' })
        .where(and(eq(licences.userId, bob.id), eq(licences.status, 'active')))
      expect((await t.json('GET', `/apps/user/users/${bob.id}`, undefined, auth(admin))).body.status).toBe('inactive')
      expect((await list('?status=active')).users.map((u) => u.username)).toEqual(['demo-client'])
      await t.database.db.delete(channels).where(inArray(channels.platformUserId, ['st1', 'st2']))
    })

    it('sorts by the whitelisted columns in the database, ties by id, and pages with page/perPage', async () => {
      const byName = await list('?sortBy=fullName&perPage=50')
      expect(byName.users.map((u) => u.fullName)).toEqual([
        null,
        'Alice Archer',
        'Bob Baker',
        'Dave Dawson',
        'Demo Client',
        'Erin Evans',
        'frank foster',
        'Heidi 100%_off',
      ])
      const desc = await list('?sortBy=username&sortDesc=true&perPage=3&page=2')
      expect(desc.users.map((u) => u.username)).toEqual(['erin.e', 'demo-client', 'dave_d'])
      expect(desc.total).toBe(8)
      const byPlan = await list('?sortBy=currentPlan&perPage=50')
      expect(byPlan.users.map((u) => u.currentPlan)).toEqual(['Headstarter', 'Headstarter', 'Pro', 'Pro', 'Starter', 'Starter', 'Starter', 'Starter'])
      const ids = (await list('?perPage=50')).users.map((u) => u.id)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect((await list('?sortBy=user&perPage=1')).users[0]!.username).toBe('grace_g')
      expect((await list('?page=99')).users).toEqual([])
    })

    it.each([
      ['?sortBy=password_hash', { sortBy: ['One of id, username, fullName, email, role, currentPlan, createdAt.'] }],
      ['?perPage=1000', { perPage: ['Between 1 and 100.'] }],
      ['?perPage=ten', { perPage: ['perPage must be a number'] }],
      ['?page=0', { page: ['A positive number.'] }],
      ['?role=editor', { role: ['One of admin, client, reseller.'] }],
      ['?status=busy', { status: ['One of active, inactive.'] }],
      ['?plan=Gold', { plan: ['One of Starter, Headstarter, Pro, Custom.'] }],
      ['?sortDesc=maybe', { sortDesc: [expect.any(String)] }],
    ])('refuses %s with 400 BAD_USER_INPUT', async (query, fields) => {
      const res = await t.json('GET', `/apps/user/users${query}`, undefined, auth(admin))
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', fields })
    })

    it('pages the GraphQL connection with keyset cursors, forward and backward, in any sort', async () => {
      for (const [sortBy, sortDesc] of [
        ['id', false],
        ['fullName', false],
        ['createdAt', true],
        ['email', true],
      ] as const) {
        const all = (await t.gql(USERS, { first: 100, sortBy, sortDesc }, admin)).body.data.users
        expect(all.totalCount).toBe(8)
        const seen: string[] = []
        let after: string | null = null
        for (let i = 0; i < 10; i++) {
          const page: any = (await t.gql(USERS, { first: 3, after, sortBy, sortDesc }, admin)).body.data.users
          seen.push(...page.edges.map((e: any) => e.node.username))
          expect(page.pageInfo.hasPreviousPage).toBe(after !== null)
          if (!page.pageInfo.hasNextPage) break
          after = page.pageInfo.endCursor
        }
        expect(seen).toEqual(all.edges.map((e: any) => e.node.username))
        // Backward from the end.
        const back: string[] = []
        let before: string | null = null
        for (let i = 0; i < 10; i++) {
          const page: any = (await t.gql(USERS, { last: 3, before, sortBy, sortDesc }, admin)).body.data.users
          back.unshift(...page.edges.map((e: any) => e.node.username))
          if (!page.pageInfo.hasPreviousPage) break
          before = page.pageInfo.startCursor
        }
        expect(back).toEqual(seen)
      }
    })

    it('agrees with REST on order and total', async () => {
      const rest = await list('?sortBy=email&perPage=50&q=e')
      const gql = (await t.gql(USERS, { first: 50, sortBy: 'email', q: 'e' }, admin)).body.data.users
      expect(gql.totalCount).toBe(rest.total)
      expect(gql.edges.map((e: any) => Number(e.node.id))).toEqual(rest.users.map((u) => u.id))
    })

    it('refuses bad cursors and sizes with BAD_USER_INPUT', async () => {
      const first = (await t.gql(USERS, { first: 2, sortBy: 'username' }, admin)).body.data.users.pageInfo.endCursor
      for (const vars of [
        { first: 2, after: 'garbage' },
        { first: 2, after: 'c1.!!!' },
        { first: 2, after: `c1.${Buffer.from('{"k":"id"}').toString('base64url')}` },
        { first: 2, after: first, sortBy: 'email' },
        { first: 2, after: first, sortBy: 'username', sortDesc: true },
        { first: 0 },
        { first: 101 },
        { first: 2, last: 2 },
      ]) {
        const res = await t.gql(USERS, vars, admin)
        expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT')
      }
    })
  })

  describe('derivations over time', () => {
    it('counts down duration by the days elapsed since licensebeginning', async () => {
      t.clock.advance(10 * 86400)
      await relogin()
      const res = await t.json('GET', `/apps/user/users/${ids.client}`, undefined, auth(admin))
      expect(res.body).toMatchObject({ duration: 20, durationTotal: 30 })
      t.clock.advance(25 * 86400)
      await relogin()
      const expired = await t.json('GET', `/apps/user/users/${ids.client}`, undefined, auth(admin))
      expect(expired.body).toMatchObject({ duration: -5, durationTotal: 30 })
    })
  })
})
