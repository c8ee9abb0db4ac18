import type { ChatRole } from '../../platforms/types'
import type { ChatCommandRow, CommandPermission } from './commands.tables'

const LEVEL: Record<CommandPermission, number> = { everyone: 0, subscriber: 1, vip: 2, moderator: 3, broadcaster: 4 }
const ROLE_LEVEL: Record<ChatRole, number> = { subscriber: 1, vip: 2, moderator: 3, broadcaster: 4 }

/** A permission admits its level and every level above (a moderator may use a VIP command). */
export const permits = (roles: ChatRole[], p: CommandPermission) => Math.max(0, ...roles.map((r) => ROLE_LEVEL[r])) >= LEVEL[p]

/** Moderators and the broadcaster (mod commands in chat, counter changes). */
export const isModerator = (roles: ChatRole[]) => permits(roles, 'moderator')

/**
 * Whether a viewer may use a command: a denied viewer never, an allowed viewer whatever their
 * level, anyone else by level. (The moderation module's "regulars" level is not a level here yet.)
 */
export function mayUse(cmd: Pick<ChatCommandRow, 'permission' | 'allowedUsers' | 'deniedUsers'>, login: string, roles: ChatRole[]): boolean {
  const l = login.toLowerCase()
  if (cmd.deniedUsers.includes(l)) return false
  if (cmd.allowedUsers.includes(l)) return true
  return permits(roles, cmd.permission)
}
