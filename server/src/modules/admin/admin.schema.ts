import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { AdminStats } from './admin.service'

const RoleCountRef = builder.objectRef<AdminStats['usersByRole'][number]>('RoleCount').implement({
  extensions: guardedByParent,
  fields: (t) => ({ role: t.exposeString('role'), count: t.exposeInt('count') }),
})

const PlanCountRef = builder.objectRef<AdminStats['usersByPlan'][number]>('PlanCount').implement({
  extensions: guardedByParent,
  fields: (t) => ({ plan: t.exposeString('plan', { description: "A plan name, or 'None'." }), count: t.exposeInt('count') }),
})

const DayCountRef = builder.objectRef<AdminStats['signupsPerDay'][number]>('DayCount').implement({
  extensions: guardedByParent,
  fields: (t) => ({ day: t.exposeString('day', { description: 'YYYY-MM-DD (UTC).' }), count: t.exposeInt('count') }),
})

const PlanRevenueRef = builder.objectRef<AdminStats['revenueByPlan'][number]>('PlanRevenue').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    plan: t.exposeString('plan'),
    activeLicences: t.exposeInt('activeLicences', { description: 'Licences with status active that have not run out.' }),
    monthlyRevenue: t.exposeFloat('monthlyRevenue', {
      description: "The plan's monthly price times its active licences (0 for Custom, which has no price).",
    }),
  }),
})

const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  extensions: guardedByParent,
  description: 'The admin dashboards’ figures. Computed in the database and reused for COUNT_CACHE_TTL seconds.',
  fields: (t) => ({
    usersByRole: t.field({ type: [RoleCountRef], resolve: (s) => s.usersByRole }),
    usersByPlan: t.field({ type: [PlanCountRef], resolve: (s) => s.usersByPlan }),
    activeBots: t.exposeInt('activeBots', { description: 'Bots the worker reports running now on connected channels, sandbox channels included.' }),
    licencesExpiringSoon: t.exposeInt('licencesExpiringSoon', { description: 'Active licences whose last day is within the next 7 days.' }),
    signupsPerDay: t.field({
      type: [DayCountRef],
      description: 'New accounts per day over the last `days` days, oldest first.',
      resolve: (s) => s.signupsPerDay,
    }),
    revenueByPlan: t.field({
      type: [PlanRevenueRef],
      description: 'Monthly revenue by plan: the sum of the monthly price of every active licence of the plan.',
      resolve: (s) => s.revenueByPlan,
    }),
    monthlyRevenue: t.exposeFloat('monthlyRevenue', { description: 'The sum of revenueByPlan.' }),
    openFeedbackReports: t.exposeInt('openFeedbackReports', { description: 'Bot feedback reports with status open.' }),
    currency: t.string({
      description: 'ISO 4217 code of the revenue figures (the deployment’s CURRENCY).',
      resolve: (_s, _a, ctx) => ctx.services.plans.currency,
    }),
    computedAt: t.expose('computedAt', { type: 'DateTime' }),
  }),
})

builder.queryField('adminStats', (t) =>
  t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: AdminStatsRef,
    description: 'Admins only.',
    args: { days: t.arg.int({ defaultValue: 30, description: 'Days of signups, 1 to 366.' }) },
    resolve: (_root, { days }, ctx) => ctx.services.admin.stats(ctx.principal, days ?? 30),
  }),
)

// Scoped in the service: all channels, a reseller's clients', or one's own.
builder.queryField('runningBots', (t) =>
  t.withAuth({ signedIn: true }).int({
    description:
      "Bots the worker reports running now on connected channels, sandbox channels included: an admin's count is everyone's, a reseller's their clients', a client's their own.",
    resolve: (_root, _args, ctx) => ctx.services.admin.runningBots(ctx.principal),
  }),
)
