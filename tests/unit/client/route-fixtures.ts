import type { UserData } from '../../../client/src/lib/session-types'

function user(id: string, role: string, ability: UserData['ability']): UserData {
  return { id, fullName: `${role} user`, username: role, avatar: null, email: `${role}@example.com`, role, ability, extras: { eCommerceCartItemsCount: 0 } }
}

const CLIENT_ABILITY = [
  { action: 'read', subject: 'ACL' },
  { action: 'read', subject: 'all' },
]

// What the server sends a reseller (server/src/permissions/abilities.ts, rulesFor): the stored
// defaults plus the staff rules.
const RESELLER_ABILITY = [
  ...CLIENT_ABILITY,
  { action: 'create', subject: 'User' },
  { action: 'update', subject: 'User' },
  { action: 'update', subject: 'Licence' },
  { action: 'create', subject: 'Invoice' },
  { action: 'update', subject: 'Invoice' },
]

export const navigationFixtures = {
  clientUser: user('7', 'client', CLIENT_ABILITY),
  resellerUser: user('8', 'reseller', RESELLER_ABILITY),
  adminUser: user('1', 'admin', [{ action: 'manage', subject: 'all' }]),
}
