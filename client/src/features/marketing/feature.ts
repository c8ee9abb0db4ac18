import { defineFeature, publicPage, route } from '../../lib/feature'

export const marketingRoutes = [
  route('unsubscribe-mail', '/pages/unsubscribemail', 'unsubscribeMail', 'unsubscribe-page', publicPage),
  route('misc-unsubscribe-mail', '/pages/miscellaneous/unsubscribemail', 'unsubscribeMail', 'unsubscribe-page', publicPage),
  route('track-marketing', '/pages/trackMarketing', 'trackMarketing', 'track-marketing-page', publicPage),
  route('redirect-to-page', '/pages/redirectToPage', 'redirectToPage', 'redirect-page', publicPage),
]

export const marketingFeature = defineFeature({
  id: 'marketing',
  routes: marketingRoutes,
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
