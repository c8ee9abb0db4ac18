import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import {
  checkLocale,
  checkQuery,
  checkSlug,
  type helpEntryKinds,
  type FaqCategory,
  type FaqQuestion,
  type HelpEditor,
  type HelpEditorEntry,
  type HelpText,
  type KbArticle,
  type KbArticleLink,
  type KbCategory,
} from './help.service'
import { helpLocaleValues } from './help.tables'

export const HelpLocaleEnum = builder.enumType('HelpLocale', { values: helpLocaleValues, description: 'A help-centre language; English is the fallback.' })
const HelpEntryKindEnum = builder.enumType('HelpEntryKind', {
  description: 'What a help-centre entry is.',
  values: {
    faqCategory: { description: 'A FAQ category (title, subtitle, icon).' },
    faqQuestion: { description: 'A FAQ question and its answer, in a category.' },
    kbCategory: { description: 'A knowledge-base category (title, description, icon, picture).' },
    kbArticle: { description: 'A knowledge-base article (Markdown), in a category.' },
  } satisfies Record<(typeof helpEntryKinds)[number], { description: string }>,
})
const MoveDirectionEnum = builder.enumType('MoveDirection', {
  description: 'Where to move an entry among its siblings.',
  values: { up: { description: 'One place earlier.' }, down: { description: 'One place later.' } } as const,
})

const FaqQuestionRef = builder.objectRef<FaqQuestion>('FaqQuestion').implement({
  extensions: guardedByParent,
  description: 'A FAQ question in one language.',
  fields: (t) => ({
    id: t.id({ description: 'The question id.', resolve: (q) => String(q.id) }),
    question: t.exposeString('question', { description: 'The question (plain text).' }),
    answer: t.exposeString('answer', { description: 'The answer (plain text).' }),
  }),
})

