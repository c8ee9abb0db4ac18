import { appPage, defineFeature, publicPage, route } from '../../lib/feature'

export const teamRoutes = [
  route('channel-team', '/apps/team', 'team', 'team-page', appPage),
  route('channel-audit', '/apps/team/log', 'channelAudit', 'channel-audit-page', appPage),
  // Opened from the invitation mail, signed in or not (a new address registers first).
  route('team-invitation', '/team/invitation', 'teamInvitation', 'team-invitation-page', publicPage),
]

export const teamFeature = defineFeature({
  id: 'team',
  routes: teamRoutes,
  menu: [
    { section: 'channel', order: 80, route: 'channel-team', icon: 'users' },
    { section: 'channel', order: 90, route: 'channel-audit', icon: 'list' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
