import { appPage, defineFeature, route } from '../../lib/feature'

export const developersRoutes = [route('developers', '/developers', 'developers', 'developers-page', appPage)]

/** /developers: personal access tokens, calling the API (GraphQL, REST, live chat over SSE), the scopes; webhooks (issue 32). */
export const developersFeature = defineFeature({
  id: 'developers',
  routes: developersRoutes,
  menu: [{ section: 'account', order: 30, route: 'developers', icon: 'key' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
