import { appPage, defineFeature, route } from '../../lib/feature'

export const videosRoutes = [
  route('video-dashboard', '/followerfabrik/videodashboard', 'videoDashboard', 'video-dashboard-page', appPage),
  route('vod', '/pages/VOD', 'vod', 'vod-page', appPage),
]

export const videosFeature = defineFeature({
  id: 'videos',
  routes: videosRoutes,
  menu: [
    { section: 'channel', order: 30, route: 'vod', icon: 'video', module: 'videos' },
    { section: 'analytics', order: 20, route: 'video-dashboard', icon: 'chart' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
