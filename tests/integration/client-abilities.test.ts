import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildAbility } from '../../client/src/lib/ability'
import { parseUserData } from '../../client/src/lib/session-types'
import { users } from '../../server/src/db/schema'
import { abilityFor, rulesFor } from '../../server/src/permissions/abilities'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * The client's permissions are the server's (issue 10, "Permissions in the client"): the rules
 * a user gets at sign-in (userData.ability) and from Query.viewer are the ones the server's
 * checks are built from, and for every control the client shows or hides by ability, the
 * server refuses the operation behind it exactly when the ability says no.
 */
const ROLES = ['client', 'reseller', 'admin'] as const
type Role = (typeof ROLES)[number]

interface Probe {
  /** What the client asks (<Can I=… a=…> / useAbility().can) before showing the control. */
  can: [string, string]
  /** The operation behind the control, with input that gets past the permission check to the service. */
  run: (t: TestApp, token: string, ids: Record<Role, number>, role: Role) => Promise<{ status: number; body: any }>
  /** Refused: FORBIDDEN (by default); another's record may read as missing. */
  refused?: (code: string | undefined) => boolean
}

const code = (res: { body: any }) => res.body?.errors?.[0]?.extensions?.code as string | undefined

const PROBES: Probe[] = [
  // Add user (user list): bad e-mail → BAD_USER_INPUT once allowed.
  { can: ['create', 'User'], run: (t, token) => t.gql('mutation { createUser(input: { email: "x", username: "x" }) { id } }', {}, token) },
  // Edit someone else's account (staff pages): staff edit their clients; a client's view of another account is NOT_FOUND.
  {
    can: ['update', 'User'],
    run: (t, token, ids, role) =>
      t.gql(
        'mutation($id: ID!) { updateUser(id: $id, input: { company: "Probe" }) { id } }',
        { id: String(role === 'client' ? ids.reseller : ids.client) },
        token,
      ),
    refused: (c) => c === 'FORBIDDEN' || c === 'NOT_FOUND',
  },
  // Delete user, account settings of others (user view): admins.
  { can: ['manage', 'User'], run: (t, token) => t.gql('mutation { deleteUser(id: "987654") }', {}, token) },
  // Assign, extend, revoke keys (licence tables): staff.
  { can: ['update', 'Licence'], run: (t, token) => t.gql('mutation { extendLicence(id: "987654", days: 1) { id } }', {}, token) },
  // Generate keys (licence page): admins.
  { can: ['manage', 'Licence'], run: (t, token) => t.gql('mutation { generateLicences(input: { count: 0, planId: "1", totalDays: 30 }) { id } }', {}, token) },
  // Send an invoice, record a payment (invoice preview): staff.
  {
    can: ['update', 'Invoice'],
    run: (t, token) => t.gql('mutation { recordInvoicePayment(id: "987654", input: { amount: 1 }) { invoice { id } } }', {}, token),
  },
  { can: ['create', 'Invoice'], run: (t, token) => t.gql('mutation { createInvoice(input: { userId: "987654" }) { invoice { id } } }', {}, token) },
  // Help centre editor (edit toggle on FAQ and knowledge base): admins.
  { can: ['manage', 'Help'], run: (t, token) => t.gql('{ helpEditor { __typename } }', {}, token) },
  // Feedback triage, admin dashboards and their menu entries: admins.
  { can: ['manage', 'Admin'], run: (t, token) => t.gql('{ feedbackAssignees { id } }', {}, token) },
  // A user's history (user view): admins.
  { can: ['manage', 'AuditLog'], run: (t, token) => t.gql('{ auditLog(first: 1) { totalCount } }', {}, token) },
  // Shop catalogue management and plan editing: admins.
  { can: ['manage', 'Product'], run: (t, token) => t.gql('{ adminProducts { id } }', {}, token) },
  { can: ['manage', 'Plan'], run: (t, token) => t.gql('mutation { updatePlan(id: "987654", input: { monthlyPrice: -1 }) { id } }', {}, token) },
  // The staff two-step policy (account settings): manage all.
  {
    can: ['manage', 'all'],
    run: (t, token) => t.json('PUT', '/jwt/two-step/policy', { requireForStaff: 'maybe' }, { authorization: `Bearer ${token}` }),
    refused: (c) => c === 'FORBIDDEN',
  },
]

