import { appPage, defineFeature, route } from '../../lib/feature'

export const followersRoutes = [route('follower-panel', '/pages/follower', 'follower', 'follower-panel-page', appPage)]

export const followersFeature = defineFeature({
  id: 'followers',
  routes: followersRoutes,
  menu: [{ section: 'channel', order: 20, route: 'follower-panel', icon: 'users', module: 'followers' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
