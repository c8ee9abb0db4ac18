import { ADMIN, adminManage, appPage, defineFeature, route } from '../../lib/feature'

export const pricingRoutes = [
  route('pages-pricing', '/pages/pricing', 'pricing', 'pricing-page', appPage),
  // Plan texts and the pricing Q and A per language (admins).
  route('admin-plans', '/admin/plans', 'plansAdmin', 'plans-admin-page', adminManage),
  route('kick-pricing', '/kick/pricing', 'kickPricing', 'kick-pricing-page', appPage),
]

export const pricingFeature = defineFeature({
  id: 'pricing',
  routes: pricingRoutes,
  menu: [
    { section: 'admin', order: 40, route: 'admin-plans', icon: 'dollar', can: ADMIN },
    { section: 'billing', order: 20, route: 'pages-pricing', icon: 'dollar' },
  ],
  pageViews: [['pages-pricing', 'kick-pricing']],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
