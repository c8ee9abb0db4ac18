import { appPage, defineFeature, route } from '../../lib/feature'

export const alertsFeature = defineFeature({
  id: 'alerts',
  routes: [route('alerts', '/pages/alerts', 'alerts', 'alerts-page', appPage)],
  menu: [{ section: 'channel', order: 15, route: 'alerts', icon: 'video' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
