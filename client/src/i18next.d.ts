import 'i18next'
import type en from './locales/en/translation.json'
import type accounts from './features/accounts/locales/en.json'
import type pricing from './features/pricing/locales/en.json'
import type videos from './features/videos/locales/en.json'
import type marketing from './features/marketing/locales/en.json'
import type assistant from './features/assistant/locales/en.json'
import type followers from './features/followers/locales/en.json'
import type team from './features/team/locales/en.json'
import type developers from './features/developers/locales/en.json'
import type analytics from './features/analytics/locales/en.json'
import type sandbox from './features/sandbox/locales/en.json'
import type raids from './features/raids/locales/en.json'
import type alerts from './features/alerts/locales/en.json'
import type feedback from './features/feedback/locales/en.json'
import type help from './features/help/locales/en.json'
import type blog from './features/blog/locales/en.json'
import type mailbox from './features/mailbox/locales/en.json'
import type conversation from './features/conversation/locales/en.json'
import type moderation from './features/moderation/locales/en.json'
import type quotes from './features/quotes/locales/en.json'
import type giveaways from './features/giveaways/locales/en.json'
import type supportChat from './features/support-chat/locales/en.json'
import type todo from './features/todo/locales/en.json'
import type calendar from './features/calendar/locales/en.json'
import type shop from './features/shop/locales/en.json'
import type invoices from './features/invoices/locales/en.json'
import type statistics from './features/statistics/locales/en.json'
import type webhooks from './features/webhooks/locales/en.json'
import type dataTables from './features/data-tables/locales/en.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // One entry per feature namespace (client/src/features/<feature>/locales/en.json).
    resources: {
      translation: typeof en
      'data-tables': typeof dataTables
      assistant: typeof assistant
      raids: typeof raids
      alerts: typeof alerts
      feedback: typeof feedback
      conversation: typeof conversation
      moderation: typeof moderation
      quotes: typeof quotes
      giveaways: typeof giveaways
      accounts: typeof accounts
      pricing: typeof pricing
      videos: typeof videos
      marketing: typeof marketing
      followers: typeof followers
      team: typeof team
      developers: typeof developers
      analytics: typeof analytics
      sandbox: typeof sandbox
      help: typeof help
      blog: typeof blog
      'support-chat': typeof supportChat
      todo: typeof todo
      calendar: typeof calendar
      shop: typeof shop
      invoices: typeof invoices
      mailbox: typeof mailbox
      statistics: typeof statistics
      webhooks: typeof webhooks
    }
    returnNull: false
  }
}
