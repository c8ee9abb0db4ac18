import type { Role } from '../../db/schema'
import { isActiveAccount } from './active-client'

/** One user as the list, the detail and GraphQL see it: the row, its bot panel and its active licence. */
export interface UserView {
  id: number
  fullName: string | null
  company: string | null
  role: Role
  username: string
  country: string | null
  /** The info phone. */
  contact: string | null
  email: string
  /** The user's Package: a plan name, or 'None'. */
  package: string
  avatar: string | null
  twitchname: string | null
  resellerId: number | null
  createdAt: Date
  botPanel: { active: boolean; autostart: boolean; chatbot: boolean; categoryChatbot: boolean }
  /** The active licence, if any (a user has at most one). */
  licence: { id: number; licensekey: string; totalDays: number; licensebeginning: string | null } | null
  /** Derived (spec section 3). */
  licenseKey: string
  duration: number
  durationTotal: number
  status: 'active' | 'inactive' | false
}

/**
 * The item of GET /apps/user/users (and of POST, and GET /apps/user/users/{id}): the spec's
 * user list item (id, fullName, company, role, username, country, contact, email,
 * currentPlan, status, avatar) with the real record's fields (currentPlan is the Package;
 * licenseKey, duration, durationTotal, twitchname) and resellerId, createdAt.
 */
export interface UserListItem {
  id: number
  fullName: string | null
  company: string | null
  role: Role
  username: string
  country: string | null
  contact: string | null
  email: string
  currentPlan: string
  status: 'active' | 'inactive' | false
  avatar: string | null
  licenseKey: string
  duration: number
  durationTotal: number
  twitchname: string | null
  resellerId: number | null
  createdAt: string
}

export const toListItem = (u: UserView): UserListItem => ({
  id: u.id,
  fullName: u.fullName,
  company: u.company,
  role: u.role,
  username: u.username,
  country: u.country,
  contact: u.contact,
  email: u.email,
  currentPlan: u.package,
  status: u.status,
  avatar: u.avatar,
  licenseKey: u.licenseKey,
  duration: u.duration,
  durationTotal: u.durationTotal,
  twitchname: u.twitchname,
  resellerId: u.resellerId,
  createdAt: u.createdAt.toISOString(),
})

const DAY = 86_400_000

/** Whole days from `from` to `to`, both 'YYYY-MM-DD' (UTC calendar days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY)
}

export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The spec's derivations: duration = TotalDays minus the days elapsed since
 * licensebeginning (negative once expired), durationTotal = TotalDays, status 'active' as
 * active-client.ts defines it (licence running and a channel's bot on), else 'inactive'; for Package None: licenseKey 'None', duration 1, durationTotal 1,
 * status false. A package without an active licence (set by an admin) has licenseKey
 * 'None', duration 0, durationTotal 0.
 */
export function deriveLicence(
  pkg: string,
  licence: UserView['licence'],
  botOn: boolean,
  today: string,
): Pick<UserView, 'licenseKey' | 'duration' | 'durationTotal' | 'status'> {
  if (pkg === 'None') return { licenseKey: 'None', duration: 1, durationTotal: 1, status: false }
  if (!licence) return { licenseKey: 'None', duration: 0, durationTotal: 0, status: 'inactive' }
  const elapsed = licence.licensebeginning ? daysBetween(licence.licensebeginning, today) : 0
  const duration = licence.totalDays - elapsed
  const status = isActiveAccount(licence.licensebeginning ? duration : null, botOn) ? 'active' : 'inactive'
  return { licenseKey: licence.licensekey, duration, durationTotal: licence.totalDays, status }
}
