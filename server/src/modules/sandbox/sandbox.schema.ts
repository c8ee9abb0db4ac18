import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import type { sandboxBadges } from './sandbox.service'

const SandboxBadgeEnum = builder.enumType('SandboxBadge', {
  description: "A test viewer's chat badge.",
  values: {
    subscriber: { description: 'A subscriber of the channel.' },
    vip: { description: 'A VIP of the channel.' },
    moderator: { description: 'A moderator of the channel (commands limited to moderators answer them).' },
  } satisfies Record<(typeof sandboxBadges)[number], { description: string }>,
})

const SandboxSupportKindEnum = builder.enumType('SandboxSupportKind', {
  description: 'A kind of support a test viewer gives, as Twitch EventSub reports it.',
  values: {
    sub: { description: 'A new subscription (channel.subscribe).' },
    resub: { description: 'A resubscription shared in chat; `amount` is the months subscribed (channel.subscription.message).' },
    gift: { description: 'Gifted subscriptions; `amount` is how many (channel.subscription.gift).' },
    cheer: { description: 'Bits cheered; `amount` is the bits (channel.cheer).' },
  } as const,
})

const ConnectOptionsRef = builder.objectRef<{ twitch: boolean; kick: boolean; sandbox: boolean }>('ConnectOptions').implement({
  extensions: guardedByParent,
  description: 'What can be connected here: a platform is offered only when its application is configured.',
  fields: (t) => ({
    twitch: t.exposeBoolean('twitch', { description: 'Twitch channels can be connected (TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are set).' }),
    kick: t.exposeBoolean('kick', { description: 'Kick channels can be connected (KICK_CLIENT_ID and KICK_CLIENT_SECRET are set).' }),
    sandbox: t.exposeBoolean('sandbox', { description: 'Sandbox channels (a simulated Twitch channel in this server) are available.' }),
  }),
})

const SandboxClipRef = builder
  .objectRef<{ id: string; title: string; creator_name: string; created_at: string; view_count: number; url: string }>('SandboxClip')
  .implement({
    extensions: guardedByParent,
    description: 'A clip recorded in the sandbox, as the simulated Twitch API lists it.',
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The clip id the simulated platform gave it (a string, like a Twitch clip slug).' }),
      title: t.exposeString('title', { description: 'Its title.' }),
      creatorName: t.exposeString('creator_name', { description: 'The display name of the viewer who made it.' }),
      createdAt: t.field({ type: 'DateTime', description: 'When it was made.', resolve: (c) => new Date(c.created_at) }),
      viewCount: t.exposeInt('view_count', { description: 'Its views (0 when made).' }),
      url: t.exposeString('url', { description: 'Its address on the simulated platform.' }),
    }),
  })

builder.objectField(ChannelRef, 'sandbox', (t) =>
  t.exposeBoolean('sandbox', { description: 'A sandbox channel: simulated in this server, never on a real platform, counted nowhere.' }),
)

// Sandbox channels: the service allows the controls only on the caller's own sandbox channels.
builder.queryField('connectOptions', (t) =>
  t.field({
    authScopes: { signedIn: true },
    type: ConnectOptionsRef,
    description: 'Which platforms the “connect a channel” page offers on this server.',
    resolve: (_r, _a, ctx) => ctx.services.sandbox.options(),
  }),
)

