/** Routes the channel pages link to (features/assistant/feature.ts declares them; kept in step by the e2e test). */
export const ASSISTANT_PATHS = {
  dashboard: '/dashboard/',
  panel: '/pages/Panel',
  kickPanel: '/kick/panel',
  enable: '/pages/enable',
  chatlist: '/pages/chatlist',
  chatboard: '/pages/chatboard',
  raid: '/pages/raid',
  licenseDemo: '/pages/license-demo',
} as const

export const withChannel = (path: string, channelId: string) => `${path}?channel=${encodeURIComponent(channelId)}`
