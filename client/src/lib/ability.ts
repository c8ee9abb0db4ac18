import { createMongoAbility, type MongoAbility } from '@casl/ability'
import type { AbilityRule } from './session-types'

export type AppAbility = MongoAbility<[string, string]>

/** What every visitor may do: read the public (full-layout) pages. */
export const ANONYMOUS_RULES: readonly AbilityRule[] = [{ action: 'read', subject: 'Auth' }]

/**
 * The ability of the current visitor, built from stored userData.ability (spec section 6).
 * The anonymous rule stays in place for signed-in users too, so public pages such as
 * not-authorized or error-404 can always be shown (no redirect loop for a user whose
 * ability lacks "read all").
 */
export function buildAbility(rules: readonly AbilityRule[] | null | undefined): AppAbility {
  return createMongoAbility<[string, string]>([...ANONYMOUS_RULES, ...(rules ?? [])])
}
