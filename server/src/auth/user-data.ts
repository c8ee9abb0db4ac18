import type { Role, UserRow } from '../db/schema'
import { rulesFor, type AbilityRuleOut } from '../permissions/abilities'

/** The session user data of spec section 3, as the client stores it under `userData`. */
export interface UserData {
  id: number
  fullName: string | null
  username: string
  avatar: string | null
  email: string
  role: Role
  /** The effective rules (`rulesFor`): the user record's, with what the role adds or refuses. */
  ability: AbilityRuleOut[]
  extras: { eCommerceCartItemsCount: number }
}

/**
 * `admin`: whether the caller's token carries the admin claim (tokens are signed with it for
 * admins, so a fresh sign-in has it exactly when the role is admin).
 */
export function toUserData(user: UserRow, cartItems = 0, admin = user.role === 'admin'): UserData {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    avatar: user.avatar,
    email: user.email,
    role: user.role,
    ability: rulesFor({ userId: user.id, role: user.role, admin: admin && user.role === 'admin', ability: user.ability }),
    extras: { eCommerceCartItemsCount: cartItems },
  }
}
