import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans, users } from '../../db/schema'

/** null means unlimited (the Custom plan). */
export interface PlanLimits {
  plan: string | null
  channels: number | null
  commands: number | null
  timers: number | null
  /** Raids a channel may start per 24 hours (seeded `raidsPerDay`: "One raid per 24 h"). */
  raidsPerDay: number | null
  /** Conversation-bot answers per calendar month (UTC) for all of the account's channels. */
  conversationAnswersPerMonth: number | null
  /** Team members (with open invitations) a channel may have (issue 31). */
  teamMembers: number | null
}

/** Used only when even the Starter plan is missing from the plans table. */
export const FALLBACK_LIMITS = { channels: 1, commands: 25, timers: 3, raidsPerDay: 1, conversationAnswersPerMonth: 500, teamMembers: 1 } as const

const pick = (limits: Record<string, number | null>, key: keyof typeof FALLBACK_LIMITS): number | null =>
  key in limits ? (limits[key] ?? null) : FALLBACK_LIMITS[key]

/**
 * The limits of the user's plan (users.package = plans.name). A user without a plan (package
 * "None" or unknown) gets the Starter plan's limits — the trial includes every feature —
 * or, when no Starter plan exists, FALLBACK_LIMITS. Commands and timers count per channel.
 */
export async function planLimits(db: Db, userId: number): Promise<PlanLimits> {
  const [row] = await db
    .select({ limits: plans.limits, name: plans.name })
    .from(users)
    .leftJoin(plans, eq(plans.name, users.package))
    .where(eq(users.id, userId))
    .limit(1)
  let limits = row?.limits ?? null
  let name = row?.name ?? null
  if (!limits) {
    const [starter] = await db.select({ limits: plans.limits }).from(plans).where(eq(plans.name, 'Starter')).limit(1)
    limits = starter?.limits ?? { ...FALLBACK_LIMITS }
    name = null
  }
  return {
    plan: name,
    channels: pick(limits, 'channels'),
    commands: pick(limits, 'commands'),
    timers: pick(limits, 'timers'),
    raidsPerDay: pick(limits, 'raidsPerDay'),
    conversationAnswersPerMonth: pick(limits, 'conversationAnswersPerMonth'),
    teamMembers: pick(limits, 'teamMembers'),
  }
}
