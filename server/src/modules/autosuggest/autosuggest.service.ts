import { z } from 'zod'
import { AppError } from '../../errors'
import { enforce, type Principal } from '../../permissions/abilities'
import { mountedRule } from '../../permissions/mounted-routes'
import { scopeOf } from '../../permissions/scope'
import type { DataTablesService } from '../data-tables/data-tables.service'
import { helpLocales, type HelpService } from '../help/help.service'
import type { ShopService } from '../shop/shop.service'

/** How many entries a group offers at most. */
export const SUGGESTIONS_PER_GROUP = 8

export interface ContactSuggestion {
  name: string
  email: string
  img: string | null
  time: string
  route: string
}
export interface FaqSuggestion {
  question: string
  /** The FAQ category's title. */
  category: string
  route: string
}
export interface ArticleSuggestion {
  title: string
  /** The knowledge-base category's title. */
  category: string
  route: string
}
export interface ProductSuggestion {
  name: string
  brand: string
  price: number
  img: string | null
  route: string
}

/**
 * The classic navbar-search shape: one entry a group, `key` names the field the list is
 * searched and shown by; every entry has a `route`, the app page that opens it.
 *
 * ```
 * {
 *   contacts: { key: 'name',     data: [{ name, email, img, time, route: '/user/view/<id>' }] },
 *   faq:      { key: 'question', data: [{ question, category, route: '/pages/faq?q=<question>' }] },
 *   articles: { key: 'title',    data: [{ title, category, route: '/pages/knowledge-base/<category>/<slug>' }] },
 *   products: { key: 'name',     data: [{ name, brand, price, img (null for an uploaded one), route: '/apps/e-commerce/product/<id>' }] },
 * }
 * ```
 *
 * - contacts: the accounts in the caller's scope (admins all, resellers their clients, clients
 *   none) whose name, username, e-mail or channel contains `q`;
 * - faq / articles: the help centre's questions and articles whose text contains `q`, in `lang`
 *   (English where a translation is missing), for whoever may read GET /faq/data and /kb/data/*;
 * - products: the shop's products on sale whose name, brand or description contains `q`, for
 *   whoever may read GET /apps/ecommerce/products.
 *
 * At most SUGGESTIONS_PER_GROUP entries a group; every group is empty without `q`. The classic
 * `pages` group is built in the browser from the menu definition and the caller's rules
 * (client/src/app/navigation.ts menuPages): the server does not import client code, and the
 * menu is not copied here.
 */
export interface AutosuggestData {
  contacts: { key: 'name'; data: ContactSuggestion[] }
  faq: { key: 'question'; data: FaqSuggestion[] }
  articles: { key: 'title'; data: ArticleSuggestion[] }
  products: { key: 'name'; data: ProductSuggestion[] }
}

const blank = (v: unknown) => (v === null || v === '' ? undefined : v)
const params = z
  .object({
    q: z.preprocess(blank, z.string().trim().max(100, 'At most 100 characters.').optional()),
    lang: z.preprocess(blank, z.enum(helpLocales, { message: `One of ${helpLocales.join(', ')}.` }).optional()),
  })
  .strict()

/** Whether the caller passes the rule of the REST route the group's data comes from. */
function mayRead(principal: Principal | null, path: string): boolean {
  try {
    enforce(mountedRule('GET', path), principal)
    return true
  } catch {
    return false
  }
}

/**
 * GET /autosuggest/data?q=&lang= (spec §7): the navbar search's data, searched in the database
 * (shape above). Unknown parameters, a `q` over 100 characters or an unknown `lang` are a 400
 * BAD_USER_INPUT naming the field.
 */
export function createAutosuggestService(deps: { dataTables: DataTablesService; help: HelpService; shop: ShopService }) {
  async function data(principal: Principal | null, input: Record<string, unknown>): Promise<AutosuggestData> {
    const parsed = params.safeParse(input)
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues)
        (fields[String(issue.path[0] ?? ('keys' in issue ? issue.keys[0] : undefined) ?? 'input')] ??= []).push(issue.message)
      throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
    }
    const q = parsed.data.q ?? ''
    const locale = parsed.data.lang ?? 'en'
    scopeOf(principal)
    const [accounts, faq, kb, shop] = await Promise.all([
      q ? deps.dataTables.suggestAccounts(principal, q, SUGGESTIONS_PER_GROUP) : [],
      q && mayRead(principal, '/faq/data') ? deps.help.faq(locale, q) : [],
      q && mayRead(principal, '/kb/data/question') ? deps.help.knowledgeBase(locale, { q }) : [],
      q && mayRead(principal, '/apps/ecommerce/products') ? deps.shop.list(principal, { q, perPage: SUGGESTIONS_PER_GROUP }) : { products: [] },
    ])
    return {
      contacts: {
        key: 'name',
        data: accounts.map((a) => ({ name: a.fullName, email: a.email, img: a.avatar, time: a.startDate, route: `/user/view/${a.id}` })),
      },
      faq: {
        key: 'question',
        data: faq
          .flatMap((c) => c.questions.map((x) => ({ question: x.question, category: c.title, route: `/pages/faq?q=${encodeURIComponent(x.question)}` })))
          .slice(0, SUGGESTIONS_PER_GROUP),
      },
      articles: {
        key: 'title',
        data: kb
          .flatMap((c) =>
            c.articles.map((a) => ({
              title: a.title,
              category: c.title,
              route: `/pages/knowledge-base/${encodeURIComponent(c.slug)}/${encodeURIComponent(a.slug)}`,
            })),
          )
          .slice(0, SUGGESTIONS_PER_GROUP),
      },
      products: {
        key: 'name',
        data: shop.products.map((p) => ({
          name: p.name,
          brand: p.brand,
          price: p.price,
          img: p.image?.startsWith('data:') ? null : p.image,
          route: `/apps/e-commerce/product/${p.id}`,
        })),
      },
    }
  }
  return { data }
}

export type AutosuggestService = ReturnType<typeof createAutosuggestService>
