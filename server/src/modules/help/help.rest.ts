import { rule } from '../../permissions/abilities'
import type { Context, Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { checkLocale, checkQuery, checkSlug, localeFromHeader, type HelpLocale } from './help.service'
import { helpDocs } from './help.api-doc'

/** `?lang=` (en, de, fr, pt), else the first supported Accept-Language, else English. */
function localeOf(c: Context<AppEnv>): HelpLocale {
  const lang = c.req.query('lang')
  return lang === undefined ? localeFromHeader(c.req.header('accept-language')) : checkLocale(lang)
}

const optionalSlug = (c: Context<AppEnv>, name: string) => {
  const value = c.req.query(name)
  return value === undefined || value === '' ? undefined : checkSlug(value, name)
}

/** Long dates as the template shows them ("10 Dec 2018"), in the page's language. */
const lastUpdated = (at: Date, locale: HelpLocale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at)

/**
 * The help centre's data in the spec's shapes (signed in, as the /pages/faq page):
 * GET /faq/data?q=, /kb/data/knowledge_base, /kb/data/category?category=, /kb/data/question?slug=.
 * Every one takes `lang`; a missing translation reads in English. An unknown category or
 * article is a 404 with no body.
 */
export function mountHelpRoutes(app: Hono<AppEnv>) {
  // The help centre's data: signed in, as its pages (/pages/faq and the knowledge base are app pages).
  guarded(app, 'GET', '/faq/data', rule.signedIn, helpDocs.faq, async (c) => {
    const locale = localeOf(c)
    return c.json(await c.get('services').help.faqData(locale, checkQuery(c.req.query('q'))))
  })

  guarded(app, 'GET', '/kb/data/knowledge_base', rule.signedIn, helpDocs.knowledgeBase, async (c) => {
    const locale = localeOf(c)
    const categories = await c.get('services').help.knowledgeBase(locale, { q: checkQuery(c.req.query('q')) })
    return c.json(categories.map((k) => ({ id: k.id, category: k.slug, img: k.img, title: k.title, desc: k.description })))
  })

  guarded(app, 'GET', '/kb/data/category', rule.signedIn, helpDocs.category, async (c) => {
    const locale = localeOf(c)
    const q = checkQuery(c.req.query('q'))
    const slug = optionalSlug(c, 'category')
    const help = c.get('services').help
    let categories
    if (slug === undefined) categories = await help.knowledgeBase(locale, { q })
    else {
      const one = await help.kbCategory(locale, slug, q)
      if (!one) return c.body(null, 404)
      categories = [one]
    }
    return c.json(
      categories.map((k) => ({
        id: k.id,
        title: k.title,
        icon: k.icon,
        iconColor: k.iconColor,
        questions: k.articles.map((a) => ({ id: a.id, question: a.title, slug: a.slug })),
      })),
    )
  })

  guarded(app, 'GET', '/kb/data/question', rule.signedIn, helpDocs.question, async (c) => {
    const locale = localeOf(c)
    const slug = checkSlug(c.req.query('slug'))
    const article = await c.get('services').help.kbArticle(locale, slug, optionalSlug(c, 'category'))
    if (!article) return c.body(null, 404)
    return c.json({
      title: article.title,
      lastUpdated: lastUpdated(article.updatedAt, locale),
      relatedQuestions: article.related.map((r) => ({ id: r.id, question: r.title })),
      content: article.html,
    })
  })
}
