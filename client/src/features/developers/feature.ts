import { appPage, defineFeature, route } from '../../lib/feature'

export const DEVELOPERS_PATH = '/developers'
export const API_REFERENCE_PATH = '/developers/api'

export const developersRoutes = [
  route('developers', DEVELOPERS_PATH, 'developers', 'developers-page', appPage),
  // Swagger UI over /openapi.json, in its own chunk (this page only).
  route('developers-api', API_REFERENCE_PATH, 'developersApi', 'api-reference-page', appPage),
]

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