describe.each(engines)('client abilities on %s', (engine) => {
  let t: TestApp
  const sessions = {} as Record<Role, { accessToken: string; userData: any }>
  const ids = {} as Record<Role, number>

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const role of ROLES) {
      sessions[role] = await t.loginAs(role)
      ids[role] = Number(sessions[role].userData.id)
    }
  })
  afterAll(() => t.close())

  it.each(ROLES)('gives the %s the rules the server checks with, at sign-in and from viewer', async (role) => {
    const { principal } = await t.services.auth.principalFromToken(sessions[role].accessToken)
    const serverRules = rulesFor(principal)
    // Sign-in (REST, stored as userData) …
    expect(sessions[role].userData.ability).toEqual(serverRules)
    // … and the viewer query the app re-reads, parsed as the client parses it, say the same.
    const viewer = await t.gql(
      '{ viewer { id username email role fullName avatar ability { action subject inverted } extras { eCommerceCartItemsCount } } }',
      {},
      sessions[role].accessToken,
    )
    expect(parseUserData(viewer.body.data.viewer)!.ability).toEqual(parseUserData(sessions[role].userData)!.ability)
    const client = buildAbility(parseUserData(sessions[role].userData)!.ability)
    const server = abilityFor(principal)
    for (const { can } of PROBES) expect([role, ...can, client.can(...can)]).toEqual([role, ...can, server.can(...(can as [never, never]))])
  })

  it('keeps the spec defaults for clients and admins, and adds what resellers may do', () => {
    expect(sessions.client.userData.ability).toEqual([
      { action: 'read', subject: 'ACL' },
      { action: 'read', subject: 'all' },
    ])
    expect(sessions.admin.userData.ability).toEqual([{ action: 'manage', subject: 'all' }])
    const reseller = buildAbility(sessions.reseller.userData.ability)
    expect([reseller.can('create', 'User'), reseller.can('update', 'Licence'), reseller.can('manage', 'User'), reseller.can('manage', 'Help')]).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it.each(ROLES)('refuses the %s exactly the operations their ability hides', async (role) => {
    const ability = buildAbility(parseUserData(sessions[role].userData)!.ability)
    const seen: string[] = []
    for (const probe of PROBES) {
      const res = await probe.run(t, sessions[role].accessToken, ids, role)
      const c = res.status === 403 ? 'FORBIDDEN' : (code(res) ?? (res.status >= 400 ? `HTTP ${res.status}` : undefined))
      const refused = (probe.refused ?? ((x) => x === 'FORBIDDEN'))(c)
      seen.push(`${probe.can.join(' ')}: ${ability.can(...probe.can) ? 'shown' : 'hidden'} / ${refused ? 'refused' : 'allowed'} (${c ?? 'ok'})`)
      expect(['UNAUTHENTICATED', 'INTERNAL_SERVER_ERROR', 'GRAPHQL_VALIDATION_FAILED']).not.toContain(c)
    }
    expect(seen.filter((line) => !/shown \/ allowed|hidden \/ refused/.test(line))).toEqual([])
    // Each role sees something hidden or shown, so the probes tell the roles apart.
    expect(seen.some((l) => l.includes('shown'))).toBe(role !== 'client')
  })

  it('refuses a client a staff action even when their record says otherwise, in the client too', async () => {
    await t.database.db
      .update(users)
      .set({ ability: [{ action: 'manage', subject: 'all' }] })
      .where(eq(users.id, ids.client))
    try {
      const { userData, accessToken } = await t.loginAs('client')
      const ability = buildAbility(parseUserData(userData)!.ability)
      // manage needs the admin claim: without it, read/create/update/delete only; staff actions are refused.
      expect([ability.can('manage', 'Help'), ability.can('read', 'Help'), ability.can('create', 'User'), ability.can('update', 'Invoice')]).toEqual([
        false,
        true,
        false,
        false,
      ])
      expect(code(await t.gql('mutation { createUser(input: { email: "x", username: "x" }) { id } }', {}, accessToken))).toBe('FORBIDDEN')
      expect(code(await t.gql('{ helpEditor { __typename } }', {}, accessToken))).toBe('FORBIDDEN')
    } finally {
      await t.database.db
        .update(users)
        .set({
          ability: [
            { action: 'read', subject: 'ACL' },
            { action: 'read', subject: 'all' },
          ],
        })
        .where(eq(users.id, ids.client))
    }
  })
})
