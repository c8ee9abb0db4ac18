import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** The help centre's languages; English is the fallback and must always exist. */
export const helpLocales = ['en', 'de', 'fr', 'pt'] as const
export type HelpLocale = (typeof helpLocales)[number]
/** What each language code means, for the GraphQL enums of help and plan texts. */
export const helpLocaleValues = {
  en: { description: 'English (the fallback of every text).' },
  de: { description: 'German.' },
  fr: { description: 'French.' },
  pt: { description: 'Portuguese.' },
} as const satisfies Record<HelpLocale, { description: string }>

const LOCALE_CHECK = sql.raw(`"locale" in ('en','de','fr','pt')`)

/** FAQ categories (GET /faq/data keys): a stable key, an icon name and a position. */
export const faqCategories = pgTable(
  'help_faq_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    icon: text('icon').notNull().default('help'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_faq_categories_key').on(t.key), index('help_faq_categories_position_idx').on(t.position, t.id)],
)

/** A FAQ category's title and subtitle per locale. */
export const faqCategoryTexts = pgTable(
  'help_faq_category_texts',
  {
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: helpLocales }).notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), check('help_faq_category_texts_locale', LOCALE_CHECK)],
)

export const faqQuestions = pgTable(
  'help_faq_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_faq_questions_category_idx').on(t.categoryId, t.position, t.id)],
)

/**
 * A FAQ question and its answer per locale. The search runs over lower(question || answer)
 * with a trigram GIN index (as the user list's search), per locale.
 */
export const faqQuestionTexts = pgTable(
  'help_faq_question_texts',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => faqQuestions.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: helpLocales }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.locale] }),
    index('help_faq_question_texts_trgm_idx').using('gin', sql`lower(${t.question} || ' ' || ${t.answer}) gin_trgm_ops`),
    check('help_faq_question_texts_locale', LOCALE_CHECK),
  ],
)

/** Knowledge-base categories (the home page's cards). */
export const kbCategories = pgTable(
  'help_kb_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    icon: text('icon').notNull().default('book'),
    iconColor: text('icon_color').notNull().default('text-primary'),
    img: text('img'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_kb_categories_slug').on(t.slug), index('help_kb_categories_position_idx').on(t.position, t.id)],
)

export const kbCategoryTexts = pgTable(
  'help_kb_category_texts',
  {
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => kbCategories.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: helpLocales }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), check('help_kb_category_texts_locale', LOCALE_CHECK)],
)

/** Knowledge-base articles ("questions" in the spec's shapes), addressed by a unique slug. */
export const kbArticles = pgTable(
  'help_kb_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => kbCategories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_kb_articles_slug').on(t.slug), index('help_kb_articles_category_idx').on(t.categoryId, t.position, t.id)],
)

/** An article's title and body (a small Markdown subset, rendered escaped) per locale. */
export const kbArticleTexts = pgTable(
  'help_kb_article_texts',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: helpLocales }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale] }),
    index('help_kb_article_texts_trgm_idx').using('gin', sql`lower(${t.title} || ' ' || ${t.body}) gin_trgm_ops`),
    check('help_kb_article_texts_locale', LOCALE_CHECK),
  ],
)
