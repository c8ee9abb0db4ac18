import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import type { ChannelRow } from '../channels/channels.tables'
import type { mediaSorts, ClipCreation, MediaView, VideosService } from './videos.service'
import type { videoTypes, ChannelClipRow, ChannelVideoRow } from './videos.tables'

const VideoTypeEnum = builder.enumType('VideoType', {
  description: 'archive (past broadcast), highlight, upload.',
  values: {
    archive: { description: 'A past broadcast the platform kept.' },
    highlight: { description: 'A highlight cut from a broadcast.' },
    upload: { description: 'A video uploaded by the channel.' },
  } satisfies Record<(typeof videoTypes)[number], { description: string }>,
})
const MediaSortEnum = builder.enumType('MediaSort', {
  description: 'Newest, most viewed or longest first.',
  values: {
    date: { description: 'Newest first.' },
    views: { description: 'Most viewed first.' },
    duration: { description: 'Longest first.' },
  } satisfies Record<(typeof mediaSorts)[number], { description: string }>,
})
const ClipOutcomeEnum = builder.enumType('ClipOutcome', {
  description: 'created; refused by the platform (see status and message); timeout: not ready within 15 s.',
  values: {
    created: { description: 'The clip was made (see `clip`).' },
    refused: { description: 'The platform refused (see `status` and `message`), e.g. the stream is offline.' },
    timeout: { description: 'The platform accepted but the clip was not ready within 15 s.' },
  } as const,
})

const ChannelVideoRef = builder.objectRef<ChannelVideoRow>('ChannelVideo').implement({
  extensions: guardedByParent,
  description: "A channel's video as the platform last reported it (views are the platform's own).",
  fields: (t) => ({
    id: t.exposeString('videoId', { description: "The platform's video id." }),
    channelId: t.id({ description: 'Its channel (this product’s channel id).', resolve: (v) => String(v.channelId) }),
    type: t.field({ type: VideoTypeEnum, description: 'What kind of video.', resolve: (v) => v.type }),
    title: t.exposeString('title', { description: 'Its title.' }),
    url: t.exposeString('url', { description: 'The video on the platform.' }),
    thumbnailUrl: t.exposeString('thumbnailUrl', { description: 'May hold %{width}x%{height} placeholders (Twitch).' }),
    viewCount: t.exposeInt('viewCount', { description: 'Views, as the platform counts them.' }),
    durationSeconds: t.exposeInt('durationSeconds', { description: 'Length in seconds.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was made at the platform.', resolve: (v) => v.createdAt }),
    fetchedAt: t.field({ type: 'DateTime', description: 'When it was last read from the platform.', resolve: (v) => v.fetchedAt }),
  }),
})

const ChannelClipRef = builder.objectRef<ChannelClipRow>('ChannelClip').implement({
  extensions: guardedByParent,
  description: "A channel's clip as the platform last reported it.",
  fields: (t) => ({
    id: t.exposeString('clipId', { description: "The platform's clip id." }),
    channelId: t.id({ description: 'Its channel (this product’s channel id).', resolve: (c) => String(c.channelId) }),
    title: t.exposeString('title', { description: 'Its title.' }),
    url: t.exposeString('url', { description: 'The clip on the platform.' }),
    thumbnailUrl: t.exposeString('thumbnailUrl', { description: 'Its thumbnail image URL.' }),
    creatorName: t.exposeString('creatorName', { description: 'Display name of who clipped it.' }),
    videoId: t.exposeString('videoId', { nullable: true, description: 'The platform’s id of the video it was cut from; null: none reported.' }),
    viewCount: t.exposeInt('viewCount', { description: 'Views, as the platform counts them.' }),
    durationSeconds: t.exposeInt('durationSeconds', { description: 'Length in seconds.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was made.', resolve: (c) => c.createdAt }),
    fetchedAt: t.field({ type: 'DateTime', description: 'When it was last read from the platform.', resolve: (c) => c.fetchedAt }),
  }),
})

const listRef = <T extends object>(name: string, item: typeof ChannelVideoRef | typeof ChannelClipRef) =>
  builder.objectRef<{ total: number; items: T[] }>(name).implement({
    extensions: guardedByParent,
    description: 'The entries matching a filter, in its sort.',
    fields: (t) => ({
      total: t.exposeInt('total', { description: 'How many match the filter (items holds at most `first`).' }),
      items: t.field({ type: [item] as never, description: 'The entries, at most `first`.', resolve: (l) => l.items as never }),
    }),
  })
const VideoListRef = listRef<ChannelVideoRow>('VideoList', ChannelVideoRef)
const ClipListRef = listRef<ChannelClipRow>('ClipList', ChannelClipRef)

