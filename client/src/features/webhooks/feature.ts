import { appPage, defineFeature, route } from '../../lib/feature'

export const webhooksRoutes = [route('webhooks', '/pages/webhooks', 'webhooks', 'webhooks-page', appPage)]

/** Outgoing webhooks of a channel: endpoints, their secret and events, the delivery log. */
export const webhooksFeature = defineFeature({
  id: 'webhooks',
  routes: webhooksRoutes,
  menu: [{ section: 'channel', order: 90, route: 'webhooks', icon: 'zap' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
