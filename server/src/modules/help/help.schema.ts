import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import {
  checkLocale,
  checkQuery,
  checkSlug,
  helpEntryKinds,
  helpLocales,
  type FaqCategory,
  type FaqQuestion,
  type HelpEditor,
  type HelpEditorEntry,
  type HelpText,
  type KbArticle,
  type KbArticleLink,
  type KbCategory,
} from './help.service'

export const HelpLocaleEnum = builder.enumType('HelpLocale', { values: helpLocales, description: 'A help-centre language; English is the fallback.' })
const HelpEntryKindEnum = builder.enumType('HelpEntryKind', { values: helpEntryKinds })
const MoveDirectionEnum = builder.enumType('MoveDirection', { values: ['up', 'down'] as const })

const FaqQuestionRef = builder.objectRef<FaqQuestion>('FaqQuestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (q) => String(q.id) }),
    question: t.exposeString('question'),
    answer: t.exposeString('answer'),
  }),
})

const FaqCategoryRef = builder.objectRef<FaqCategory>('FaqCategory').implement({
  extensions: guardedByParent,
  description: 'A FAQ category in one language (GET /faq/data: the key, with icon, title, subtitle and qandA).',
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    key: t.exposeString('key'),
    icon: t.exposeString('icon'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    questions: t.field({ type: [FaqQuestionRef], resolve: (c) => c.questions }),
  }),
})

const KbArticleLinkRef = builder.objectRef<KbArticleLink>('KbArticleLink').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (a) => String(a.id) }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
  }),
})

const KbCategoryRef = builder.objectRef<KbCategory>('KbCategory').implement({
  extensions: guardedByParent,
  description: 'A knowledge-base category in one language, with its articles.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    slug: t.exposeString('slug'),
    icon: t.exposeString('icon'),
    iconColor: t.exposeString('iconColor'),
    img: t.exposeString('img', { nullable: true }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    articles: t.field({ type: [KbArticleLinkRef], resolve: (c) => c.articles }),
  }),
})

const KbCategoryNameRef = builder.objectRef<KbArticle['category']>('KbCategoryName').implement({
  extensions: guardedByParent,
  fields: (t) => ({ slug: t.exposeString('slug'), title: t.exposeString('title') }),
})

const KbArticleRef = builder.objectRef<KbArticle>('KbArticle').implement({
  extensions: guardedByParent,
  description: 'A knowledge-base article in one language.',
  fields: (t) => ({
    id: t.id({ resolve: (a) => String(a.id) }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    html: t.exposeString('html', { description: 'The body rendered to HTML; every character the author typed is escaped.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    category: t.field({ type: KbCategoryNameRef, resolve: (a) => a.category }),
    related: t.field({ type: [KbArticleLinkRef], description: 'Up to five other articles of the category.', resolve: (a) => a.related }),
  }),
})

const HelpTextRef = builder.objectRef<HelpText>('HelpText').implement({
  extensions: guardedByParent,
  description: 'One language of a help entry: title (question, heading) and body (answer, subtitle, description, Markdown article).',
  fields: (t) => ({ locale: t.field({ type: HelpLocaleEnum, resolve: (x) => x.locale }), title: t.exposeString('title'), body: t.exposeString('body') }),
})

const HelpEditorEntryRef = builder.objectRef<HelpEditorEntry>('HelpEditorEntry')
HelpEditorEntryRef.implement({
  extensions: guardedByParent,
  description:
    "A help entry with every translation, for the admins' editor. Its id is entryId, unique within its kind only (so that a client cache does not merge a FAQ category with a knowledge-base category of the same number).",
  fields: (t) => ({
    entryId: t.id({ resolve: (e) => String(e.id) }),
    kind: t.field({ type: HelpEntryKindEnum, resolve: (e) => e.kind }),
    slug: t.exposeString('slug', { nullable: true, description: 'FAQ category key or knowledge-base slug; null for FAQ questions.' }),
    icon: t.exposeString('icon', { nullable: true }),
    iconColor: t.exposeString('iconColor', { nullable: true }),
    img: t.exposeString('img', { nullable: true }),
    position: t.exposeInt('position'),
    translations: t.field({ type: [HelpTextRef], resolve: (e) => e.translations }),
    children: t.field({ type: [HelpEditorEntryRef], resolve: (e) => e.children }),
  }),
})

const HelpEditorRef = builder.objectRef<HelpEditor>('HelpEditor').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    faq: t.field({ type: [HelpEditorEntryRef], resolve: (e) => e.faq }),
    knowledgeBase: t.field({ type: [HelpEditorEntryRef], resolve: (e) => e.knowledgeBase }),
  }),
})

