import { rule, type Rule } from './abilities'

/** Every REST route has a rule here, keyed "METHOD /path" as registered; a test walks the app's routes. */
export const restRules: Record<string, Rule> = {
  'GET /healthz': rule.public,
  'GET /readyz': rule.public,
  // GraphiQL's own scripts and styles (a 404 when GRAPHIQL is off); the page itself is GET /graphql.
  'GET /graphiql/:file': rule.public,
  'POST /jwt/login': rule.public,
  'POST /jwt/register': rule.public,
  'POST /jwt/refresh-token': rule.public,
  'POST /jwt/logout': rule.public,
  // AUTH_PROVIDER=firebase (modules/firebase-auth): the provider and public web config, and the ID-token exchange.
  'GET /jwt/auth-config': rule.public,
  'POST /jwt/firebase': rule.public,
  // The second step of a sign-in: the body's short-lived challenge token names the user.
  'POST /jwt/login/two-step': rule.public,
  // Status, set-up and confirm stay open to a staff sign-in the two-step policy holds back: it sets it up there.
  'GET /jwt/two-step': rule.twoStepSetup,
  'POST /jwt/two-step/setup': rule.twoStepSetup,
  'POST /jwt/two-step/confirm': rule.twoStepSetup,
  'POST /jwt/two-step/disable': rule.signedIn,
  'POST /jwt/two-step/recovery-codes': rule.signedIn,
  'PUT /jwt/two-step/policy': rule.can('manage', 'all'),
  // The browser returns from the platform without a bearer token; the single-use state names the user.
  'GET /apps/oauth/twitch/callback': rule.public,
  'GET /apps/oauth/kick/callback': rule.public,
  // Kick calls it; every delivery's RSA signature is verified before anything is read.
  'POST /apps/webhooks/kick': rule.public,
  // alerts module: an overlay's page and live feed; the secret in the path is the credential (unknown: 404).
  'GET /overlay/:key': rule.public,
  'GET /overlay/:key/events': rule.public,
  // Accounts: signed in; the users service filters by scope (admin all, reseller their clients, client themself).
  'GET /apps/user/users': rule.signedIn,
  'POST /apps/user/users': rule.can('create', 'User'),
  'GET /apps/user/users/:id': rule.signedIn,
  'GET /pricing/data': rule.public,
  'GET /pricing/kick/data': rule.public,
  'GET /account-setting/data': rule.signedIn,
  // Marketing mail links are opened from mail clients, without a token; they are signed.
  'GET /apps/marketing/open': rule.public,
  'GET /apps/marketing/click': rule.public,
  'POST /apps/marketing/unsubscribe': rule.public,
  // The help centre's data: signed in, as its pages (/pages/faq and the knowledge base are app pages).
  'GET /faq/data': rule.signedIn,
  // Statistics cards and dashboards (spec §7): signed in; the statistics service lets admins
  // and resellers through (a reseller's figures are their clients') and refuses clients.
  'GET /card/card-statistics/:name': rule.signedIn,
  'GET /card/card-analytics/:name': rule.signedIn,
  'GET /analytics/data': rule.signedIn,
  'GET /ecommerce/data': rule.signedIn,
  // The caller's own public profile.
  'GET /profile/data': rule.signedIn,
  'GET /kb/data/knowledge_base': rule.signedIn,
  'GET /kb/data/category': rule.signedIn,
  'GET /kb/data/question': rule.signedIn,
  // The product news (blog): every signed-in user reads published posts (the service shows drafts to admins only);
  // the edit form's data and saving are admins' (manage Blog).
  'GET /blog/list/data': rule.signedIn,
  'GET /blog/list/data/sidebar': rule.signedIn,
  'GET /blog/list/data/detail': rule.signedIn,
  'GET /blog/list/data/edit': rule.can('manage', 'Blog'),
  'POST /blog/list/data/edit': rule.can('manage', 'Blog'),
  // Support chat and tasks (spec section 7): signed in; the services scope by contact and owner.
  'GET /apps/chat/chats-and-contacts': rule.signedIn,
  'GET /apps/chat/users/profile-user': rule.signedIn,
  'GET /apps/chat/chats/:id': rule.signedIn,
  'POST /apps/chat/chats/:id': rule.signedIn,
  'GET /apps/todo/tasks': rule.signedIn,
  'GET /apps/todo/assignees': rule.signedIn,
  'POST /apps/todo/tasks': rule.signedIn,
  'POST /apps/todo/tasks/:id': rule.signedIn,
  'DELETE /apps/todo/tasks/:id': rule.signedIn,
  // The stream calendar (spec section 7): signed in; the service answers only the caller's own events.
  'GET /apps/calendar/events': rule.signedIn,
  'POST /apps/calendar/events': rule.signedIn,
  'POST /apps/calendar/events/:id': rule.signedIn,
  'DELETE /apps/calendar/events/:id': rule.signedIn,
  // Calendar apps fetch the iCalendar feed without a token: the URL's random secret (stored hashed) names the user.
  'GET /apps/calendar/ical/:file': rule.public,
  // The shop and invoices: signed in; the services keep each user to their own cart and wishlist, and invoices to the caller's scope.
  'GET /apps/ecommerce/products': rule.signedIn,
  'GET /apps/ecommerce/products/:id': rule.signedIn,
  'GET /apps/ecommerce/wishlist': rule.signedIn,
  'POST /apps/ecommerce/wishlist': rule.signedIn,
  'DELETE /apps/ecommerce/wishlist/:productId': rule.signedIn,
  'GET /apps/ecommerce/cart': rule.signedIn,
  'POST /apps/ecommerce/cart': rule.signedIn,
  'DELETE /apps/ecommerce/cart/:productId': rule.signedIn,
  'POST /apps/ecommerce/checkout': rule.signedIn,
  'GET /apps/invoice/invoices': rule.signedIn,
  'GET /apps/invoice/invoices/:id': rule.signedIn,
  'GET /apps/invoice/invoices/:id/pdf': rule.signedIn,
  'GET /apps/invoice/clients': rule.signedIn,
  // The mailbox: signed in; the service works only on the caller's own emails.
  'GET /apps/email/emails': rule.signedIn,
  'POST /apps/email/update-emails': rule.signedIn,
  'POST /apps/email/update-emails-label': rule.signedIn,
  'GET /apps/email/paginate-email': rule.signedIn,
  'GET /apps/email/attachments/:emailId/:attachmentId': rule.signedIn,
  // Data tables (spec §7) over the accounts directory: staff only (update User: admins and
  // resellers); the service scopes the rows (admins all, resellers their clients).
  'GET /good-table/basic': rule.can('update', 'User'),
  'GET /good-table/row-group': rule.can('update', 'User'),
  'GET /good-table/advanced-search': rule.can('update', 'User'),
  'GET /good-table/table_ssr': rule.can('update', 'User'),
  // The navbar search: signed in; accounts by the caller's scope (none for clients), FAQ, articles and
  // products only to whoever passes the rules of GET /faq/data, /kb/data/question, /apps/ecommerce/products.
  'GET /autosuggest/data': rule.signedIn,
}
