import { appPage, defineFeature, route } from '../../lib/feature'

export const raidsRoutes = [route('raid-panel', '/pages/raid', 'raid', 'raid-page', appPage)]

export const raidsFeature = defineFeature({
  id: 'raids',
  routes: raidsRoutes,
  menu: [{ section: 'channel', order: 10, route: 'raid-panel', icon: 'zap', module: 'raids' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
