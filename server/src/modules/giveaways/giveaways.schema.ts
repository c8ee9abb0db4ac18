import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { ChannelRef } from '../channels/channels.schema'
import type { giveawayEligibilities, giveawayStates, GiveawayDrawRow, GiveawayEntryRow, GiveawayRow } from './giveaways.tables'

const GiveawayEligibilityEnum = builder.enumType('GiveawayEligibility', {
  description: 'Who may enter: everyone, followers (Twitch), subscribers (and the levels above).',
  values: {
    everyone: { description: 'Any viewer in chat.' },
    followers: { description: 'Followers only (Twitch), optionally for at least `minFollowDays`.' },
    subscribers: { description: 'Subscribers and the levels above (VIPs, moderators, the broadcaster).' },
  } satisfies Record<(typeof giveawayEligibilities)[number], { description: string }>,
})
const GiveawayStateEnum = builder.enumType('GiveawayState', {
  description: 'Whether a giveaway takes entries.',
  values: {
    open: { description: 'Taking entries.' },
    closed: { description: 'No more entries (closed by hand, by its timer, or by a draw).' },
  } satisfies Record<(typeof giveawayStates)[number], { description: string }>,
})

const GiveawayEntryRef = builder.objectRef<GiveawayEntryRow>('GiveawayEntry').implement({
  extensions: guardedByParent,
  description: 'A viewer who entered a giveaway.',
  fields: (t) => ({
    id: t.id({ description: 'The entry id.', resolve: (e) => String(e.id) }),
    login: t.exposeString('login', { description: 'The viewer’s login.' }),
    name: t.exposeString('name', { description: 'Their display name.' }),
    tickets: t.exposeInt('tickets', { description: 'Their tickets in a draw (subscribers get `subscriberTickets`).' }),
    subscriber: t.exposeBoolean('subscriber', { description: 'They were a subscriber when they entered.' }),
    enteredAt: t.field({ type: 'DateTime', description: 'When they entered.', resolve: (e) => e.enteredAt }),
  }),
})

const ChatLineRef = builder.objectRef<{ text: string; at: Date }>('GiveawayWinnerLine').implement({
  extensions: guardedByParent,
  description: 'A chat line the winner wrote.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The message.' }),
    at: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (l) => l.at }),
  }),
})

const GiveawayDrawRef = builder.objectRef<GiveawayDrawRow & { channelId: number }>('GiveawayDraw').implement({
  description: 'A draw with what it drew from: the entries not drawn before, their tickets in order, and the ticket crypto.randomInt chose.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The draw id.', resolve: (d) => String(d.id) }),
    winner: t.field({
      type: GiveawayEntryRef,
      nullable: true,
      description: 'The entry drawn (null only when it can no longer be found).',
      resolve: (d, _a, ctx) => ctx.services.giveaways.entryById(d.entryId),
    }),
    entriesDrawnFrom: t.int({ description: 'Entries in the pool (those not drawn before).', resolve: (d) => d.pool.length }),
    totalTickets: t.exposeInt('totalTickets', { description: 'Their tickets together.' }),
    ticket: t.exposeInt('ticket', { description: 'The ticket chosen, 0 to totalTickets − 1, counted through the pool in order.' }),
    drawnAt: t.field({ type: 'DateTime', description: 'When it was drawn.', resolve: (d) => d.drawnAt }),
    winnerMessages: t.field({
      type: [ChatLineRef],
      description: "The winner's chat lines since the draw (to check they are present).",
      resolve: (d, _a, ctx) => ctx.services.giveaways.winnerMessages(d, d.channelId),
    }),
  }),
})

