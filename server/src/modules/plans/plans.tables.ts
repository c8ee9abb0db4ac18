import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'

export const pricingPlatforms = ['all', 'twitch', 'kick'] as const
export type PricingPlatform = (typeof pricingPlatforms)[number]

/** The pricing page's Q and A (`qandA: [{question, ans}]`), per platform page or for both. */
export const pricingQuestions = pgTable(
  'pricing_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform', { enum: pricingPlatforms }).notNull().default('all'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The question and answer in other languages (de, fr, pt); English is the columns above and the fallback. */
    translations: jsonb('translations')
      .$type<Record<string, { question: string; answer: string }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [uniqueIndex('pricing_questions_key').on(t.platform, t.question)],
)