const HelpTextInput = builder.inputType('HelpTextInput', {
  fields: (t) => ({
    locale: t.field({ type: HelpLocaleEnum, required: true }),
    title: t.string({ required: true }),
    body: t.string({ required: true }),
  }),
})

const HelpEntryInput = builder.inputType('HelpEntryInput', {
  description:
    'An entry and ALL its translations (English required; a language left out is removed). faqCategory: key, icon. faqQuestion: categoryId. kbCategory: slug, icon, iconColor, img. kbArticle: categoryId, slug (body in Markdown).',
  fields: (t) => ({
    key: t.string(),
    slug: t.string(),
    icon: t.string(),
    iconColor: t.string(),
    img: t.string(),
    categoryId: t.id(),
    translations: t.field({ type: [HelpTextInput], required: true }),
  }),
})

builder.queryFields((t) => ({
  // The help centre: read by any signed-in user (its pages are app pages); edited by admins.
  faq: t.field({
    authScopes: { signedIn: true },
    type: [FaqCategoryRef],
    description: 'The FAQ in a language (missing translations in English); with q only matching questions (question or answer, any case).',
    args: { locale: t.arg({ type: HelpLocaleEnum }), q: t.arg.string() },
    resolve: (_root, args, ctx) => ctx.services.help.faq(checkLocale(args.locale), checkQuery(args.q)),
  }),
  knowledgeBase: t.field({
    authScopes: { signedIn: true },
    type: [KbCategoryRef],
    description: 'The knowledge base in a language; with q only matching articles (title or body, any case) and their categories.',
    args: { locale: t.arg({ type: HelpLocaleEnum }), q: t.arg.string() },
    resolve: (_root, args, ctx) => ctx.services.help.knowledgeBase(checkLocale(args.locale), { q: checkQuery(args.q) }),
  }),
  kbCategory: t.field({
    authScopes: { signedIn: true },
    type: KbCategoryRef,
    nullable: true,
    description: 'One knowledge-base category by slug; null if none.',
    args: { slug: t.arg.string({ required: true }), locale: t.arg({ type: HelpLocaleEnum }) },
    resolve: async (_root, args, ctx) => (await ctx.services.help.kbCategory(checkLocale(args.locale), checkSlug(args.slug))) ?? null,
  }),
  kbArticle: t.field({
    authScopes: { signedIn: true },
    type: KbArticleRef,
    nullable: true,
    description: 'One knowledge-base article by slug; null if none.',
    args: { slug: t.arg.string({ required: true }), locale: t.arg({ type: HelpLocaleEnum }) },
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
      kind: t.arg({ type: HelpEntryKindEnum, required: true }),
      id: t.arg.id(),
      input: t.arg({ type: HelpEntryInput, required: true }),
    },
    resolve: async (_root, { kind, id, input }, ctx) =>
      String(await ctx.services.help.save(ctx.principal, kind, id === null || id === undefined ? null : toId(id), plainInput(input))),
  }),
  deleteHelpEntry: t.withAuth({ can: ['manage', 'Help'] }).boolean({
    description: 'Admins: deletes an entry (a category with everything in it); audited.',
    args: { kind: t.arg({ type: HelpEntryKindEnum, required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, { kind, id }, ctx) => ctx.services.help.remove(ctx.principal, kind, toId(id)),
  }),
  moveHelpEntry: t.withAuth({ can: ['manage', 'Help'] }).boolean({
    description: 'Admins: moves an entry one place up or down among its siblings; audited.',
    args: {
      kind: t.arg({ type: HelpEntryKindEnum, required: true }),
      id: t.arg.id({ required: true }),
      direction: t.arg({ type: MoveDirectionEnum, required: true }),
    },
    resolve: (_root, { kind, id, direction }, ctx) => ctx.services.help.move(ctx.principal, kind, toId(id), direction),
  }),
}))