builder.mutationFields((t) => ({
  connectSandboxChannel: t.withAuth({ signedIn: true }).field({
    type: ChannelRef,
    description: 'Connects a new sandbox channel (OAuth runs server-side against the in-process sandbox); its bot is switched on.',
    resolve: (_r, _a, ctx) => ctx.services.sandbox.connect(ctx.principal.userId),
  }),
  removeSandboxChannel: t.withAuth({ signedIn: true }).boolean({
    description: 'Deletes a sandbox channel with its commands, timers and chat history.',
    args: { channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.sandbox.remove(ctx.principal.userId, String(channelId)),
  }),
  sandboxChat: t.withAuth({ signedIn: true, token: 'sandbox:write' }).id({
    description: 'A test viewer writes in the sandbox channel; answers the message id.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      viewer: t.arg.string({ required: true, description: 'The test viewer’s login: 3 to 25 letters, digits or _ (made on first use).' }),
      badges: t.arg({ type: [SandboxBadgeEnum], description: 'Their badges; omitted: none.' }),
      text: t.arg.string({ required: true, description: 'The message, 1 to 500 characters.' }),
    },
    resolve: (_r, { channelId, viewer, badges, text }, ctx) =>
      ctx.services.sandbox.chat(ctx.principal.userId, String(channelId), { viewer, badges: badges ?? [], text }),
  }),
  sandboxStream: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'The sandbox stream goes online (with a category and a title) or offline.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      online: t.arg.boolean({ required: true, description: 'True: go online; false: go offline.' }),
      category: t.arg.string({ description: 'The category (game) name, 1 to 100 characters; omitted: unchanged.' }),
      title: t.arg.string({ description: 'The stream title, at most 140 characters; omitted: unchanged.' }),
    },
    resolve: (_r, { channelId, online, category, title }, ctx) =>
      ctx.services.sandbox.stream(ctx.principal.userId, String(channelId), { online, category, title }),
  }),
  sandboxFollow: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'A test viewer follows the sandbox channel (EventSub channel.follow); `daysAgo` dates the follow back (for ${followage}).',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      viewer: t.arg.string({ required: true, description: 'The test viewer’s login: 3 to 25 letters, digits or _.' }),
      daysAgo: t.arg.int({ description: 'How many days ago the follow happened, 0 to 5000; omitted: now.' }),
    },
    resolve: (_r, { channelId, viewer, daysAgo }, ctx) => ctx.services.sandbox.follow(ctx.principal.userId, String(channelId), { viewer, daysAgo }),
  }),
  sandboxRaid: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'Another (simulated) channel raids the sandbox channel with a viewer count (EventSub channel.raid).',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      fromChannel: t.arg.string({ required: true, description: 'The raiding channel’s login: 3 to 25 letters, digits or _.' }),
      viewers: t.arg.int({ required: true, description: 'The raid’s viewer count, 1 to 100000 (a number the raid reports, no viewers are made).' }),
    },
    resolve: (_r, { channelId, fromChannel, viewers }, ctx) => ctx.services.sandbox.raid(ctx.principal.userId, String(channelId), { fromChannel, viewers }),
  }),
  sandboxSupport: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description:
      'A test viewer subscribes (sub), shares a resubscription (resub, amount: months), gifts subscriptions (gift, amount) or cheers (cheer, amount: bits), as Twitch EventSub reports them.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      viewer: t.arg.string({ required: true, description: 'The test viewer’s login: 3 to 25 letters, digits or _.' }),
      kind: t.arg({ type: SandboxSupportKindEnum, required: true, description: 'What they do.' }),
      amount: t.arg.int({ required: true, description: 'Months (resub), subscriptions (gift) or bits (cheer), 1 to 100000; sub ignores it.' }),
    },
    resolve: (_r, { channelId, viewer, kind, amount }, ctx) => ctx.services.sandbox.support(ctx.principal.userId, String(channelId), { viewer, kind, amount }),
  }),
  sandboxClip: t.withAuth({ signedIn: true, token: 'sandbox:write' }).field({
    type: SandboxClipRef,
    description: 'Records a clip of the sandbox stream (view count 0).',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your sandbox channels.' }),
      title: t.arg.string({ required: true, description: 'The clip title, 1 to 100 characters.' }),
      creator: t.arg.string({ description: 'The login of the test viewer who clips it; omitted: the channel itself.' }),
    },
    resolve: (_r, { channelId, title, creator }, ctx) => ctx.services.sandbox.clip(ctx.principal.userId, String(channelId), { title, creator }),
  }),
}))
