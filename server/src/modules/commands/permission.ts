import type { ChatRole } from '../../platforms/types'
import type { CommandPermission } from './commands.tables'

const LEVEL: Record<CommandPermission, number> = { everyone: 0, subscriber: 1, vip: 2, moderator: 3, broadcaster: 4 }
const ROLE_LEVEL: Record<ChatRole, number> = { subscriber: 1, vip: 2, moderator: 3, broadcaster: 4 }

/** A permission admits its level and every level above (a moderator may use a VIP command). */
export const permits = (roles: ChatRole[], p: CommandPermission) => Math.max(0, ...roles.map((r) => ROLE_LEVEL[r])) >= LEVEL[p]
