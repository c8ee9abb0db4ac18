import { appPage, defineFeature, route } from '../../lib/feature'

export const supportChatRoutes = [
  // The template's /apps/* paths (the server gives a browser navigation the app).
  route('apps-chat', '/apps/chat', 'supportChat', 'support-chat-page', appPage),
]

export const supportChatFeature = defineFeature({
  id: 'support-chat',
  routes: supportChatRoutes,
  menu: [{ section: 'support', order: 20, route: 'apps-chat', icon: 'chat' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
