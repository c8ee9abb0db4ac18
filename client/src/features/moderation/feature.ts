import { appPage, defineFeature, route } from '../../lib/feature'

export const moderationFeature = defineFeature({
  id: 'moderation',
  routes: [route('moderation', '/pages/Moderation', 'moderation', 'moderation-page', appPage)],
  menu: [{ section: 'bot', order: 60, route: 'moderation', icon: 'shield', module: 'moderation' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
