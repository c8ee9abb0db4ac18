import { lexicographicSortSchema, type GraphQLSchema } from 'graphql'
import { builder } from './builder'
import { applyRules } from './authorize'
import { graphqlRules } from '../permissions/graphql-rules'
import './scalars'
import '../auth/auth.schema'
import '../modules/mail/mail.schema'
import '../modules/users/users.schema'
import '../modules/licences/licences.schema'
import '../modules/plans/plans.schema'
import '../modules/account/account.schema'
import '../modules/admin/admin.schema'
import '../modules/audit/audit.schema'
import '../modules/marketing/marketing.schema'
import '../modules/channels/channels.schema'
import '../modules/commands/commands.schema'
import '../modules/chat/chat.schema'
import '../modules/followers/followers.schema'
import '../modules/analytics/analytics.schema'
import '../modules/sandbox/sandbox.schema'
import '../modules/raids/raids.schema'
// alerts module
import '../modules/alerts/alerts.schema'
import '../modules/conversation/conversation.schema'
import '../modules/videos/videos.schema'
import '../modules/feedback/feedback.schema'
import '../modules/help/help.schema'
import '../modules/blog/blog.schema'
import '../modules/support-chat/support-chat.schema'
import '../modules/todo/todo.schema'
import '../modules/calendar/calendar.schema'
import '../modules/shop/shop.schema'
import '../modules/invoices/invoices.schema'
import '../modules/mailbox/mailbox.schema'
import '../modules/statistics/statistics.schema'
import '../modules/data-tables/data-tables.schema'
import '../modules/firebase-auth/firebase-auth.schema'

let built: GraphQLSchema | undefined

/** The whole schema: every feature's types, each field guarded by its rule (deny by default). */
export function buildSchema(): GraphQLSchema {
  built ??= applyRules(lexicographicSortSchema(builder.toSchema()), graphqlRules)
  return built
}
