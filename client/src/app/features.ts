/**
 * The client's features: each brings its routes, menu entries (placed by section and order), page views and
 * translations (features/<name>/feature.ts). Adding a feature is one line here; the route table,
 * the pages, the menu and the i18next namespaces are composed from this list.
 */
import type { ClientFeature, LocaleLoaders } from '../lib/feature'
import { miscFeature } from '../features/misc/feature'
import { authFeature } from '../features/auth/feature'
import { accountsFeature } from '../features/accounts/feature'
import { marketingFeature } from '../features/marketing/feature'
import { mailboxFeature } from '../features/mailbox/feature'
import { helpFeature } from '../features/help/feature'
import { blogFeature } from '../features/blog/feature'
import { pricingFeature } from '../features/pricing/feature'
import { assistantFeature } from '../features/assistant/feature'
import { feedbackFeature } from '../features/feedback/feature'
import { analyticsFeature } from '../features/analytics/feature'
import { videosFeature } from '../features/videos/feature'
import { followersFeature } from '../features/followers/feature'
import { raidsFeature } from '../features/raids/feature'
import { conversationFeature } from '../features/conversation/feature'
import { moderationFeature } from '../features/moderation/feature'
import { quotesFeature } from '../features/quotes/feature'
import { giveawaysFeature } from '../features/giveaways/feature'
import { alertsFeature } from '../features/alerts/feature'
import { supportChatFeature } from '../features/support-chat/feature'
import { todoFeature } from '../features/todo/feature'
import { calendarFeature } from '../features/calendar/feature'
import { shopFeature } from '../features/shop/feature'
import { invoicesFeature } from '../features/invoices/feature'
import { dataTablesFeature } from '../features/data-tables/feature'
import { sandboxFeature } from '../features/sandbox/feature'
import { statisticsFeature } from '../features/statistics/feature'
import { teamFeature } from '../features/team/feature'
import { webhooksFeature } from '../features/webhooks/feature'
import { developersFeature } from '../features/developers/feature'

export const FEATURES: readonly ClientFeature[] = [
  miscFeature,
  authFeature,
  accountsFeature,
  marketingFeature,
  mailboxFeature,
  helpFeature,
  blogFeature,
  pricingFeature,
  assistantFeature,
  feedbackFeature,
  analyticsFeature,
  videosFeature,
  followersFeature,
  raidsFeature,
  conversationFeature,
  moderationFeature,
  quotesFeature,
  giveawaysFeature,
  alertsFeature,
  supportChatFeature,
  todoFeature,
  calendarFeature,
  shopFeature,
  invoicesFeature,
  dataTablesFeature,
  sandboxFeature,
  statisticsFeature,
  teamFeature,
  webhooksFeature,
  developersFeature,
]

/** Each feature's i18next namespace (its id) and the loaders of its strings, for lib/i18n.ts. */
export function featureLocales(): Record<string, LocaleLoaders> {
  return Object.fromEntries(FEATURES.flatMap((feature) => (feature.locales ? [[feature.id, feature.locales] as const] : [])))
}
