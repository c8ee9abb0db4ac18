/** The feature list (client/src/app/features.ts): every feature plugs in, and what it declares exists. */
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FEATURES } from '../../../client/src/app/features'
import { ROUTES, pathFor } from '../../../client/src/app/route-table'
import { PATHS } from '../../../client/src/lib/paths'

const featuresDir = fileURLToPath(new URL('../../../client/src/features/', import.meta.url))

describe('the client feature list', () => {
  it('names each feature by its folder, once', () => {
    const ids = FEATURES.map((feature) => feature.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(existsSync(`${featuresDir}${id}/feature.ts`), id).toBe(true)
  })

  it('lists every feature folder that has a feature.ts', () => {
    const withFeatureFile = readdirSync(featuresDir).filter((name) => existsSync(`${featuresDir}${name}/feature.ts`))
    expect(FEATURES.map((feature) => feature.id).sort()).toEqual(withFeatureFile.sort())
  })

  it('gives every route a page file of its feature, and every route name once', () => {
    for (const route of ROUTES) expect(existsSync(`${featuresDir}${route.feature}/pages/${route.page.split('/')[1]}.tsx`), route.name).toBe(true)
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length)
  })

  it('gives locales only to features that have their four files', () => {
    for (const feature of FEATURES.filter((f) => f.locales)) {
      for (const language of Object.keys(feature.locales!))
        expect(existsSync(`${featuresDir}${feature.id}/locales/${language}.json`), `${feature.id} ${language}`).toBe(true)
    }
  })

  it('menu entries and page views name routes of the table', () => {
    const names = new Set(ROUTES.map((route) => route.name))
    for (const feature of FEATURES) {
      for (const entry of feature.menu ?? []) expect(names.has(entry.route), entry.route).toBe(true)
      for (const name of (feature.pageViews ?? []).flat()) expect(names.has(name), name).toBe(true)
    }
  })

  it('keeps the shared paths (lib/paths.ts) in step with the route table', () => {
    expect(PATHS.dashboard).toBe(pathFor('Dashboard'))
    expect(PATHS.resellerDashboard).toBe(pathFor('Reseller-ViewerDashboard'))
    expect(PATHS.login).toBe(pathFor('auth-login'))
    expect(PATHS.register).toBe(pathFor('auth-register'))
    expect(PATHS.forgotPassword).toBe(pathFor('auth-forgot-password'))
    expect(PATHS.error404).toBe(pathFor('error-404'))
    expect(PATHS.notAuthorized).toBe(pathFor('misc-not-authorized'))
    expect(PATHS.accountSettings('a b')).toBe(pathFor('pages-account-setting', { id: 'a b' }))
    expect(PATHS.invoicePreview('7')).toBe(pathFor('apps-invoice-preview', { id: '7' }))
  })
})
