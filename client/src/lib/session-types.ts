/** Shapes of the REST /jwt/* contract (spec section 3 "Session user data"). */

/** One CASL rule of the server's (server/src/permissions/abilities.ts `rulesFor`); inverted: a "cannot". */
export interface AbilityRule {
  action: string
  subject: string
  inverted?: boolean
}

export type KnownRole = 'admin' | 'client' | 'reseller'

export interface UserData {
  id: string
  fullName: string | null
  username: string
  avatar: string | null
  email: string
  role: string
  ability: AbilityRule[]
  extras: { eCommerceCartItemsCount: number }
  /**
   * App-own, not in the REST contract: the channel modules the account may view through its
   * teams (`UserData.teamModules`, read by SessionSync after load); absent or null: hide nothing.
   */
  teamModules?: string[] | null
}

export interface AuthPayload {
  userData: UserData
  accessToken: string
  refreshToken: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAbilityRule(value: unknown): value is AbilityRule {
  return (
    isRecord(value) &&
    typeof value.action === 'string' &&
    typeof value.subject === 'string' &&
    (value.inverted === undefined || value.inverted === null || typeof value.inverted === 'boolean')
  )
}

/** Accepts what the server sends (id may be a number) and returns a normalised copy, or null. */
export function parseUserData(value: unknown): UserData | null {
  if (!isRecord(value)) return null
  const { id, fullName, username, avatar, email, role, ability, extras, teamModules } = value
  if (typeof id !== 'string' && typeof id !== 'number') return null
  if (typeof role !== 'string' || !Array.isArray(ability) || !ability.every(isAbilityRule)) return null
  const cartCount = isRecord(extras) && typeof extras.eCommerceCartItemsCount === 'number' ? extras.eCommerceCartItemsCount : 0
  return {
    id: String(id),
    fullName: typeof fullName === 'string' ? fullName : null,
    username: typeof username === 'string' ? username : '',
    avatar: typeof avatar === 'string' ? avatar : null,
    email: typeof email === 'string' ? email : '',
    role,
    ability: ability.map((rule) =>
      rule.inverted === true ? { action: rule.action, subject: rule.subject, inverted: true } : { action: rule.action, subject: rule.subject },
    ),
    extras: { eCommerceCartItemsCount: cartCount },
    ...(Array.isArray(teamModules) && teamModules.every((m) => typeof m === 'string') ? { teamModules: teamModules as string[] } : {}),
  }
}

export function parseAuthPayload(value: unknown): AuthPayload | null {
  if (!isRecord(value)) return null
  const userData = parseUserData(value.userData)
  const { accessToken, refreshToken } = value
  if (!userData || typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null
  if (!accessToken || !refreshToken) return null
  return { userData, accessToken, refreshToken }
}
