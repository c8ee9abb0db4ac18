import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { PlatformEnum } from '../channels/channels.schema'
import type { AnalyticsService, ChannelFollowers, GrowthPoint, StreamStat } from './analytics.service'

const IntervalEnum = builder.enumType('GrowthInterval', {
  description: 'The bucket size of a growth curve (UTC).',
  values: {
    day: { description: 'One point per day.' },
    week: { description: 'One point per ISO week (from Monday).' },
  } as const,
})

const StreamStatRef = builder.objectRef<StreamStat>('StreamStat').implement({
  extensions: guardedByParent,
  description: "One stream: the platform's own viewer counts (sampled every few minutes while live) and the chat lines the bot received.",
  fields: (t) => ({
    id: t.id({ description: 'The stream id in this product (a decimal number as a string).', resolve: (s) => String(s.id) }),
    channelId: t.id({ description: 'Its channel.', resolve: (s) => String(s.channelId) }),
    startedAt: t.field({ type: 'DateTime', description: 'When it went live.', resolve: (s) => s.startedAt }),
    endedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it ended; null: still live.', resolve: (s) => s.endedAt }),
    category: t.exposeString('category', { nullable: true, description: 'Its category (game) when it started; null: unknown.' }),
    averageViewers: t.exposeInt('averageViewers', { nullable: true, description: 'null: no sample was taken.' }),
    peakViewers: t.exposeInt('peakViewers', { nullable: true, description: 'The highest viewer count sampled; null: no sample was taken.' }),
    samples: t.exposeInt('samples', { description: 'How many viewer-count samples were taken.' }),
    chatLines: t.exposeInt('chatLines', { description: 'Chat messages the bot received during it.' }),
    newFollowers: t.exposeInt('newFollowers', { description: 'Follows received during it.' }),
  }),
})

const GrowthPointRef = builder.objectRef<GrowthPoint>('FollowerGrowthPoint').implement({
  extensions: guardedByParent,
  description: 'One point of the follower growth curve.',
  fields: (t) => ({
    at: t.field({ type: 'DateTime', description: 'Start of the day or week (UTC).', resolve: (p) => p.at }),
    newFollowers: t.exposeInt('newFollowers', { description: 'Follows received in this day or week.' }),
    total: t.exposeInt('total', { nullable: true, description: "Sum of the channels' totals as reported (null: no reading)." }),
  }),
})

const ChannelFollowersRef = builder.objectRef<ChannelFollowers>('ChannelFollowers').implement({
  extensions: guardedByParent,
  description: 'One channel’s followers in the dashboard.',
  fields: (t) => ({
    channelId: t.id({ description: 'The channel id.', resolve: (c) => String(c.channelId) }),
    displayName: t.exposeString('displayName', { description: 'The channel’s display name.' }),
    platform: t.field({ type: PlatformEnum, description: 'Its platform.', resolve: (c) => c.platform }),
    total: t.exposeInt('total', { nullable: true, description: 'Twitch: the total as last reported; Kick: follows received.' }),
    newInRange: t.exposeInt('newInRange', { description: 'Follows received between `from` and `to`.' }),
  }),
})

const CountRef = builder.objectRef<{ key: number; newFollowers: number }>('FollowerCountBy').implement({
  extensions: guardedByParent,
  description: 'New followers on one weekday or in one hour of the day, over the range.',
  fields: (t) => ({
    key: t.exposeInt('key', { description: 'ISO weekday 1–7 (Monday 1) or hour 0–23, UTC.' }),
    newFollowers: t.exposeInt('newFollowers', { description: 'Follows received then.' }),
  }),
})

type Dashboard = Awaited<ReturnType<AnalyticsService['followDashboard']>>

const FollowDashboardRef = builder.objectRef<Dashboard>('FollowDashboard').implement({
  extensions: guardedByParent,
  description: 'The follower dashboard of one platform over a range.',
  fields: (t) => ({
    channels: t.field({ type: [ChannelFollowersRef], description: 'Each of the caller’s channels on the platform.', resolve: (d) => d.channels }),
    growth: t.field({ type: [GrowthPointRef], description: 'The growth curve, oldest first.', resolve: (d) => d.growth }),
    bestDays: t.field({
      type: [CountRef],
      description: 'Weekdays by new followers, most first.',
      resolve: (d) => d.bestDays.map((x) => ({ key: x.weekday, newFollowers: x.newFollowers })),
    }),
    bestHours: t.field({
      type: [CountRef],
      description: 'Hours of the day (UTC) by new followers, most first.',
      resolve: (d) => d.bestHours.map((x) => ({ key: x.hour, newFollowers: x.newFollowers })),
    }),
    streams: t.field({ type: [StreamStatRef], description: 'The streams in the range, with their new followers.', resolve: (d) => d.streams }),
  }),
})

builder.queryFields((t) => ({
  // Followers and analytics: signed in; the services check the channel is the caller's.
  followDashboard: t.withAuth({ signedIn: true, token: 'analytics:read' }).field({
    type: FollowDashboardRef,
    description: "Follower growth across the caller's channels of a platform, new followers per stream, best days and hours.",
    args: {
      platform: t.arg({ type: PlatformEnum, required: true, description: 'The platform whose channels to count.' }),
      from: t.arg({ type: 'DateTime', required: true, description: 'Range start, e.g. `2026-01-01T00:00:00Z` (not before 2010).' }),
      to: t.arg({ type: 'DateTime', required: true, description: 'Range end, after `from`, at most 400 days later, not in the future.' }),
      interval: t.arg({ type: IntervalEnum, defaultValue: 'day', description: 'Growth bucket size.' }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.analytics.followDashboard(ctx.principal.userId, { platform: a.platform, from: a.from, to: a.to, interval: a.interval ?? 'day' }),
  }),
  streamStats: t.withAuth({ signedIn: true, token: 'analytics:read' }).field({
    type: [StreamStatRef],
    description: 'Per stream: average and peak viewers as the platform reported them, chat lines, new followers (newest first, at most 500).',
    args: {
      from: t.arg({ type: 'DateTime', required: true, description: 'Streams started from then on (not before 2010).' }),
      to: t.arg({ type: 'DateTime', required: true, description: 'Streams started before then; at most 400 days after `from`.' }),
      channelId: t.arg.id({ description: 'Only this channel; omitted: all of yours.' }),
      platform: t.arg({ type: PlatformEnum, description: 'Only channels on this platform.' }),
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
