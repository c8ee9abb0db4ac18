import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { AdminStats } from './admin.service'

const RoleCountRef = builder.objectRef<AdminStats['usersByRole'][number]>('RoleCount').implement({
  extensions: guardedByParent,
  description: 'How many accounts have one role.',
  fields: (t) => ({
    role: t.exposeString('role', { description: 'admin, client or reseller.' }),
    count: t.exposeInt('count', { description: 'Accounts with that role.' }),
  }),
})

const PlanCountRef = builder.objectRef<AdminStats['usersByPlan'][number]>('PlanCount').implement({
  extensions: guardedByParent,
  description: 'How many accounts are on one plan.',
  fields: (t) => ({
    plan: t.exposeString('plan', { description: "A plan name, or 'None'." }),
    count: t.exposeInt('count', { description: 'Accounts on that plan.' }),
  }),
})

const DayCountRef = builder.objectRef<AdminStats['signupsPerDay'][number]>('DayCount').implement({
  extensions: guardedByParent,
  description: 'A count for one day.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD (UTC).' }),
    count: t.exposeInt('count', { description: 'New accounts that day (0 on a day without any).' }),
  }),
})

const PlanRevenueRef = builder.objectRef<AdminStats['revenueByPlan'][number]>('PlanRevenue').implement({
  extensions: guardedByParent,
  description: 'The revenue of one plan, per month.',
  fields: (t) => ({
    plan: t.exposeString('plan', { description: 'The plan’s name.' }),
    activeLicences: t.exposeInt('activeLicences', { description: 'Licences with status active that have not run out.' }),
    monthlyRevenue: t.exposeFloat('monthlyRevenue', {
      description: "The plan's monthly price times its active licences (0 for Custom, which has no price).",
    }),
  }),
})

const PlatformFiguresRef = builder.objectRef<AdminStats['byPlatform'][number]>('PlatformFigures').implement({
  extensions: guardedByParent,
  description: 'The channel figures of one platform (sandbox channels not counted).',
  fields: (t) => ({
    platform: t.exposeString('platform', { description: 'twitch or kick.' }),
    channels: t.exposeInt('channels', { description: 'Channels connected.' }),
    owners: t.exposeInt('owners', { description: 'Accounts that own at least one of these channels.' }),
    runningBots: t.exposeInt('runningBots', { description: 'Bots the worker reports running now on these channels.' }),
    live: t.exposeInt('live', { description: 'Channels live now.' }),
    connectedInRange: t.exposeInt('connectedInRange', { description: 'Channels connected within the last `days` days.' }),
  }),
})

const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  extensions: guardedByParent,
  description: 'The admin dashboards’ figures. Computed in the database and reused for COUNT_CACHE_TTL seconds.',
  fields: (t) => ({
    usersByRole: t.field({ type: [RoleCountRef], description: 'Accounts by role.', resolve: (s) => s.usersByRole }),
    usersByPlan: t.field({ type: [PlanCountRef], description: 'Accounts by the plan of their licence (`None`: no licence).', resolve: (s) => s.usersByPlan }),
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
    monthlyRevenue: t.exposeFloat('monthlyRevenue', {
      description:
        'Recurring revenue per month: the sum of revenueByPlan (active licences × their plan’s monthly list price). Not money received: the payments received this month are the statistics’ revenue card.',
    }),
    openFeedbackReports: t.exposeInt('openFeedbackReports', { description: 'Bot feedback reports with status open.' }),
    byPlatform: t.field({
      type: [PlatformFiguresRef],
      description: 'The channel figures broken down by platform: Twitch first, then Kick (both always listed).',
      resolve: (s) => s.byPlatform,
    }),
    currency: t.string({
      description: 'ISO 4217 code of the revenue figures (the deployment’s CURRENCY).',
      resolve: (_s, _a, ctx) => ctx.services.plans.currency,
    }),
    computedAt: t.expose('computedAt', { type: 'DateTime', description: 'When these figures were computed (they may be up to COUNT_CACHE_TTL seconds old).' }),
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
