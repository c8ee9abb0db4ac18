import { describe, expect, it } from 'vitest'
import { clearSession, getUserData, saveSession } from './session'
import { parseUserData, type UserData } from './session-types'

const member: UserData = {
  id: '7',
  fullName: null,
  username: 'walker',
  avatar: null,
  email: 'walker@example.com',
  role: 'client',
  ability: [{ action: 'read', subject: 'all' }],
  extras: { eCommerceCartItemsCount: 0 },
}

describe('the stored session keeps the menu’s team modules across a refresh of the same account', () => {
  it('parses them, carries them over when the REST answer has none, and drops them for another account', () => {
    expect(parseUserData({ ...member, teamModules: ['raids'] })?.teamModules).toEqual(['raids'])
    expect(parseUserData({ ...member, teamModules: 'raids' })).not.toHaveProperty('teamModules')
    saveSession({ userData: { ...member, teamModules: ['commands'] }, accessToken: 'a', refreshToken: 'r' })
    saveSession({ userData: member, accessToken: 'a2', refreshToken: 'r2' })
    expect(getUserData()?.teamModules).toEqual(['commands'])
    saveSession({ userData: { ...member, id: '8' }, accessToken: 'a3', refreshToken: 'r3' })
    expect(getUserData()?.teamModules).toBeUndefined()
    clearSession()
  })
})
