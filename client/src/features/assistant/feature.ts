import { appPage, defineFeature, route } from '../../lib/feature'

export const assistantRoutes = [
  route('Dashboard', '/dashboard/', 'dashboard', 'dashboard-page', appPage, ['assistant', 'moderation']),
  route('bot-panel', '/pages/Panel', 'botPanel', 'bot-panel-page', appPage),
  route('chatlist', '/pages/chatlist', 'chatlist', 'chatlist-page', appPage),
  route('enable-disable', '/pages/enable', 'enableDisable', 'enable-page', appPage),
  route('chatboard', '/pages/chatboard', 'chatboard', 'chatboard-page', appPage),
  route('kick-panel', '/kick/panel', 'kickPanel', 'kick-panel-page', appPage),
]

export const assistantFeature = defineFeature({
  id: 'assistant',
  routes: assistantRoutes,
  menu: [
    { section: 'dashboards', order: 20, route: 'Dashboard', icon: 'home' },
    { section: 'bot', order: 10, route: 'bot-panel', icon: 'bot' },
    { section: 'bot', order: 20, route: 'enable-disable', icon: 'toggle', module: 'switches' },
    { section: 'bot', order: 30, route: 'chatboard', icon: 'chat', module: 'moderation' },
    { section: 'bot', order: 40, route: 'chatlist', icon: 'list' },
  ],
  pageViews: [['bot-panel', 'kick-panel']],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
