import { rule, type Rule } from './abilities'

/**
 * Every GraphQL field has a rule here; a test walks the printed schema to prove it.
 * Root fields (Query, Mutation, Subscription) are listed one by one. `Type.*` gives every
 * field of an object type the same rule (only `parent` is allowed there).
 */
export const graphqlRules: Record<string, Rule> = {
  'Query.viewer': rule.public,
  'Query.mailOutbox': rule.can('manage', 'MailOutbox'),

  'Mutation.login': rule.public,
  'Mutation.register': rule.public,
  'Mutation.refreshToken': rule.public,
  'Mutation.logout': rule.public,
  'Mutation.requestPasswordReset': rule.public,
  'Mutation.resetPassword': rule.public,

  'AuthPayload.*': rule.parent,
  'UserData.*': rule.parent,
  'UserExtras.*': rule.parent,
  'AbilityRule.*': rule.parent,
  'OutboxMail.*': rule.parent,
}