const GiveawayRef = builder.objectRef<GiveawayRow>('Giveaway').implement({
  extensions: guardedByParent,
  description: 'A giveaway in a channel’s chat: viewers enter, the owner draws winners.',
  fields: (t) => ({
    id: t.id({ description: 'The giveaway id.', resolve: (g) => String(g.id) }),
    prize: t.exposeString('prize', { description: 'What is given away (1 to 100 characters).' }),
    keyword: t.exposeString('keyword', { nullable: true, description: 'null: every chat line enters.' }),
    eligibility: t.field({ type: GiveawayEligibilityEnum, description: 'Who may enter.', resolve: (g) => g.eligibility }),
    minFollowDays: t.exposeInt('minFollowDays', { nullable: true, description: 'Followers: days followed at least; null: any.' }),
    maxEntries: t.exposeInt('maxEntries', { nullable: true, description: 'Entries taken at most; null: no limit.' }),
    subscriberTickets: t.exposeInt('subscriberTickets', { description: 'Tickets a subscriber gets (others get 1).' }),
    endsAt: t.field({ type: 'DateTime', nullable: true, description: 'When entries close by themselves; null: closed by hand.', resolve: (g) => g.endsAt }),
    state: t.field({ type: GiveawayStateEnum, description: 'Open or closed.', resolve: (g) => g.state }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was opened.', resolve: (g) => g.createdAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it closed; null: still open.', resolve: (g) => g.closedAt }),
    entryCount: t.int({ description: 'How many entered.', resolve: async (g, _a, ctx) => (await ctx.services.giveaways.entryCounts([g.id])).get(g.id) ?? 0 }),
    entries: t.field({ type: [GiveawayEntryRef], description: 'Its entries.', resolve: (g, _a, ctx) => ctx.services.giveaways.entriesOf(g.id) }),
    draws: t.field({
      type: [GiveawayDrawRef],
      description: 'Its draws (the first, then rerolls).',
      resolve: async (g, _a, ctx) => (await ctx.services.giveaways.drawsOf(g.id)).map((d) => ({ ...d, channelId: g.channelId })),
    }),
  }),
})

const GiveawayInput = builder.inputType('GiveawayInput', {
  description: 'A new giveaway.',
  fields: (t) => ({
    prize: t.string({ required: true, description: 'What is given away, 1 to 100 characters.' }),
    keyword: t.string({ description: 'e.g. !join; none: every chat line enters.' }),
    eligibility: t.field({ type: GiveawayEligibilityEnum, description: 'Who may enter; omitted: everyone.' }),
    minFollowDays: t.int({ description: 'Followers: days followed at least, 0 to 3650.' }),
    maxEntries: t.int({ description: 'Entries taken at most, 1 to 100000; omitted: no limit.' }),
    subscriberTickets: t.int({ description: 'Tickets per subscriber (sub luck), 1 to 10.' }),
    durationMinutes: t.int({ description: 'Entries close after this; none: close by hand.' }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  giveaways: t.field({ type: [GiveawayRef], description: 'Newest first (the last 50).', resolve: (c, _a, ctx) => ctx.services.giveaways.list(c.id) }),
}))

builder.mutationFields((t) => ({
  openGiveaway: t.withAuth({ signedIn: true, token: 'giveaways:write' }).field({
    type: GiveawayRef,
    description: 'Opens a giveaway in a channel’s chat.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: GiveawayInput, required: true, description: 'The giveaway.' }),
    },
    resolve: (_r, { channelId, input }, ctx) =>
      ctx.services.giveaways.open(ctx.principal.userId, String(channelId), {
        ...input,
        eligibility: input.eligibility ?? undefined,
        subscriberTickets: input.subscriberTickets ?? undefined,
      }),
  }),
  closeGiveaway: t.withAuth({ signedIn: true, token: 'giveaways:write' }).field({
    type: GiveawayRef,
    description: 'Stops taking entries.',
    args: { id: t.arg.id({ required: true, description: 'The giveaway id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.giveaways.close(ctx.principal.userId, String(id)),
  }),
  drawGiveaway: t.withAuth({ signedIn: true, token: 'giveaways:write' }).field({
    type: GiveawayDrawRef,
    description: 'Draws a winner among the entries not drawn before (closing the giveaway); again to reroll.',
    args: { id: t.arg.id({ required: true, description: 'The giveaway id.' }) },
    resolve: async (_r, { id }, ctx) => {
      const d = await ctx.services.giveaways.draw(ctx.principal.userId, String(id))
      const { giveaway } = await ctx.services.giveaways.owned(ctx.principal.userId, String(id))
      return { ...d, channelId: giveaway.channelId }
    },
  }),
}))
