import { z } from 'zod'
import { langQuery, notFound, shape, type RouteDoc } from '../../http/route-doc'

const lang = 'A missing translation reads in English.'

export const helpDocs = {
  faq: {
    summary: 'The FAQ',
    description: lang,
    query: langQuery.extend({ q: z.string().optional() }),
    responses: { 200: { description: 'The FAQ by category.', body: shape('Categories by key, each with icon, title, subtitle and qandA.') } },
  },
  knowledgeBase: {
    summary: 'The knowledge base’s categories',
    description: lang,
    query: langQuery.extend({ q: z.string().optional() }),
    responses: {
      200: {
        description: 'The categories.',
        body: z.array(z.object({ id: z.number().int(), category: z.string(), img: z.string().nullable(), title: z.string(), desc: z.string() })),
      },
    },
  },
  category: {
    summary: 'Knowledge-base categories with their questions',
    description: `${lang} Without \`category\`: every category.`,
    query: langQuery.extend({ q: z.string().optional(), category: z.string().optional().meta({ description: 'A category’s slug.' }) }),
    responses: {
      200: {
        description: 'The categories.',
        body: z.array(
          z.object({
            id: z.number().int(),
            title: z.string(),
            icon: z.string(),
            iconColor: z.string(),
            questions: z.array(z.object({ id: z.number().int(), question: z.string(), slug: z.string() })),
          }),
        ),
      },
      404: notFound('Unknown category'),
    },
  },
  question: {
    summary: 'One knowledge-base article',
    description: lang,
    query: langQuery.extend({ slug: z.string(), category: z.string().optional() }),
    responses: {
      200: {
        description: 'The article; `content` is sanitized HTML, `lastUpdated` e.g. "10 Dec 2018" in the language.',
        body: z.object({
          title: z.string(),
          lastUpdated: z.string(),
          relatedQuestions: z.array(z.object({ id: z.number().int(), question: z.string() })),
          content: z.string(),
        }),
      },
      404: notFound('Unknown article'),
    },
  },
} satisfies Record<string, RouteDoc>
