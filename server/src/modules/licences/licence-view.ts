/** A licence as the API shows it, what a scope sees, and the notice after a change. */
import { eq, inArray, or, type SQL } from 'drizzle-orm'
import { licences, users, type LicenceRow, type LicenceStatus, type Role } from '../../db/schema'
import type { Scope } from '../../permissions/scope'
import { maskLicenceKey } from './keys'
import { daysBetween, utcDay } from '../users/user-view'
import type { LicencesDeps } from './licences.deps'

export interface LicenceView {
  id: number
  licensekey: string
  planId: number | null
  userId: number | null
  resellerId: number | null
  totalDays: number
  licensebeginning: string | null
  status: LicenceStatus
  createdBy: number | null
  createdAt: Date
  activatedAt: Date | null
  revokedAt: Date | null
  /** Active licences: TotalDays minus the days since licensebeginning (negative once expired). */
  daysLeft: number | null
  /** Active licences: the day after the last day, licensebeginning + TotalDays. */
  endsOn: string | null
}

export interface LicenceTarget {
  id: number
  role: Role
  resellerId: number | null
}

export const DAY = 86_400_000
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))

export const MAX_BATCH = 1000
export const MAX_TOTAL_DAYS = 36_500

export const auditShape = (l: LicenceRow) => ({
  key: maskLicenceKey(l.licensekey),
  planId: l.planId,
  userId: l.userId,
  resellerId: l.resellerId,
  totalDays: l.totalDays,
  licensebeginning: l.licensebeginning,
  status: l.status,
})

/** After a committed change; `owners`: the users whose licence it may have started or ended. */
export const changed = (deps: LicencesDeps, owners: Array<number | null> = []) => {
  const { counts } = deps
  counts.clear()
  deps.onChanged?.()
  const ids = [...new Set(owners.filter((id): id is number => id !== null))]
  if (ids.length) deps.onLicenceChanged?.(ids)
}

export function view(deps: LicencesDeps, row: LicenceRow): LicenceView {
  const { now } = deps
  const today = utcDay(now())
  const active = row.status === 'active' && row.licensebeginning !== null
  return {
    ...row,
    daysLeft: active ? row.totalDays - daysBetween(row.licensebeginning!, today) : null,
    endsOn: active ? addDays(row.licensebeginning!, row.totalDays) : null,
  }
}

/** The licences a scope may see, as a condition. */
export function visible(deps: LicencesDeps, scope: Scope): SQL | undefined {
  const { db } = deps
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'self') return eq(licences.userId, scope.actorId)
  const clients = db.select({ id: users.id }).from(users).where(eq(users.resellerId, scope.actorId))
  return or(eq(licences.resellerId, scope.actorId), eq(licences.userId, scope.actorId), inArray(licences.userId, clients))
}
