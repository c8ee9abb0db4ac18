import { bindDeps } from '../../use-cases'
import type { ModerationCoreDeps, ModerationCoreOptions } from './core-deps'
import { enforce, perform } from './enforce'
import { forgive, guardOf, isRegular } from './guards'
import { counts, logPage, writeLog } from './moderation-log'
import { recordManual } from './manual'
import { grantPermit, usePermit } from './permits'
import { createPlatformActions } from './platform-actions'
import { addRegular, listRegulars, removeRegular, updateSettings } from './regulars'
import { rightsProblem, settingsOf } from './stored-settings'

export type { LogEntryInput, ScreenIo } from './core-deps'

/**
 * Auto-moderation's state: settings, regulars and log in the database; the compiled filters
 * per channel in the process that runs its bot, rebuilt when the settings or regulars change
 * (channelChanged 'moderation'); and enforcing a hit (the ladder, the platform call, the log).
 */
export function createModerationCore(options: ModerationCoreOptions) {
  const deps: ModerationCoreDeps = {
    ...options,
    actions: createPlatformActions(options),
    guards: new Map(),
    rightsKnown: new Map(),
    state: { listening: false, inserted: 0 },
  }
  return bindDeps(deps, {
    settingsOf,
    rightsProblem,
    updateSettings,
    listRegulars,
    addRegular,
    removeRegular,
    logPage,
    counts,
    writeLog,
    perform,
    guardOf,
    enforce,
    forgive,
    isRegular,
    recordManual,
    grantPermit,
    usePermit,
  })
}

export type ModerationCore = ReturnType<typeof createModerationCore>
