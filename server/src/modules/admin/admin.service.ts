import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf, type Scope } from '../../permissions/scope'
import type { PlansService } from '../plans/plans.service'

export interface AdminStats {
  usersByRole: Array<{ role: string; count: number }>
  usersByPlan: Array<{ plan: string; count: number }>
  activeBots: number
  licencesExpiringSoon: number
  signupsPerDay: Array<{ day: string; count: number }>
  revenueByPlan: Array<{ plan: string; activeLicences: number; monthlyRevenue: number }>
  monthlyRevenue: number
  /** Bot feedback reports with status open. */
  openFeedbackReports: number
  /**
   * The channel figures per platform (Twitch, Kick; sandbox channels left out): channels
   * connected, the accounts that own one, bots running now, channels live now, and channels
   * connected within the last `days` days.
   */
  byPlatform: PlatformFigures[]
  /** When these figures were computed (they are reused for a few seconds). */
  computedAt: Date
}

export interface PlatformFigures {
  platform: 'twitch' | 'kick'
  channels: number
  owners: number
  runningBots: number
  live: number
  connectedInRange: number
}

const PLATFORMS = ['twitch', 'kick'] as const

const DAY = 86_400_000
const utcDay = (d: Date) => d.toISOString().slice(0, 10)

type Row = Record<string, unknown>
const rowsOf = (r: { rows: unknown[] }) => r.rows as Row[]

/**
 * Channels whose bot the worker reports running (the real bot statuses), sandbox channels
 * included as the client's own page shows them running, limited to the scope: every owner,
 * a reseller's clients, or oneself. The same channels make an account active
 * (users/active-client.ts).
 */
function runningBotsSql(scope: Scope) {
  const owners =
    scope.kind === 'all'
      ? sql``
      : scope.kind === 'reseller'
        ? sql`and c.user_id in (select id from users where reseller_id = ${scope.actorId})`
        : sql`and c.user_id = ${scope.actorId}`
  return sql`select count(*)::int as n from channels c where c.status = 'running' ${owners}`
}

/** The admin dashboards' figures (/admin, /admindashboardv2/, /kick/admindashboard/). */
export function createAdminService(deps: {
  db: Db
  plans: PlansService
  now: () => Date
  cacheMs: number
  /** The open bot feedback reports (the feedback feature counts them). */
  openFeedbackReports: () => Promise<number>
}) {
  const { db, plans, now } = deps
  const cache = new Map<number, { at: number; value: Promise<AdminStats> }>()

  async function compute(days: number): Promise<AdminStats> {
    const at = now()
    const today = utcDay(at)
    const soon = utcDay(new Date(at.getTime() + 7 * DAY))
    const since = utcDay(new Date(at.getTime() - (days - 1) * DAY))
    const [byRole, byPlan, bots, expiring, signups, licencesByPlan, allPlans, openFeedbackReports, platforms] = await Promise.all([
      db.execute(sql`select role, count(*)::int as n from users group by role order by role`),
      db.execute(sql`select package as plan, count(*)::int as n from users group by package order by package`),
      db.execute(runningBotsSql({ kind: 'all', actorId: 0 })),
      db.execute(
        sql`select count(*)::int as n from licences
            where ${sql.raw(`status = 'active'`)} and (licensebeginning + total_days) between ${today}::date and ${soon}::date`,
      ),
      db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from users
            where created_at >= ${`${since}T00:00:00Z`}::timestamptz group by 1 order by 1`,
      ),
      db.execute(
        sql`select plan_id, count(*)::int as n from licences
            where ${sql.raw(`status = 'active'`)} and (licensebeginning + total_days) >= ${today}::date group by plan_id`,
      ),
      plans.list(),
      deps.openFeedbackReports(),
      db.execute(
        sql`select platform, count(*)::int as channels, count(distinct user_id)::int as owners,
                   (count(*) filter (where status = 'running'))::int as running,
                   (count(*) filter (where live))::int as live,
                   (count(*) filter (where connected_at >= ${`${since}T00:00:00Z`}::timestamptz))::int as connected
            from channels where not sandbox group by platform`,
      ),
    ])
    const perPlatform = new Map(rowsOf(platforms).map((r) => [String(r.platform), r]))
    const byPlatform = PLATFORMS.map((platform): PlatformFigures => {
      const r = perPlatform.get(platform)
      return {
        platform,
        channels: Number(r?.channels ?? 0),
        owners: Number(r?.owners ?? 0),
        runningBots: Number(r?.running ?? 0),
        live: Number(r?.live ?? 0),
        connectedInRange: Number(r?.connected ?? 0),
      }
    })
    const perDay = new Map(rowsOf(signups).map((r) => [String(r.day), Number(r.n)]))
    const signupsPerDay = Array.from({ length: days }, (_, i) => {
      const day = utcDay(new Date(Date.parse(`${since}T00:00:00Z`) + i * DAY))
      return { day, count: perDay.get(day) ?? 0 }
    })
    const activeByPlan = new Map(rowsOf(licencesByPlan).map((r) => [Number(r.plan_id), Number(r.n)]))
    const revenueByPlan = allPlans.map((p) => {
      const activeLicences = activeByPlan.get(p.id) ?? 0
      return { plan: p.name, activeLicences, monthlyRevenue: Math.round(activeLicences * (p.monthlyPrice ?? 0) * 100) / 100 }
    })
    return {
      usersByRole: rowsOf(byRole).map((r) => ({ role: String(r.role), count: Number(r.n) })),
      usersByPlan: rowsOf(byPlan).map((r) => ({ plan: String(r.plan), count: Number(r.n) })),
      activeBots: Number(rowsOf(bots)[0]?.n ?? 0),
      licencesExpiringSoon: Number(rowsOf(expiring)[0]?.n ?? 0),
      signupsPerDay,
      revenueByPlan,
      monthlyRevenue: Math.round(revenueByPlan.reduce((s, r) => s + r.monthlyRevenue, 0) * 100) / 100,
      openFeedbackReports,
      byPlatform,
      computedAt: at,
    }
  }

  /** Admins only; `days` (1 to 366) of signups. Reused for a few seconds, like list totals. */
  async function stats(principal: Principal | null, days = 30): Promise<AdminStats> {
    requireAdmin(scopeOf(principal))
    if (!Number.isInteger(days) || days < 1 || days > 366) {
      throw new AppError('BAD_USER_INPUT', 'days must be between 1 and 366', { days: ['Between 1 and 366.'] })
    }
    const t = now().getTime()
    const hit = cache.get(days)
    if (hit && t - hit.at < deps.cacheMs) return hit.value
    const value = compute(days)
    cache.set(days, { at: t, value })
    value.catch(() => cache.delete(days))
    return value
  }

  /** Bots running now on connected channels, in the caller's scope (always read fresh). */
  async function runningBots(principal: Principal | null): Promise<number> {
    const rows = rowsOf(await db.execute(runningBotsSql(scopeOf(principal))))
    return Number(rows[0]?.n ?? 0)
  }

  return { stats, runningBots, clear: () => cache.clear() }
}

export type AdminService = ReturnType<typeof createAdminService>
