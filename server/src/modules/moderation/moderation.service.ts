import { bindDeps } from '../../use-cases'
import { createModerationCore } from './core'
import type { ModerationDeps } from './moderation-deps'
import { nuke, nukeFromDashboard, unnuke } from './nuke'
import { addRegularOwned, removeRegularOwned } from './owned-regulars'
import { screen } from './screen'
import { undo } from './undo'

export { NUKE_LIMITS, type NukeInput } from './moderation-deps'

type Deps = Parameters<typeof createModerationCore>[0]

/**
 * Auto-moderation: the core (settings, regulars, log, enforcing) plus what moderators do in
 * chat and on the dashboard: !permit, !regular, !nuke / !unnuke, and undo from the log.
 */
export function createModerationService(deps: Deps) {
  const core = createModerationCore(deps)
  const useCaseDeps: ModerationDeps = { ...deps, core }
  return {
    ...core,
    ...bindDeps(useCaseDeps, { screen, nuke, unnuke, undo, nukeFromDashboard, addRegularOwned, removeRegularOwned }),
    owned: (userId: number, channelId: number | string) => deps.channels.access(userId, channelId, 'moderation', 'view'),
  }
}

export type ModerationService = ReturnType<typeof createModerationService>
