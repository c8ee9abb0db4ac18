import { appPage, defineFeature, route } from '../../lib/feature'

export const conversationRoutes = [route('conversation', '/pages/Conversation', 'conversation', 'conversation-page', appPage)]

export const conversationFeature = defineFeature({
  id: 'conversation',
  routes: conversationRoutes,
  menu: [{ section: 'bot', order: 50, route: 'conversation', icon: 'chat', module: 'conversation' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
