import { appPage, defineFeature, route } from '../../lib/feature'

/** Quotes and counters of a channel (the chat bot's !quote and ${counter name}), browsed and edited on the dashboard. */
export const quotesFeature = defineFeature({
  id: 'quotes',
  routes: [route('quotes', '/pages/quotes', 'quotes', 'quotes-page', appPage), route('counters', '/pages/counters', 'counters', 'counters-page', appPage)],
  menu: [
    { section: 'bot', order: 45, route: 'quotes', icon: 'chat' },
    { section: 'bot', order: 46, route: 'counters', icon: 'chart', module: 'commands' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
