import type { AbilityRule, Role, UserRow } from '../db/schema'

/** The session user data of spec section 3, as the client stores it under `userData`. */
export interface UserData {
  id: number
  fullName: string | null
  username: string
  avatar: string | null
  email: string
  role: Role
  ability: AbilityRule[]
  extras: { eCommerceCartItemsCount: number }
}

export function toUserData(user: UserRow, cartItems = 0): UserData {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    avatar: user.avatar,
    email: user.email,
    role: user.role,
    ability: user.ability,
    extras: { eCommerceCartItemsCount: cartItems },
  }
}
