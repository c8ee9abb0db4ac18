/**
 * What "active" means for an account, the one definition every figure uses (the staff users
 * list and its status filter, a user's page, the admin dashboards): an account is active when
 *
 *   1. its licence runs: it has an active licence whose last day is today or later, and
 *   2. it has a connected channel with its bot switched on (a sandbox channel counts: the bot
 *      really runs there, and the client's own page shows it running).
 *
 * Anything else is inactive: no channel, the bot switched off everywhere, or the licence run
 * out. Accounts without a package stay `false` (the spec's REST shape). The same rule in SQL
 * (the list filter, counts) and in TypeScript (a loaded row), side by side so they cannot drift.
 */
import { type SQL, sql } from 'drizzle-orm'

/** An active licence whose last day (licensebeginning + TotalDays - 1) is `today` or later. */
export const runningLicenceSql = (user: SQL, today: string) =>
  sql`exists (select 1 from licences al where al.user_id = ${user} and al.status = 'active'
      and al.licensebeginning is not null and al.licensebeginning + al.total_days > ${today}::date)`

/** A connected channel (sandbox included) whose bot is switched on. */
export const botOnSql = (user: SQL) => sql`exists (select 1 from channels ac where ac.user_id = ${user} and ac.active)`

/** The account `user` (an id column) is active on `today`. */
export const activeAccountSql = (user: SQL, today: string) => sql`(${runningLicenceSql(user, today)} and ${botOnSql(user)})`

/** The same rule for a loaded row: `daysLeft` of the active licence (null without one), whether a channel's bot is on. */
export function isActiveAccount(daysLeft: number | null, botOn: boolean): boolean {
  return daysLeft !== null && daysLeft > 0 && botOn
}
