import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema'
import { planSeed, pricingQuestionSeed } from './plans.seed-data'
import { pricingQuestions } from './plans.tables'

/** The plans and the pricing page's questions: product data, present on every deployment (DEMO or not). */
export async function seedPlans(db: Db): Promise<void> {
  for (const plan of planSeed) {
    await db.insert(plans).values(plan).onConflictDoNothing({ target: plans.name })
    // Plans seeded before translations existed get them once (an admin's own stay).
    await db
      .update(plans)
      .set({ translations: plan.translations })
      .where(and(eq(plans.name, plan.name), sql`${plans.translations} = '{}'::jsonb`))
    // Plans seeded before teams existed (issue 31) get their member limit once (an admin's own stays).
    await db
      .update(plans)
      .set({ limits: sql`${plans.limits} || ${JSON.stringify({ teamMembers: plan.limits.teamMembers })}::jsonb` })
      .where(and(eq(plans.name, plan.name), sql`not (${plans.limits} ? 'teamMembers')`))
  }
  await db.insert(pricingQuestions).values(pricingQuestionSeed).onConflictDoNothing()
  for (const q of pricingQuestionSeed) {
    await db
      .update(pricingQuestions)
      .set({ translations: q.translations })
      .where(and(eq(pricingQuestions.platform, q.platform), eq(pricingQuestions.question, q.question), sql`${pricingQuestions.translations} = '{}'::jsonb`))
  }
  // The first seed said the assistant speaks three languages while the dashboard offers four.
  await db
    .update(pricingQuestions)
    .set({ answer: pricingQuestionSeed[0]!.answer })
    .where(
      and(
        eq(pricingQuestions.question, pricingQuestionSeed[0]!.question),
        eq(pricingQuestions.answer, 'English, German and French, in chat and in the dashboard.'),
      ),
    )
}
