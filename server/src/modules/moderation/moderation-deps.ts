import { z } from 'zod'
import type { IncomingChat } from '../../platforms/types'
import type { ModerationCore } from './core'
import type { ModerationCoreOptions } from './core-deps'

export const NUKE_LIMITS = { maxLookbackSeconds: 600, maxTimeoutSeconds: 1_209_600, maxViewers: 100 }
export const NUKE = z.object({
  phrase: z.string().trim().min(2, 'The phrase has 2 to 100 characters').max(100, 'The phrase has 2 to 100 characters'),
  lookbackSeconds: z.number().int().min(1, 'Look back 1 to 600 seconds').max(NUKE_LIMITS.maxLookbackSeconds, 'Look back 1 to 600 seconds'),
  timeoutSeconds: z.number().int().min(1, 'A timeout lasts 1 second to 2 weeks').max(NUKE_LIMITS.maxTimeoutSeconds, 'A timeout lasts 1 second to 2 weeks'),
})
export type NukeInput = z.input<typeof NUKE>

export const isModerator = (chat: Pick<IncomingChat, 'roles'>) => chat.roles.includes('broadcaster') || chat.roles.includes('moderator')

/** What the moderation service's use cases share: the core's options and the core itself. */
export interface ModerationDeps extends ModerationCoreOptions {
  core: ModerationCore
}