const MediaFilterInput = builder.inputType('MediaFilter', {
  description: `Created in [from, to) (default: the last ${366} days up to now; at most 366 days, not before 2011-06-01); type for videos only; first at most 500.`,
  fields: (t) => ({
    from: t.field({ type: 'DateTime', description: 'Created at or after, e.g. `2026-01-01T00:00:00Z`.' }),
    to: t.field({ type: 'DateTime', description: 'Created before.' }),
    type: t.field({ type: VideoTypeEnum, description: 'Videos only: only this kind.' }),
    sort: t.field({ type: MediaSortEnum, description: 'The order; omitted: date.' }),
    first: t.int({ description: 'How many, 1 to 500 (default 100).' }),
  }),
})

const ChannelMediaRef = builder.objectRef<MediaView>('ChannelMedia').implement({
  extensions: guardedByParent,
  description:
    "A channel's videos and clips from the cache (read through from the platform when empty or older than an hour; a platform outage leaves them as they were).",
  fields: (t) => ({
    channel: t.field({ type: ChannelRef, description: 'The channel.', resolve: (m) => m.channel }),
    supported: t.exposeBoolean('supported', { description: 'false on Kick: it documents no public video or clip API.' }),
    syncedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the platform was last read.', resolve: (m) => m.sync?.syncedAt ?? null }),
    syncError: t.string({ nullable: true, description: 'Why the last read failed, when it did.', resolve: (m) => m.sync?.lastError ?? null }),
    videos: t.field({
      type: VideoListRef,
      description: 'Its videos.',
      args: { filter: t.arg({ type: MediaFilterInput, description: 'Range, kind, sort, count; omitted: the defaults.' }) },
      resolve: (m, { filter }, ctx) => ctx.services.videos.videos(m, filter),
    }),
    clips: t.field({
      type: ClipListRef,
      description: 'Its clips.',
      args: { filter: t.arg({ type: MediaFilterInput, description: 'Range, sort, count; omitted: the defaults.' }) },
      resolve: (m, { filter }, ctx) => ctx.services.videos.clips(m, filter),
    }),
  }),
})

const MediaSyncResultRef = builder.objectRef<{ requests: number; rows: number; syncedAt: Date }>('MediaSyncResult').implement({
  extensions: guardedByParent,
  description: 'What a refresh from the platform did.',
  fields: (t) => ({
    requests: t.exposeInt('requests', { description: 'Platform requests made.' }),
    rows: t.exposeInt('rows', { description: 'Videos and clips written (new, or changed at the platform).' }),
    syncedAt: t.field({ type: 'DateTime', description: 'When it finished.', resolve: (r) => r.syncedAt }),
  }),
})

const ClipCreationRef = builder.objectRef<ClipCreation>('ClipCreation').implement({
  extensions: guardedByParent,
  description: 'The answer to a clip request.',
  fields: (t) => ({
    outcome: t.field({ type: ClipOutcomeEnum, description: 'What happened.', resolve: (c) => c.outcome }),
    status: t.exposeInt('status', { description: "The platform's HTTP status." }),
    message: t.exposeString('message', { description: "The platform's own words when it refused." }),
    clip: t.field({ type: ChannelClipRef, nullable: true, description: 'The new clip; null unless created.', resolve: (c) => c.clip }),
  }),
})

interface WeekShape {
  week: string
  videos: number
  clips: number
  videoViews: number
  clipViews: number
}
const VideoDashboardWeekRef = builder.objectRef<WeekShape>('VideoDashboardWeek').implement({
  extensions: guardedByParent,
  description: 'One week (starting Monday, UTC) of the range.',
  fields: (t) => ({
    week: t.exposeString('week', { description: 'The Monday, YYYY-MM-DD.' }),
    videos: t.exposeInt('videos', { description: 'Videos made that week.' }),
    clips: t.exposeInt('clips', { description: 'Clips made that week.' }),
    videoViews: t.exposeInt('videoViews', { description: 'Current views of those videos.' }),
    clipViews: t.exposeInt('clipViews', { description: 'Current views of those clips.' }),
  }),
})

const VideoDashboardTotalsRef = builder.objectRef<{ videos: number; clips: number; videoViews: number; clipViews: number }>('VideoDashboardTotals').implement({
  extensions: guardedByParent,
  description: 'Sums over the whole range.',
  fields: (t) => ({
    videos: t.exposeInt('videos', { description: 'Videos made in the range.' }),
    clips: t.exposeInt('clips', { description: 'Clips made in the range.' }),
    videoViews: t.exposeInt('videoViews', { description: 'Current views of those videos.' }),
    clipViews: t.exposeInt('clipViews', { description: 'Current views of those clips.' }),
  }),
})

