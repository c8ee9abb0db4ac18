import { appPage, defineFeature, route } from '../../lib/feature'

export const mailboxRoutes = [route('apps-email', '/apps/email', 'email', 'mailbox-page', appPage)]

export const mailboxFeature = defineFeature({
  id: 'mailbox',
  routes: mailboxRoutes,
  menu: [{ section: 'support', order: 10, route: 'apps-email', icon: 'mail' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
