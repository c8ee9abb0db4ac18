import { CountCache } from '../../db/count-cache'
import { bindDeps } from '../../use-cases'
import { activate, assign } from './assign-licence'
import { extend } from './extend-licence'
import { generate } from './generate-licences'
import { handOutInTx, issueInTx } from './hand-out'
import { changed, view } from './licence-view'
import type { LicencesDeps, LicencesOptions } from './licences.deps'
import { get, list } from './list-licences'
import { revoke, revokeAllOfUser, revokeManyInTx } from './revoke-licence'

export { MAX_BATCH, MAX_TOTAL_DAYS, type LicenceTarget, type LicenceView } from './licence-view'

/** Licence keys: one use case per file over the deps built here once. */
export function createLicencesService(options: LicencesOptions) {
  const deps: LicencesDeps = { ...options, counts: new CountCache(options.countTtlMs, () => options.now().getTime()) }
  return {
    ...bindDeps(deps, {
      issueInTx,
      revokeManyInTx,
      /** Drop cached totals after a change made through the InTx functions. */
      changed,
      generate,
      assign,
      activate,
      extend,
      revoke,
      list,
      get,
      view,
      handOutInTx,
      revokeAllOfUser,
    }),
    clearCounts: () => deps.counts.clear(),
  }
}

export type LicencesService = ReturnType<typeof createLicencesService>