const FaqCategoryRef = builder.objectRef<FaqCategory>('FaqCategory').implement({
  extensions: guardedByParent,
  description: 'A FAQ category in one language (GET /faq/data: the key, with icon, title, subtitle and qandA).',
  fields: (t) => ({
    id: t.id({ description: 'The category id.', resolve: (c) => String(c.id) }),
    key: t.exposeString('key', { description: 'Its stable name: lowercase letters, digits and dashes, e.g. `getting-started`.' }),
    icon: t.exposeString('icon', { description: 'An icon name, e.g. `help`.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    subtitle: t.exposeString('subtitle', { description: 'Its subtitle (may be empty).' }),
    questions: t.field({ type: [FaqQuestionRef], description: 'Its questions, in order.', resolve: (c) => c.questions }),
  }),
})

const KbArticleLinkRef = builder.objectRef<KbArticleLink>('KbArticleLink').implement({
  extensions: guardedByParent,
  description: 'A link to a knowledge-base article.',
  fields: (t) => ({
    id: t.id({ description: 'The article id.', resolve: (a) => String(a.id) }),
    slug: t.exposeString('slug', { description: 'Its slug, e.g. `add-a-timer`.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
  }),
})

const KbCategoryRef = builder.objectRef<KbCategory>('KbCategory').implement({
  extensions: guardedByParent,
  description: 'A knowledge-base category in one language, with its articles.',
  fields: (t) => ({
    id: t.id({ description: 'The category id.', resolve: (c) => String(c.id) }),
    slug: t.exposeString('slug', { description: 'Its slug, e.g. `commands`.' }),
    icon: t.exposeString('icon', { description: 'An icon name, e.g. `book`.' }),
    iconColor: t.exposeString('iconColor', { description: 'text-primary, text-success, text-info, text-warning or text-danger.' }),
    img: t.exposeString('img', { nullable: true, description: 'An https URL or a site path of its picture; null: none.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    description: t.exposeString('description', { description: 'Its description (may be empty).' }),
    articles: t.field({ type: [KbArticleLinkRef], description: 'Its articles, in order.', resolve: (c) => c.articles }),
  }),
})

const KbCategoryNameRef = builder.objectRef<KbArticle['category']>('KbCategoryName').implement({
  extensions: guardedByParent,
  description: 'The category an article is in.',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'The category slug.' }),
    title: t.exposeString('title', { description: 'The category title.' }),
  }),
})

const KbArticleRef = builder.objectRef<KbArticle>('KbArticle').implement({
  extensions: guardedByParent,
  description: 'A knowledge-base article in one language.',
  fields: (t) => ({
    id: t.id({ description: 'The article id.', resolve: (a) => String(a.id) }),
    slug: t.exposeString('slug', { description: 'Its slug, e.g. `add-a-timer`.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    html: t.exposeString('html', { description: 'The body rendered to HTML; every character the author typed is escaped.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last saved.' }),
    category: t.field({ type: KbCategoryNameRef, description: 'Its category.', resolve: (a) => a.category }),
    related: t.field({ type: [KbArticleLinkRef], description: 'Up to five other articles of the category.', resolve: (a) => a.related }),
  }),
})

const HelpTextRef = builder.objectRef<HelpText>('HelpText').implement({
  extensions: guardedByParent,
  description: 'One language of a help entry: title (question, heading) and body (answer, subtitle, description, Markdown article).',
  fields: (t) => ({
    locale: t.field({ type: HelpLocaleEnum, description: 'The language.', resolve: (x) => x.locale }),
    title: t.exposeString('title', { description: 'Question, title or heading.' }),
    body: t.exposeString('body', { description: 'Answer, subtitle, description or Markdown article (may be empty).' }),
  }),
})

const HelpEditorEntryRef = builder.objectRef<HelpEditorEntry>('HelpEditorEntry')
HelpEditorEntryRef.implement({
  extensions: guardedByParent,
  description:
    "A help entry with every translation, for the admins' editor. Its id is entryId, unique within its kind only (so that a client cache does not merge a FAQ category with a knowledge-base category of the same number).",
  fields: (t) => ({
    entryId: t.id({ description: 'The entry id within its kind.', resolve: (e) => String(e.id) }),
    kind: t.field({ type: HelpEntryKindEnum, description: 'What it is.', resolve: (e) => e.kind }),
    slug: t.exposeString('slug', { nullable: true, description: 'FAQ category key or knowledge-base slug; null for FAQ questions.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'Categories: an icon name; null for questions and articles.' }),
    iconColor: t.exposeString('iconColor', { nullable: true, description: 'Knowledge-base categories: the icon colour class; null otherwise.' }),
    img: t.exposeString('img', { nullable: true, description: 'Knowledge-base categories: picture URL or path; null otherwise or none.' }),
    position: t.exposeInt('position', { description: 'Its place among its siblings, lowest first.' }),
    translations: t.field({ type: [HelpTextRef], description: 'Every language it is written in (English always).', resolve: (e) => e.translations }),
    children: t.field({ type: [HelpEditorEntryRef], description: 'Categories: their questions or articles; empty otherwise.', resolve: (e) => e.children }),
  }),
})

const HelpEditorRef = builder.objectRef<HelpEditor>('HelpEditor').implement({
  extensions: guardedByParent,
  description: 'The whole help centre for the admins’ editor.',
  fields: (t) => ({
    faq: t.field({ type: [HelpEditorEntryRef], description: 'FAQ categories with their questions, in order.', resolve: (e) => e.faq }),
    knowledgeBase: t.field({
      type: [HelpEditorEntryRef],
      description: 'Knowledge-base categories with their articles, in order.',
      resolve: (e) => e.knowledgeBase,
    }),
  }),
})

const HelpTextInput = builder.inputType('HelpTextInput', {
  description: 'One language of an entry (each language at most once).',
  fields: (t) => ({
    locale: t.field({ type: HelpLocaleEnum, required: true, description: 'The language.' }),
    title: t.string({ required: true, description: 'Question, title or heading (required, length limited per kind).' }),
    body: t.string({ required: true, description: 'Answer, subtitle, description or Markdown article (may be empty).' }),
  }),
})

const HelpEntryInput = builder.inputType('HelpEntryInput', {
  description:
    'An entry and ALL its translations (English required; a language left out is removed). faqCategory: key, icon. faqQuestion: categoryId. kbCategory: slug, icon, iconColor, img. kbArticle: categoryId, slug (body in Markdown).',
  fields: (t) => ({
    key: t.string({ description: 'faqCategory: 1 to 80 lowercase letters, digits and single dashes.' }),
    slug: t.string({ description: 'kbCategory, kbArticle: 1 to 80 lowercase letters, digits and single dashes.' }),
    icon: t.string({ description: 'Categories: an icon name (lowercase letters, digits, dashes; default help or book).' }),
    iconColor: t.string({ description: 'kbCategory: text-primary (default), text-success, text-info, text-warning or text-danger.' }),
    img: t.string({ description: 'kbCategory: an https URL or a site path, at most 300 characters.' }),
    categoryId: t.id({ description: 'faqQuestion, kbArticle: the category it belongs to.' }),
    translations: t.field({ type: [HelpTextInput], required: true, description: 'Every language; English required.' }),
  }),
})

builder.queryFields((t) => ({
  // The help centre: read by any signed-in user (its pages are app pages); edited by admins.
  faq: t.field({
    authScopes: { signedIn: true },
    type: [FaqCategoryRef],
    description: 'The FAQ in a language (missing translations in English); with q only matching questions (question or answer, any case).',
    args: {
      locale: t.arg({ type: HelpLocaleEnum, description: 'The language; omitted: English.' }),
      q: t.arg.string({ description: 'Search text; omitted: every question.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.help.faq(checkLocale(args.locale), checkQuery(args.q)),
  }),
  knowledgeBase: t.field({
    authScopes: { signedIn: true },
    type: [KbCategoryRef],
    description: 'The knowledge base in a language; with q only matching articles (title or body, any case) and their categories.',
    args: {
      locale: t.arg({ type: HelpLocaleEnum, description: 'The language; omitted: English.' }),
      q: t.arg.string({ description: 'Search text; omitted: everything.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.help.knowledgeBase(checkLocale(args.locale), { q: checkQuery(args.q) }),
  }),
  kbCategory: t.field({
    authScopes: { signedIn: true },
    type: KbCategoryRef,
    nullable: true,
    description: 'One knowledge-base category by slug; null if none.',
    args: {
      slug: t.arg.string({ required: true, description: 'The category slug, e.g. `commands`.' }),
      locale: t.arg({ type: HelpLocaleEnum, description: 'The language; omitted: English.' }),
    },
    resolve: async (_root, args, ctx) => (await ctx.services.help.kbCategory(checkLocale(args.locale), checkSlug(args.slug))) ?? null,
  }),
  kbArticle: t.field({
    authScopes: { signedIn: true },
    type: KbArticleRef,
    nullable: true,
    description: 'One knowledge-base article by slug; null if none.',
    args: {
      slug: t.arg.string({ required: true, description: 'The article slug, e.g. `add-a-timer`.' }),
      locale: t.arg({ type: HelpLocaleEnum, description: 'The language; omitted: English.' }),
    },
    resolve: async (_root, args, ctx) => (await ctx.services.help.kbArticle(checkLocale(args.locale), checkSlug(args.slug))) ?? null,
  }),
  helpEditor: t.withAuth({ can: ['manage', 'Help'] }).field({
    type: HelpEditorRef,
    description: 'Admins: every FAQ and knowledge-base entry with all its translations.',
    resolve: (_root, _args, ctx) => ctx.services.help.editor(ctx.principal),
  }),
}))

/**
 * The GraphQL input as the service's plain object: the fields given, the category id as a
 * number. Fields that do not belong to the kind are refused by the service's strict shapes.
 */
function plainInput(input: typeof HelpEntryInput.$inferInput): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null))
  if (input.categoryId !== undefined && input.categoryId !== null) out.categoryId = toId(input.categoryId, 'categoryId')
  return out
}

builder.mutationFields((t) => ({
  saveHelpEntry: t.withAuth({ can: ['manage', 'Help'] }).field({
    type: 'ID',
    description: 'Admins: creates (no id) or updates (id) a FAQ or knowledge-base entry with all its translations; audited. Returns its id.',
    args: {
      kind: t.arg({ type: HelpEntryKindEnum, required: true, description: 'What the entry is.' }),
      id: t.arg.id({ description: 'The entry to update; omitted: a new entry (placed last).' }),
      input: t.arg({ type: HelpEntryInput, required: true, description: 'The entry and all its translations.' }),
    },
    resolve: async (_root, { kind, id, input }, ctx) =>
      String(await ctx.services.help.save(ctx.principal, kind, id === null || id === undefined ? null : toId(id), plainInput(input))),
  }),
  deleteHelpEntry: t.withAuth({ can: ['manage', 'Help'] }).boolean({
    description: 'Admins: deletes an entry (a category with everything in it); audited.',
    args: {
      kind: t.arg({ type: HelpEntryKindEnum, required: true, description: 'What the entry is.' }),
      id: t.arg.id({ required: true, description: 'The entry id.' }),
    },
    resolve: (_root, { kind, id }, ctx) => ctx.services.help.remove(ctx.principal, kind, toId(id)),
  }),
  moveHelpEntry: t.withAuth({ can: ['manage', 'Help'] }).boolean({
    description: 'Admins: moves an entry one place up or down among its siblings; audited.',
    args: {
      kind: t.arg({ type: HelpEntryKindEnum, required: true, description: 'What the entry is.' }),
      id: t.arg.id({ required: true, description: 'The entry id.' }),
      direction: t.arg({ type: MoveDirectionEnum, required: true, description: 'Up or down.' }),
    },
    resolve: (_root, { kind, id, direction }, ctx) => ctx.services.help.move(ctx.principal, kind, toId(id), direction),
  }),
}))
