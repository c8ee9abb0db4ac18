import { ChannelRef } from '../channels/channels.schema'
import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { MAX_THANKS_TEMPLATE, type FollowerItem, type FollowerList } from './followers.service'

const FollowerRef = builder.objectRef<FollowerItem>('Follower').implement({
  extensions: guardedByParent,
  description: 'A follower as the platform lists them.',
  fields: (t) => ({
    userId: t.exposeString('userId', { description: 'The follower’s user id on the platform.' }),
    login: t.exposeString('login', { description: 'Their login name.' }),
    name: t.exposeString('name', { description: 'Their display name.' }),
    followedAt: t.field({ type: 'DateTime', description: 'When they followed.', resolve: (f) => f.followedAt }),
  }),
})

const FollowerSourceEnum = builder.enumType('FollowerSource', {
  description: "platform: the platform's follower list (Twitch); events: the follows Kick's webhooks delivered since connecting (Kick lists no followers).",
  values: {
    platform: { description: 'The platform’s own follower list (Twitch).' },
    events: { description: 'The follows received as webhook events since the channel was connected (Kick).' },
  } as const,
})

const FollowerPageRef = builder.objectRef<FollowerList>('FollowerPage').implement({
  extensions: guardedByParent,
  description: 'One page of followers, newest first.',
  fields: (t) => ({
    total: t.exposeInt('total', { nullable: true, description: 'As the platform reports it (Kick: follows received).' }),
    followers: t.field({ type: [FollowerRef], description: 'The followers of this page, newest first.', resolve: (p) => p.followers }),
    cursor: t.exposeString('cursor', { nullable: true, description: 'Pass as `after` for the next page; null on the last.' }),
    source: t.field({ type: FollowerSourceEnum, description: 'Where the list comes from.', resolve: (p) => p.source }),
  }),
})

interface SettingsShape {
  thankYou: boolean
  template: string
}

const FollowerSettingsRef = builder.objectRef<SettingsShape>('FollowerSettings').implement({
  extensions: guardedByParent,
  description: 'The optional thank-you in chat: one message per burst of follows, at most one per follower ever.',
  fields: (t) => ({
    thankYou: t.exposeBoolean('thankYou', { description: 'The bot thanks new followers in chat.' }),
    template: t.exposeString('template', { description: '${user} becomes the followers\' names ("a, b, c and N others").' }),
    maxTemplateLength: t.int({ description: 'The longest template allowed, in characters.', resolve: () => MAX_THANKS_TEMPLATE }),
  }),
})

const FollowerSettingsInput = builder.inputType('FollowerSettingsInput', {
  description: 'The thank-you settings, whole.',
  fields: (t) => ({
    thankYou: t.boolean({ required: true, description: 'Thank new followers in chat.' }),
    template: t.string({ required: true, description: `At most ${MAX_THANKS_TEMPLATE} characters; the one variable is \${user}.` }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  followerTotal: t.int({
    nullable: true,
    description:
      "The channel's follower total as the platform last reported it (Twitch: read when it connects, then hourly); null before the first reading and on Kick.",
    authScopes: { token: 'channel:read' },
    resolve: (c, _a, ctx) => ctx.services.followers.latestTotal(c.id),
  }),
}))

builder.queryFields((t) => ({
  // Followers and analytics: signed in; the services check the channel is the caller's.
  followers: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: FollowerPageRef,
    description: "A page of the channel's followers (Twitch: GET /channels/followers; Kick: the follows its webhooks delivered).",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      first: t.arg.int({ defaultValue: 20, description: 'Followers per page, 1 to 100.' }),
      after: t.arg.string({ description: 'The `cursor` of the previous page; omitted: the newest.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.followers.list(ctx.principal.userId, String(a.channelId), a.first ?? 20, a.after ?? null),
  }),
  followerSettings: t.withAuth({ signedIn: true, token: 'channel:read' }).field({
    type: FollowerSettingsRef,
    description: 'The channel’s thank-you settings.',
    args: { channelId: t.arg.id({ required: true, description: 'The channel id.' }) },
    resolve: (_r, a, ctx) => ctx.services.followers.settings(ctx.principal.userId, String(a.channelId)),
  }),
}))

builder.mutationFields((t) => ({
  updateFollowerSettings: t.withAuth({ signedIn: true, token: 'channel:write' }).field({
    type: FollowerSettingsRef,
    description: 'Saves the channel’s thank-you settings.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: FollowerSettingsInput, required: true, description: 'The settings.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.followers.updateSettings(ctx.principal.userId, String(a.channelId), a.input),
  }),
}))
