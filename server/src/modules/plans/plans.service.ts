import type { Db } from '../../db/client'
import type { Principal } from '../../permissions/abilities'
import type { HelpLocale } from '../help/help.tables'
import { plansDeps, type PlansServiceDeps } from './plans-deps'
import { pricing, questions } from './pricing'
import { byId, byName, list, localized, productDescription } from './read-plans'
import { update, updateQuestion } from './update-plan'

export * from './plans-model'
export type { UpdatePlanInput } from './update-plan'

type Platform = 'twitch' | 'kick'

/** Plans and the pricing page: read-plans.ts (cached per process), pricing.ts, update-plan.ts (admins, audited). */
export function createPlansService(serviceDeps: PlansServiceDeps) {
  const deps = plansDeps(serviceDeps)
  return {
    list: (handle?: Db) => list(deps, handle),
    localized: (locale?: HelpLocale) => localized(deps, locale),
    byName: (name: string, handle?: Db) => byName(deps, name, handle),
    byId: (id: number, handle?: Db) => byId(deps, id, handle),
    pricing: (platform: Platform, locale?: HelpLocale) => pricing(deps, platform, locale),
    questions: (platform: Platform, locale?: HelpLocale) => questions(deps, platform, locale),
    update: (principal: Principal | null, id: number, raw: unknown, localeArg?: string | null) => update(deps, principal, id, raw, localeArg),
    updateQuestion: (principal: Principal | null, id: number, localeArg: string | null | undefined, raw: unknown) =>
      updateQuestion(deps, principal, id, localeArg, raw),
    productDescription: (description: string, locale: HelpLocale) => productDescription(deps, description, locale),
    /** ISO 4217 code of every price (CURRENCY). */
    currency: deps.currency ?? 'USD',
    clear: () => void (deps.cache.current = undefined),
  }
}

export type PlansService = ReturnType<typeof createPlansService>
