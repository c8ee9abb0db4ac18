import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { PlatformEnum } from '../channels/channels.schema'
import type { AnalyticsService, ChannelFollowers, GrowthPoint, StreamStat } from './analytics.service'

const IntervalEnum = builder.enumType('GrowthInterval', { values: ['day', 'week'] as const })

const StreamStatRef = builder.objectRef<StreamStat>('StreamStat').implement({
  extensions: guardedByParent,
  description: "One stream: the platform's own viewer counts (sampled every few minutes while live) and the chat lines the bot received.",
  fields: (t) => ({
    id: t.id({ resolve: (s) => String(s.id) }),
    channelId: t.id({ resolve: (s) => String(s.channelId) }),
    startedAt: t.field({ type: 'DateTime', resolve: (s) => s.startedAt }),
    endedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.endedAt }),
    category: t.exposeString('category', { nullable: true }),
    averageViewers: t.exposeInt('averageViewers', { nullable: true, description: 'null: no sample was taken.' }),
    peakViewers: t.exposeInt('peakViewers', { nullable: true }),
    samples: t.exposeInt('samples'),
    chatLines: t.exposeInt('chatLines'),
    newFollowers: t.exposeInt('newFollowers'),
  }),
})

const GrowthPointRef = builder.objectRef<GrowthPoint>('FollowerGrowthPoint').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    at: t.field({ type: 'DateTime', description: 'Start of the day or week (UTC).', resolve: (p) => p.at }),
    newFollowers: t.exposeInt('newFollowers'),
    total: t.exposeInt('total', { nullable: true, description: "Sum of the channels' totals as reported (null: no reading)." }),
  }),
})

const ChannelFollowersRef = builder.objectRef<ChannelFollowers>('ChannelFollowers').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    channelId: t.id({ resolve: (c) => String(c.channelId) }),
    displayName: t.exposeString('displayName'),
    platform: t.field({ type: PlatformEnum, resolve: (c) => c.platform }),
    total: t.exposeInt('total', { nullable: true, description: 'Twitch: the total as last reported; Kick: follows received.' }),
    newInRange: t.exposeInt('newInRange'),
  }),
})

const CountRef = builder.objectRef<{ key: number; newFollowers: number }>('FollowerCountBy').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    key: t.exposeInt('key', { description: 'ISO weekday 1–7 (Monday 1) or hour 0–23, UTC.' }),
    newFollowers: t.exposeInt('newFollowers'),
  }),
})

type Dashboard = Awaited<ReturnType<AnalyticsService['followDashboard']>>

const FollowDashboardRef = builder.objectRef<Dashboard>('FollowDashboard').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    channels: t.field({ type: [ChannelFollowersRef], resolve: (d) => d.channels }),
    growth: t.field({ type: [GrowthPointRef], resolve: (d) => d.growth }),
    bestDays: t.field({ type: [CountRef], resolve: (d) => d.bestDays.map((x) => ({ key: x.weekday, newFollowers: x.newFollowers })) }),
    bestHours: t.field({ type: [CountRef], resolve: (d) => d.bestHours.map((x) => ({ key: x.hour, newFollowers: x.newFollowers })) }),
    streams: t.field({ type: [StreamStatRef], resolve: (d) => d.streams }),
  }),
})

builder.queryFields((t) => ({
  // Followers and analytics: signed in; the services check the channel is the caller's.
  followDashboard: t.withAuth({ signedIn: true, token: 'analytics:read' }).field({
    type: FollowDashboardRef,
    description: "Follower growth across the caller's channels of a platform, new followers per stream, best days and hours.",
    args: {
      platform: t.arg({ type: PlatformEnum, required: true }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
      interval: t.arg({ type: IntervalEnum, defaultValue: 'day' }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.analytics.followDashboard(ctx.principal.userId, { platform: a.platform, from: a.from, to: a.to, interval: a.interval ?? 'day' }),
  }),
  streamStats: t.withAuth({ signedIn: true, token: 'analytics:read' }).field({
    type: [StreamStatRef],
    description: 'Per stream: average and peak viewers as the platform reported them, chat lines, new followers (newest first, at most 500).',
    args: {
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
      channelId: t.arg.id(),
      platform: t.arg({ type: PlatformEnum }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.analytics.streamStats(ctx.principal.userId, {
        from: a.from,
        to: a.to,
        channelId: a.channelId === null || a.channelId === undefined ? null : String(a.channelId),
        platform: a.platform ?? null,
      }),
  }),
}))
