import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { ChannelSearchResult } from '../../platforms/twitch/twitch.client'
import { ChannelRef } from '../channels/channels.schema'
import type { RaidStateShape } from './raids.service'
import type { raidDirections, raidStates, RaidRow } from './raids.tables'

const RaidDirectionEnum = builder.enumType('RaidDirection', {
  description: 'Whether the channel raided or was raided.',
  values: {
    outgoing: { description: 'This channel raided another.' },
    incoming: { description: 'Another channel raided this one.' },
  } satisfies Record<(typeof raidDirections)[number], { description: string }>,
})
const RaidStateEnum = builder.enumType('RaidState', {
  description: 'pending until Twitch starts the raid (EventSub channel.raid), then confirmed; or cancelled; incoming raids are received.',
  values: {
    pending: { description: 'Requested; Twitch has not started it yet.' },
    confirmed: { description: 'Twitch started it (EventSub channel.raid).' },
    cancelled: { description: 'Cancelled before it started.' },
    received: { description: 'An incoming raid.' },
  } satisfies Record<(typeof raidStates)[number], { description: string }>,
})

const RaidRef = builder.objectRef<RaidRow>('Raid').implement({
  extensions: guardedByParent,
  description: 'One raid of the channel: started by it (outgoing) or received (incoming).',
  fields: (t) => ({
    id: t.id({ description: 'The raid’s id.', resolve: (r) => String(r.id) }),
    direction: t.field({ type: RaidDirectionEnum, description: 'Outgoing or incoming.', resolve: (r) => r.direction }),
    state: t.field({ type: RaidStateEnum, description: 'Where the raid stands.', resolve: (r) => r.state }),
    otherId: t.exposeString('otherId', { description: 'The Twitch id of the target (outgoing) or the raider (incoming).' }),
    otherLogin: t.exposeString('otherLogin', { description: 'The other channel’s login name.' }),
    otherName: t.exposeString('otherName', { description: 'The other channel’s display name.' }),
    viewers: t.exposeInt('viewers', { nullable: true, description: 'Viewers as Twitch reported them in channel.raid.' }),
    requestedAt: t.field({ type: 'DateTime', description: 'When it was asked for (outgoing) or received (incoming).', resolve: (r) => r.requestedAt }),
    settledAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was confirmed or cancelled; null while pending.',
      resolve: (r) => r.settledAt,
    }),
    shoutout: t.exposeString('shoutout', { nullable: true, description: 'The shoutout the bot gave: sent, or why not.' }),
  }),
})

const RaidChannelStateRef = builder.objectRef<RaidStateShape>('RaidChannelState').implement({
  extensions: guardedByParent,
  description: "The raid panel's state of a channel (spec app state raidActive, raidedChannel).",
  fields: (t) => ({
    supported: t.exposeBoolean('supported', { description: 'false on Kick: its public API has no raid or host endpoint.' }),
    raidActive: t.exposeBoolean('raidActive', { description: 'A raid is pending (requested, not yet started or cancelled).' }),
    raidedChannel: t.exposeString('raidedChannel', {
      nullable: true,
      description: "The pending raid's target, else the channel raided in the last 24 h; null is the spec's 'none'.",
    }),
    pending: t.field({ type: RaidRef, nullable: true, description: 'The pending raid; null when none.', resolve: (s) => s.pending }),
    limitPer24h: t.exposeInt('limitPer24h', { nullable: true, description: "The plan's raids per 24 h; null: unlimited." }),
    usedLast24h: t.exposeInt('usedLast24h', { description: 'Outgoing raids Twitch started (confirmed) in the last 24 h.' }),
    nextRaidAt: t.field({ type: 'DateTime', nullable: true, description: 'When the next raid is allowed; null: now.', resolve: (s) => s.nextRaidAt }),
  }),
})

const RaidTargetRef = builder.objectRef<ChannelSearchResult>('RaidTarget').implement({
  extensions: guardedByParent,
  description: 'A live Twitch channel found by the search.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The Twitch channel id (startRaid’s targetId).' }),
    login: t.exposeString('login', { description: 'The login name.' }),
    displayName: t.exposeString('displayName', { description: 'The display name.' }),
    language: t.exposeString('language', { description: 'The language the broadcaster streams in (ISO 639-1).' }),
    category: t.exposeString('category', { description: 'The game or category being streamed.' }),
    title: t.exposeString('title', { description: 'The stream title.' }),
    live: t.exposeBoolean('live', { description: 'Live now (the search asks for live channels only).' }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  raid: t.field({
    authScopes: { token: 'channel:read' },
    type: RaidChannelStateRef,
    description: 'The raid panel’s state: pending raid, the plan’s allowance, when the next raid is allowed.',
    resolve: (c, _a, ctx) => ctx.services.raids.stateOf(c),
  }),
  raids: t.field({
    authScopes: { token: 'channel:read' },
    type: [RaidRef],
    description: 'Raid history, newest first.',
    args: { first: t.arg.int({ defaultValue: 20, description: 'How many: 1 to 100.' }) },
    resolve: (c, { first }, ctx) => ctx.services.raids.history(c.id, first ?? 20),
  }),
}))

builder.queryFields((t) => ({
  // Raid panel: the service checks the channel is the caller's.
  searchRaidTargets: t.withAuth({ signedIn: true, token: 'raids:write' }).field({
    type: [RaidTargetRef],
    description: 'Live Twitch channels matching the query (Helix search/channels, live only), for the raid panel.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      query: t.arg.string({ required: true, description: 'A channel name or part of it.' }),
    },
    resolve: (_r, { channelId, query }, ctx) => ctx.services.raids.search(ctx.principal.userId, String(channelId), query),
  }),
}))

builder.mutationFields((t) => ({
  startRaid: t.withAuth({ signedIn: true, token: 'raids:write' }).field({
    type: RaidRef,
    description: "Asks Twitch to raid the target (POST /raids); pending until Twitch starts it. Within the plan's raids per 24 h.",
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }),
      targetId: t.arg.id({ required: true, description: 'The target’s Twitch id (RaidTarget.id).' }),
    },
    resolve: (_r, { channelId, targetId }, ctx) => ctx.services.raids.start(ctx.principal.userId, String(channelId), String(targetId)),
  }),
  cancelRaid: t.withAuth({ signedIn: true, token: 'raids:write' }).field({
    type: RaidRef,
    description: "Cancels the channel's pending raid (DELETE /raids).",
    args: { channelId: t.arg.id({ required: true, description: 'One of your own channels (another user’s is NOT_FOUND).' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.raids.cancel(ctx.principal.userId, String(channelId)),
  }),
}))
