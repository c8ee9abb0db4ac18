/**
 * Every server module, in dependency order: a module's `services` may use the core and what the
 * modules above it provide (the type check below refuses a list in the wrong order). To add a
 * feature: its folder with a `<name>.module.ts`, and one line here. The services
 * (server/src/services.ts), the GraphQL schema (graphql/schema.ts), the REST routes (app.ts),
 * the product data (product-data.ts) and the background duties (server.ts) all come from this
 * list.
 */
import { authModule } from '../auth/auth.module'
import type { Core, InDependencyOrder, ServicesOf } from './module'
import { accessTokensModule } from './access-tokens/access-tokens.module'
import { accountModule } from './account/account.module'
import { adminModule } from './admin/admin.module'
import { analyticsModule } from './analytics/analytics.module'
import { auditModule } from './audit/audit.module'
import { autosuggestModule } from './autosuggest/autosuggest.module'
import { blogModule } from './blog/blog.module'
import { calendarModule } from './calendar/calendar.module'
import { channelsModule } from './channels/channels.module'
import { chatModule } from './chat/chat.module'
import { commandsModule } from './commands/commands.module'
import { conversationModule } from './conversation/conversation.module'
import { moderationModule } from './moderation/moderation.module'
import { quotesModule } from './quotes/quotes.module'
import { giveawaysModule } from './giveaways/giveaways.module'
import { alertsModule } from './alerts/alerts.module'
import { dataTablesModule } from './data-tables/data-tables.module'
import { feedbackModule } from './feedback/feedback.module'
import { firebaseAuthModule } from './firebase-auth/firebase-auth.module'
import { followersModule } from './followers/followers.module'
import { helpModule } from './help/help.module'
import { invoicesModule } from './invoices/invoices.module'
import { licencesModule } from './licences/licences.module'
import { mailModule } from './mail/mail.module'
import { mailboxModule } from './mailbox/mailbox.module'
import { marketingModule } from './marketing/marketing.module'
import { plansModule } from './plans/plans.module'
import { raidsModule } from './raids/raids.module'
import { sandboxModule } from './sandbox/sandbox.module'
import { shopModule } from './shop/shop.module'
import { statisticsModule } from './statistics/statistics.module'
import { supportChatModule } from './support-chat/support-chat.module'
import { teamModule } from './team/team.module'
import { todoModule } from './todo/todo.module'
import { twoStepModule } from './two-step/two-step.module'
import { usersModule } from './users/users.module'
import { videosModule } from './videos/videos.module'
import { webhooksModule } from './webhooks/webhooks.module'

export const modules = [
  // Accounts: mail, sign-in, the audit log, plans and licences, the admin side.
  mailboxModule,
  mailModule,
  // Outgoing webhooks: before the modules whose changes queue events.
  webhooksModule,
  twoStepModule,
  statisticsModule,
  authModule,
  auditModule,
  plansModule,
  helpModule,
  // The assistant: channels first (licence changes reload their bots), then what runs on a channel.
  channelsModule,
  teamModule,
  accessTokensModule,
  marketingModule,
  licencesModule,
  usersModule,
  accountModule,
  commandsModule,
  chatModule,
  moderationModule,
  quotesModule,
  giveawaysModule,
  alertsModule,
  sandboxModule,
  raidsModule,
  conversationModule,
  videosModule,
  followersModule,
  analyticsModule,
  feedbackModule,
  adminModule,
  // The apps: news, support chat, tasks, calendar, shop and invoices, search.
  blogModule,
  supportChatModule,
  todoModule,
  calendarModule,
  invoicesModule,
  shopModule,
  firebaseAuthModule,
  dataTablesModule,
  autosuggestModule,
] as const

/** Fails to compile, naming the module and the services it misses, when a module is listed before what it needs. */
const _inDependencyOrder: InDependencyOrder<typeof modules, Core> = true

/** What the modules provide, by key (`services.channels`, `services.auth`, …). */
export type ModuleServices = ServicesOf<typeof modules>
