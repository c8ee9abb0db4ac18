import { describe, expect, it } from 'vitest'
import { navigationFixtures } from './route-fixtures'
import de from '../../../client/src/locales/de/translation.json'
import en from '../../../client/src/locales/en/translation.json'
import { buildAbility } from '../../../client/src/lib/ability'
import { menuPages } from '../../../client/src/app/navigation'
import { routeAccessOf } from '../../../client/src/app/route-guard'
import { foldForSearch, matchPages } from '../../../client/src/app/search-pages'

function token(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

const { clientUser, adminUser, resellerUser } = navigationFixtures
const access = {
  admin: routeAccessOf({ ability: buildAbility(adminUser.ability), accessToken: token({ role: 'admin', admin: true }) }),
  reseller: routeAccessOf({ ability: buildAbility(resellerUser.ability), accessToken: token({ role: 'reseller' }) }),
  client: routeAccessOf({ ability: buildAbility(clientUser.ability), accessToken: token({ role: 'client' }) }),
}
const users = { admin: adminUser, reseller: resellerUser, client: clientUser }

/** A role's menu pages with their titles in a language, as the navbar search builds them. */
function pagesOf(role: keyof typeof access, titles: Record<string, string> = en.routes) {
  return menuPages(access[role], users[role]).map((page) => ({ ...page, title: titles[page.titleKey]! }))
}

describe("the navbar search's pages", () => {
  it('offers staff the accounts tables and their sample views, and a client none of them', () => {
    const tables = ['data-tables', 'data-tables-basic', 'data-tables-row-group', 'data-tables-advanced-search']
    for (const role of ['admin', 'reseller'] as const) {
      const names = matchPages(pagesOf(role), 'accounts', 20).map((p) => p.name)
      for (const name of tables) expect(names, role).toContain(name)
    }
    const client = pagesOf('client')
    expect(client.map((p) => p.name)).not.toContain('user-list')
    expect(
      matchPages(client, 'accounts', 20)
        .map((p) => p.name)
        .filter((name) => tables.includes(name) || name === 'user-list'),
    ).toEqual([])
    // Admin-only pages are not a reseller's.
    expect(pagesOf('reseller').map((p) => p.name)).not.toContain('admin-plans')
    expect(pagesOf('admin').map((p) => p.name)).toContain('admin-plans')
  })

  it('matches every word of the query in the translated title, any case and accents, titles starting with it first', () => {
    const pages = [
      { name: 'a', path: '/a', title: 'Follower panel' },
      { name: 'b', path: '/b', title: 'Plan and follower dashboard' },
      { name: 'c', path: '/c', title: 'Unfollowers' },
      { name: 'd', path: '/d', title: 'Réglages du compte' },
      { name: 'e', path: '/a', title: 'Follower panel again (same path)' },
    ]
    expect(matchPages(pages, 'FOLLOW').map((p) => p.name)).toEqual(['a', 'b', 'c'])
    expect(matchPages(pages, 'dashboard follow').map((p) => p.name)).toEqual(['b'])
    expect(matchPages(pages, '  reglages   COMPTE ').map((p) => p.name)).toEqual(['d'])
    expect(matchPages(pages, 'follow', 2).map((p) => p.name)).toEqual(['a', 'b'])
    expect(matchPages(pages, '')).toEqual([])
    expect(matchPages(pages, '   ')).toEqual([])
    expect(matchPages(pages, 'nothing')).toEqual([])
    expect(foldForSearch('  Ärger  über Ça ')).toBe('arger uber ca')
  })

  it('matches the title in the UI language, not the English one', () => {
    const german = pagesOf('admin', de.routes)
    const english = pagesOf('admin')
    const invoices = english.find((p) => p.name === 'apps-invoice-list')!
    const germanTitle = german.find((p) => p.name === 'apps-invoice-list')!.title
    expect(germanTitle).not.toBe(invoices.title)
    expect(matchPages(german, germanTitle).map((p) => p.name)).toContain('apps-invoice-list')
    expect(matchPages(german, invoices.title).map((p) => p.name)).not.toContain('apps-invoice-list')
  })
})
