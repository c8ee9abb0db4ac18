import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { ChannelRef } from '../channels/channels.schema'
import { sandboxBadges } from './sandbox.service'

const SandboxBadgeEnum = builder.enumType('SandboxBadge', { description: "A test viewer's chat badge.", values: sandboxBadges })

const SandboxSupportKindEnum = builder.enumType('SandboxSupportKind', { values: ['sub', 'resub', 'gift', 'cheer'] as const })

const ConnectOptionsRef = builder.objectRef<{ twitch: boolean; kick: boolean; sandbox: boolean }>('ConnectOptions').implement({
  extensions: guardedByParent,
  description: 'What can be connected here: a platform is offered only when its application is configured.',
  fields: (t) => ({
    twitch: t.exposeBoolean('twitch'),
    kick: t.exposeBoolean('kick'),
    sandbox: t.exposeBoolean('sandbox', { description: 'Sandbox channels (a simulated Twitch channel in this server) are available.' }),
  }),
})

const SandboxClipRef = builder
  .objectRef<{ id: string; title: string; creator_name: string; created_at: string; view_count: number; url: string }>('SandboxClip')
  .implement({
    extensions: guardedByParent,
    fields: (t) => ({
      id: t.exposeID('id'),
      title: t.exposeString('title'),
      creatorName: t.exposeString('creator_name'),
      createdAt: t.field({ type: 'DateTime', resolve: (c) => new Date(c.created_at) }),
      viewCount: t.exposeInt('view_count'),
      url: t.exposeString('url'),
    }),
  })

builder.objectField(ChannelRef, 'sandbox', (t) =>
  t.exposeBoolean('sandbox', { description: 'A sandbox channel: simulated in this server, never on a real platform, counted nowhere.' }),
)

// Sandbox channels: the service allows the controls only on the caller's own sandbox channels.
builder.queryField('connectOptions', (t) =>
  t.field({ authScopes: { signedIn: true }, type: ConnectOptionsRef, resolve: (_r, _a, ctx) => ctx.services.sandbox.options() }),
)

builder.mutationFields((t) => ({
  connectSandboxChannel: t.withAuth({ signedIn: true }).field({
    type: ChannelRef,
    description: 'Connects a new sandbox channel (OAuth runs server-side against the in-process sandbox); its bot is switched on.',
    resolve: (_r, _a, ctx) => ctx.services.sandbox.connect(ctx.principal.userId),
  }),
  removeSandboxChannel: t.withAuth({ signedIn: true }).boolean({
    description: 'Deletes a sandbox channel with its commands, timers and chat history.',
    args: { channelId: t.arg.id({ required: true }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.sandbox.remove(ctx.principal.userId, String(channelId)),
  }),
  sandboxChat: t.withAuth({ signedIn: true, token: 'sandbox:write' }).id({
    description: 'A test viewer writes in the sandbox channel; answers the message id.',
    args: {
      channelId: t.arg.id({ required: true }),
      viewer: t.arg.string({ required: true }),
      badges: t.arg({ type: [SandboxBadgeEnum] }),
      text: t.arg.string({ required: true }),
    },
    resolve: (_r, { channelId, viewer, badges, text }, ctx) =>
      ctx.services.sandbox.chat(ctx.principal.userId, String(channelId), { viewer, badges: badges ?? [], text }),
  }),
  sandboxStream: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'The sandbox stream goes online (with a category and a title) or offline.',
    args: { channelId: t.arg.id({ required: true }), online: t.arg.boolean({ required: true }), category: t.arg.string(), title: t.arg.string() },
    resolve: (_r, { channelId, online, category, title }, ctx) =>
      ctx.services.sandbox.stream(ctx.principal.userId, String(channelId), { online, category, title }),
  }),
  sandboxFollow: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'A test viewer follows the sandbox channel (EventSub channel.follow); `daysAgo` dates the follow back (for ${followage}).',
    args: { channelId: t.arg.id({ required: true }), viewer: t.arg.string({ required: true }), daysAgo: t.arg.int() },
    resolve: (_r, { channelId, viewer, daysAgo }, ctx) => ctx.services.sandbox.follow(ctx.principal.userId, String(channelId), { viewer, daysAgo }),
  }),
  sandboxRaid: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description: 'Another (simulated) channel raids the sandbox channel with a viewer count (EventSub channel.raid).',
    args: { channelId: t.arg.id({ required: true }), fromChannel: t.arg.string({ required: true }), viewers: t.arg.int({ required: true }) },
    resolve: (_r, { channelId, fromChannel, viewers }, ctx) => ctx.services.sandbox.raid(ctx.principal.userId, String(channelId), { fromChannel, viewers }),
  }),
  sandboxSupport: t.withAuth({ signedIn: true, token: 'sandbox:write' }).boolean({
    description:
      'A test viewer subscribes (sub), shares a resubscription (resub, amount: months), gifts subscriptions (gift, amount) or cheers (cheer, amount: bits), as Twitch EventSub reports them.',
    args: {
      channelId: t.arg.id({ required: true }),
      viewer: t.arg.string({ required: true }),
      kind: t.arg({ type: SandboxSupportKindEnum, required: true }),
      amount: t.arg.int({ required: true }),
    },
    resolve: (_r, { channelId, viewer, kind, amount }, ctx) => ctx.services.sandbox.support(ctx.principal.userId, String(channelId), { viewer, kind, amount }),
  }),
  sandboxClip: t.withAuth({ signedIn: true, token: 'sandbox:write' }).field({
    type: SandboxClipRef,
    description: 'Records a clip of the sandbox stream (view count 0).',
    args: { channelId: t.arg.id({ required: true }), title: t.arg.string({ required: true }), creator: t.arg.string() },
    resolve: (_r, { channelId, title, creator }, ctx) => ctx.services.sandbox.clip(ctx.principal.userId, String(channelId), { title, creator }),
  }),
}))
