import { builder } from '../../graphql/builder'

/**
 * The statistics cards through GraphQL: the same figures, in the same shapes, as the REST
 * calls of spec §7 (one service behind both). Admins and resellers only (FORBIDDEN for
 * clients); an unknown card name is NOT_FOUND.
 */
builder.queryFields((t) => ({
  // Statistics cards (the REST shapes as JSON): the service admits admins and resellers (scoped).
  cardStatistics: t.withAuth({ signedIn: true }).field({
    type: 'JSON',
    description:
      'GET /card/card-statistics/{name}: subscribers, revenue, sales, orders, site-traffic, active-users, newsletter (admins only: marketing events have no recipient).',
    args: { name: t.arg.string({ required: true, description: 'Which card, one of the names above (e.g. `subscribers`).' }) },
    resolve: (_root, { name }, ctx) => ctx.services.statistics.cardStatistic(ctx.principal, name),
  }),
  cardAnalytics: t.withAuth({ signedIn: true }).field({
    type: 'JSON',
    description:
      'GET /card/card-analytics/{name}: support-tracker, avg-sessions, revenue-report, goal-overview, revenue, product-orders, sessions-device, customers.',
    args: { name: t.arg.string({ required: true, description: 'Which card, one of the names above (e.g. `avg-sessions`).' }) },
    resolve: (_root, { name }, ctx) => ctx.services.statistics.cardAnalytic(ctx.principal, name),
  }),
  analyticsDashboard: t.withAuth({ signedIn: true }).field({
    type: 'JSON',
    description: 'GET /analytics/data: the analytics dashboard in one answer.',
    resolve: (_root, _args, ctx) => ctx.services.statistics.analyticsData(ctx.principal),
  }),
  ecommerceDashboard: t.withAuth({ signedIn: true }).field({
    type: 'JSON',
    description: 'GET /ecommerce/data: the e-commerce dashboard in one answer.',
    resolve: (_root, _args, ctx) => ctx.services.statistics.ecommerceData(ctx.principal),
  }),
  statisticsCurrency: t.string({
    authScopes: { signedIn: true },
    description: 'ISO 4217 code of the money figures of the cards and dashboards (the deployment’s CURRENCY).',
    resolve: (_root, _args, ctx) => ctx.services.plans.currency,
  }),
  profileData: t.withAuth({ signedIn: true }).field({
    type: 'JSON',
    description: "GET /profile/data: the caller's own public profile (header, about; the feed lists are empty: the product has no social feed).",
    resolve: (_root, _args, ctx) => ctx.services.profile.profileData(ctx.principal),
  }),
}))
