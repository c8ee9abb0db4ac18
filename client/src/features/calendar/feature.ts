import { appPage, defineFeature, route } from '../../lib/feature'

export const calendarRoutes = [route('apps-calendar', '/apps/calendar', 'calendar', 'calendar-page', appPage)]

export const calendarFeature = defineFeature({
  id: 'calendar',
  routes: calendarRoutes,
  menu: [{ section: 'support', order: 40, route: 'apps-calendar', icon: 'calendar' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
