import type { ChatRole } from '../../platforms/types'
import type { ChatCommandRow, CommandLevel } from './commands.tables'

const LEVEL: Record<CommandLevel, number> = { everyone: 0, subscriber: 1, regular: 2, vip: 3, moderator: 4, broadcaster: 5 }
const ROLE_LEVEL: Record<ChatRole, number> = { subscriber: 1, vip: 3, moderator: 4, broadcaster: 5 }

/**
 * A level admits itself and every level above (a moderator may use a VIP command). `regular`:
 * the viewer is on the channel's regulars list, which the platform's roles cannot tell.
 */
export const permits = (roles: ChatRole[], p: CommandLevel, regular = false) =>
  Math.max(0, regular ? LEVEL.regular : 0, ...roles.map((r) => ROLE_LEVEL[r])) >= LEVEL[p]

/** Moderators and the broadcaster (mod commands in chat, counter changes). */
export const isModerator = (roles: ChatRole[]) => permits(roles, 'moderator')

/**
 * Whether a viewer may use a command: a denied viewer never, an allowed viewer whatever their
 * level, anyone else by level. `isRegular` is asked only when the roles alone do not admit them
 * to a regulars' command (the moderation module keeps the list; without it, nobody is a regular).
 */
export async function mayUse(
  cmd: Pick<ChatCommandRow, 'permission' | 'allowedUsers' | 'deniedUsers'>,
  login: string,
  roles: ChatRole[],
  isRegular: (login: string) => Promise<boolean> = async () => false,
): Promise<boolean> {
  const l = login.toLowerCase()
  if (cmd.deniedUsers.includes(l)) return false
  if (cmd.allowedUsers.includes(l)) return true
  if (permits(roles, cmd.permission)) return true
  return cmd.permission === 'regular' && (await isRegular(l))
}
