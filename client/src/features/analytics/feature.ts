import { appPage, defineFeature, route } from '../../lib/feature'

export const analyticsRoutes = [
  route('follow-dashboard', '/followerfabrik/followdashboard', 'followDashboard', 'follow-dashboard-page', appPage),
  route('kick-dashboard', '/followerfabrik/kickviewerdashboard', 'kickDashboard', 'kick-dashboard-page', appPage),
]

export const analyticsFeature = defineFeature({
  id: 'analytics',
  routes: analyticsRoutes,
  menu: [
    { section: 'analytics', order: 10, route: 'follow-dashboard', icon: 'chart' },
    { section: 'analytics', order: 30, route: 'kick-dashboard', icon: 'chart' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
