import { appPage, defineFeature, route } from '../../lib/feature'

/** Giveaways of a channel: opened on the dashboard, entered in chat (!join or any line), drawn on the server, with their history. */
export const giveawaysFeature = defineFeature({
  id: 'giveaways',
  routes: [route('giveaways', '/pages/giveaways', 'giveaways', 'giveaways-page', appPage)],
  menu: [{ section: 'bot', order: 47, route: 'giveaways', icon: 'zap' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
