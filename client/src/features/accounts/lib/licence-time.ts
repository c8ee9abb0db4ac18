/**
 * Remaining duration (spec section 3): duration = TotalDays minus the days elapsed since
 * licensebeginning, negative once expired; only an active key is running. The server
 * computes daysLeft; this turns it into what the UI says.
 */
export type Remaining =
  | { kind: 'notStarted'; totalDays: number }
  | { kind: 'running'; daysLeft: number; totalDays: number; percent: number }
  | { kind: 'expired'; daysAgo: number; totalDays: number }
  | { kind: 'ended' }

export function remainingOf(licence: { status: string; daysLeft: number | null; totalDays: number }): Remaining {
  const { status, daysLeft, totalDays } = licence
  if (status === 'available' || status === 'assigned') return { kind: 'notStarted', totalDays }
  if (status !== 'active' || daysLeft === null) return { kind: 'ended' }
  if (daysLeft < 0) return { kind: 'expired', daysAgo: -daysLeft, totalDays }
  const percent = totalDays > 0 ? Math.max(0, Math.min(100, Math.round((daysLeft / totalDays) * 100))) : 0
  return { kind: 'running', daysLeft, totalDays, percent }
}

/** A user list row's licence (User.duration / durationTotal; Package None reads 1 / 1 and has no key). */
export function userRemaining(user: { currentPlan: string; licenseKey: string; duration: number; durationTotal: number }): Remaining {
  if (user.currentPlan === 'None' || user.licenseKey === 'None') return { kind: 'ended' }
  return remainingOf({ status: 'active', daysLeft: user.duration, totalDays: user.durationTotal })
}
