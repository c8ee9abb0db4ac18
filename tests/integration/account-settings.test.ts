import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

const SETTINGS = `query($u: ID) { accountSettings(userId: $u) {
  general { avatar username fullName email company }
  info { bio dob country website phone }
  social { socialLinks { twitter facebook google linkedIn instagram quora } connections { twitch { id } } }
  notification { commentOnArticle AnswerOnForm followMe newAnnouncements productUpdates blogDigest }
} }`

describe.each(engines)('account settings on %s', (engine) => {
  let t: TestApp
  let admin: string
  let reseller: string
  let client: { accessToken: string; refreshToken: string; userData: any }
  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = (await t.loginAs('admin')).accessToken
    reseller = (await t.loginAs('reseller')).accessToken
    client = await t.loginAs('client')
  })
  afterAll(() => t.close())

  it('answers /account-setting/data for the signed-in user, in the spec shape', async () => {
    const res = await t.json('GET', '/account-setting/data', undefined, { authorization: `Bearer ${client.accessToken}` })
    expect(res).toEqual({
      status: 200,
      body: {
        general: { avatar: null, username: 'demo-client', fullName: 'Demo Client', email: 'client@demo.local', company: null },
        info: { bio: null, dob: null, country: null, website: null, phone: null },
        social: {
          socialLinks: { twitter: '', facebook: '', google: '', linkedIn: '', instagram: '', quora: '' },
          connections: { twitch: {} },
        },
        notification: { commentOnArticle: true, AnswerOnForm: true, followMe: false, newAnnouncements: true, productUpdates: true, blogDigest: false },
      },
    })
    expect((await t.json('GET', '/account-setting/data')).status).toBe(401)
    const gql = await t.gql(SETTINGS, {}, client.accessToken)
    expect(gql.body.data.accountSettings).toEqual({ ...res.body, social: { ...res.body.social, connections: { twitch: null } } })
  })

  it('saves the user’s own general, info, social and notification sections', async () => {
    const token = client.accessToken
    const general = await t.gql(
      'mutation($i: AccountGeneralInput!) { updateAccountGeneral(input: $i) { general { avatar username fullName email company } } }',
      { i: { avatar: 'https://cdn.example.com/a.png', fullName: 'Demo C.', company: 'Stream Co' } },
      token,
    )
    expect(general.body.data.updateAccountGeneral.general).toEqual({
      avatar: 'https://cdn.example.com/a.png',
      username: 'demo-client',
      fullName: 'Demo C.',
      email: 'client@demo.local',
      company: 'Stream Co',
    })
    const info = await t.gql(
      'mutation($i: AccountInfoInput!) { updateAccountInfo(input: $i) { info { bio dob country website phone } } }',
      { i: { bio: 'Variety streamer', dob: '1990-04-01', country: 'France', website: 'https://example.fr', phone: '+33 1 23 45 67 89' } },
      token,
    )
    expect(info.body.data.updateAccountInfo.info).toEqual({
      bio: 'Variety streamer',
      dob: '1990-04-01',
      country: 'France',
      website: 'https://example.fr',
      phone: '+33 1 23 45 67 89',
    })
    const social = await t.gql(
      'mutation($i: SocialLinksInput!) { updateAccountSocial(input: $i) { social { socialLinks { twitter linkedIn quora } } } }',
      { i: { twitter: 'https://twitter.com/demo', linkedIn: 'https://linkedin.com/in/demo' } },
      token,
    )
    expect(social.body.data.updateAccountSocial.social.socialLinks).toEqual({
      twitter: 'https://twitter.com/demo',
      linkedIn: 'https://linkedin.com/in/demo',
      quora: '',
    })
    const notes = await t.gql(
      'mutation($i: NotificationFlagsInput!) { updateAccountNotifications(input: $i) { notification { followMe blogDigest commentOnArticle } } }',
      { i: { followMe: true, commentOnArticle: false } },
      token,
    )
    expect(notes.body.data.updateAccountNotifications.notification).toEqual({ followMe: true, blogDigest: false, commentOnArticle: false })
    const rest = await t.json('GET', '/account-setting/data', undefined, { authorization: `Bearer ${token}` })
    expect(rest.body.info.country).toBe('France')
    expect(rest.body.notification.followMe).toBe(true)
    // The user list's company/country/contact come from the same record.
    const item = await t.json('GET', `/apps/user/users/${client.userData.id}`, undefined, { authorization: `Bearer ${admin}` })
    expect(item.body).toMatchObject({ company: 'Stream Co', country: 'France', contact: '+33 1 23 45 67 89', avatar: 'https://cdn.example.com/a.png' })
  })

  it.each([
    ['updateAccountGeneral', 'AccountGeneralInput', { avatar: 'javascript:alert(1)' }, 'avatar'],
    ['updateAccountGeneral', 'AccountGeneralInput', { avatar: '//evil.example/a.png' }, 'avatar'],
    ['updateAccountGeneral', 'AccountGeneralInput', { username: 'demo-admin' }, 'username'],
    ['updateAccountGeneral', 'AccountGeneralInput', { username: 'no spaces' }, 'username'],
    ['updateAccountInfo', 'AccountInfoInput', { dob: '1990-13-45' }, 'dob'],
    ['updateAccountInfo', 'AccountInfoInput', { website: 'ftp://x.example' }, 'website'],
    ['updateAccountInfo', 'AccountInfoInput', { bio: 'x'.repeat(1001) }, 'bio'],
    ['updateAccountSocial', 'SocialLinksInput', { twitter: 'javascript:alert(1)' }, 'twitter'],
  ])('%s refuses %j with BAD_USER_INPUT on the field, writing nothing', async (mutation, type, input, field) => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, client.userData.id))
    const res = await t.gql(`mutation($i: ${type}!) { ${mutation}(input: $i) { general { username } } }`, { i: input }, client.accessToken)
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect(Object.keys(res.body.errors[0].extensions.fields)).toEqual([field])
    const [after] = await t.database.db.select().from(users).where(eq(users.id, client.userData.id))
    expect(after).toEqual(before)
  })

  it('lets nobody but an admin read or edit another user’s settings; admin edits are audited', async () => {
    const other = String((await t.loginAs('reseller')).userData.id)
    const edit = 'mutation($u: ID, $i: AccountInfoInput!) { updateAccountInfo(userId: $u, input: $i) { info { country } } }'
    expect((await t.gql(SETTINGS, { u: other }, client.accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    expect((await t.gql(edit, { u: String(client.userData.id), i: { country: 'Spain' } }, reseller)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    expect((await t.gql(edit, { u: other, i: { country: 'Spain' } }, client.accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    const byAdmin = await t.gql(edit, { u: String(client.userData.id), i: { country: 'Spain' } }, admin)
    expect(byAdmin.body.data.updateAccountInfo.info.country).toBe('Spain')
    expect((await t.gql(SETTINGS, { u: String(client.userData.id) }, admin)).body.data.accountSettings.info.country).toBe('Spain')
    const log = await t.gql('{ auditLog(first: 1) { edges { node { action actorRole entityId before after } } } }', {}, admin)
    expect(log.body.data.auditLog.edges[0].node).toEqual({
      action: 'user.settings.info',
      actorRole: 'admin',
      entityId: String(client.userData.id),
      before: JSON.stringify({ country: 'France' }),
      after: JSON.stringify({ country: 'Spain' }),
    })
  })

  it('changes the password only with the current one, ends every other sign-in, returns a new one', async () => {
    const other = await t.loginAs('client')
    const CHANGE = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { accessToken refreshToken userData { email } } }'
    const wrong = await t.gql(CHANGE, { c: 'not-my-password', n: 'a-fresh-passphrase' }, client.accessToken)
    expect(wrong.body.errors[0].extensions).toMatchObject({ code: 'INVALID_CREDENTIALS', fields: { currentPassword: ['The current password is wrong.'] } })
    const weak = await t.gql(CHANGE, { c: DEMO_PASSWORDS.client, n: 'short' }, client.accessToken)
    expect(weak.body.errors[0].extensions.code).toBe('WEAK_PASSWORD')
    expect((await t.gql(CHANGE, { c: DEMO_PASSWORDS.client, n: 'a-fresh-passphrase' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    const ok = await t.gql(CHANGE, { c: DEMO_PASSWORDS.client, n: 'a-fresh-passphrase' }, client.accessToken)
    expect(ok.body.data.changePassword.userData.email).toBe('client@demo.local')
    for (const old of [client.refreshToken, other.refreshToken]) {
      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: old })).status).toBe(401)
    }
    expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: ok.body.data.changePassword.refreshToken })).status).toBe(200)
    expect((await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: DEMO_PASSWORDS.client })).status).toBe(400)
    expect((await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: 'a-fresh-passphrase' })).status).toBe(200)
  })
})