const VideoDashboardChannelRef = builder.objectRef<{ channel: ChannelRow; supported: boolean; syncedAt: Date | null }>('VideoDashboardChannel').implement({
  extensions: guardedByParent,
  description: 'A channel in the video dashboard.',
  fields: (t) => ({
    channel: t.field({ type: ChannelRef, description: 'The channel.', resolve: (c) => c.channel }),
    supported: t.exposeBoolean('supported', { description: 'false on Kick (no public video or clip API).' }),
    syncedAt: t.field({ type: 'DateTime', nullable: true, description: 'When its media were last read; null: never.', resolve: (c) => c.syncedAt }),
  }),
})

type DashboardShape = Awaited<ReturnType<VideosService['dashboard']>>
const VideoDashboardRef = builder.objectRef<DashboardShape>('VideoDashboard').implement({
  extensions: guardedByParent,
  description: "Videos and clips of the user's channels from the cache, per week, with the most viewed (platform view counts).",
  fields: (t) => ({
    from: t.field({ type: 'DateTime', description: 'Range start used.', resolve: (d) => d.from }),
    to: t.field({ type: 'DateTime', description: 'Range end used.', resolve: (d) => d.to }),
    channels: t.field({ type: [VideoDashboardChannelRef], description: 'Your channels.', resolve: (d) => d.channels }),
    weeks: t.field({ type: [VideoDashboardWeekRef], description: 'Week by week, oldest first.', resolve: (d) => d.weeks }),
    topVideos: t.field({ type: [ChannelVideoRef], description: 'The 10 most viewed videos of the range.', resolve: (d) => d.topVideos }),
    topClips: t.field({ type: [ChannelClipRef], description: 'The 10 most viewed clips of the range.', resolve: (d) => d.topClips }),
    totals: t.field({ type: VideoDashboardTotalsRef, description: 'Sums over the range.', resolve: (d) => d.totals }),
  }),
})

builder.queryFields((t) => ({
  // The VOD and clip library and the video dashboard (the services check channel ownership).
  channelMedia: t.withAuth({ signedIn: true, token: 'videos:read' }).field({
    type: ChannelMediaRef,
    description: 'The VOD and clip library of one of your channels.',
    args: { channelId: t.arg.id({ required: true, description: 'The channel id.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.videos.media(ctx.principal.userId, String(channelId)),
  }),
  videoDashboard: t.withAuth({ signedIn: true, token: 'videos:read' }).field({
    type: VideoDashboardRef,
    description: 'Default range: the last 90 days; at most 366 days.',
    args: {
      from: t.arg({ type: 'DateTime', description: 'Range start; omitted: 90 days before `to`.' }),
      to: t.arg({ type: 'DateTime', description: 'Range end; omitted: now.' }),
    },
    resolve: (_r, { from, to }, ctx) => ctx.services.videos.dashboard(ctx.principal.userId, { from, to }),
  }),
}))

builder.mutationFields((t) => ({
  refreshChannelMedia: t.withAuth({ signedIn: true, token: 'videos:write' }).field({
    type: MediaSyncResultRef,
    description: 'Reads the videos and the clips of the range (default: the last 30 days) from the platform now.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      from: t.arg({ type: 'DateTime', description: 'Range start; omitted: 30 days ago.' }),
      to: t.arg({ type: 'DateTime', description: 'Range end; omitted: now.' }),
    },
    resolve: (_r, { channelId, from, to }, ctx) => ctx.services.videos.refresh(ctx.principal.userId, String(channelId), { from, to }),
  }),
  createClip: t.withAuth({ signedIn: true, token: 'videos:write' }).field({
    type: ClipCreationRef,
    description: 'Clips the live stream (Twitch, scope clips:edit); waits up to 15 s for the platform to make it.',
    args: { channelId: t.arg.id({ required: true, description: 'The channel id (live, on Twitch).' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.videos.createClip(ctx.principal.userId, String(channelId)),
  }),
  deleteVideo: t.withAuth({ signedIn: true, token: 'videos:write' }).boolean({
    description: "Deletes one of the channel's own videos at the platform (scope channel:manage:videos).",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      videoId: t.arg.string({ required: true, description: 'The platform’s video id (`ChannelVideo.id`).' }),
    },
    resolve: (_r, { channelId, videoId }, ctx) => ctx.services.videos.deleteVideo(ctx.principal.userId, String(channelId), videoId),
  }),
}))
