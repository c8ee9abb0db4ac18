import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { ChannelRef } from '../channels/channels.schema'
import { giveawayEligibilities, giveawayStates, type GiveawayDrawRow, type GiveawayEntryRow, type GiveawayRow } from './giveaways.tables'

const GiveawayEligibilityEnum = builder.enumType('GiveawayEligibility', {
  description: 'Who may enter: everyone, followers (Twitch), subscribers (and the levels above).',
  values: giveawayEligibilities,
})
const GiveawayStateEnum = builder.enumType('GiveawayState', { values: giveawayStates })

const GiveawayEntryRef = builder.objectRef<GiveawayEntryRow>('GiveawayEntry').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    login: t.exposeString('login'),
    name: t.exposeString('name'),
    tickets: t.exposeInt('tickets'),
    subscriber: t.exposeBoolean('subscriber'),
    enteredAt: t.field({ type: 'DateTime', resolve: (e) => e.enteredAt }),
  }),
})

const ChatLineRef = builder.objectRef<{ text: string; at: Date }>('GiveawayWinnerLine').implement({
  extensions: guardedByParent,
  fields: (t) => ({ text: t.exposeString('text'), at: t.field({ type: 'DateTime', resolve: (l) => l.at }) }),
})

const GiveawayDrawRef = builder.objectRef<GiveawayDrawRow & { channelId: number }>('GiveawayDraw').implement({
  description: 'A draw with what it drew from: the entries not drawn before, their tickets in order, and the ticket crypto.randomInt chose.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (d) => String(d.id) }),
    winner: t.field({ type: GiveawayEntryRef, nullable: true, resolve: (d, _a, ctx) => ctx.services.giveaways.entryById(d.entryId) }),
    entriesDrawnFrom: t.int({ resolve: (d) => d.pool.length }),
    totalTickets: t.exposeInt('totalTickets'),
    ticket: t.exposeInt('ticket'),
    drawnAt: t.field({ type: 'DateTime', resolve: (d) => d.drawnAt }),
    winnerMessages: t.field({
      type: [ChatLineRef],
      description: "The winner's chat lines since the draw (to check they are present).",
      resolve: (d, _a, ctx) => ctx.services.giveaways.winnerMessages(d, d.channelId),
    }),
  }),
})

const GiveawayRef = builder.objectRef<GiveawayRow>('Giveaway').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (g) => String(g.id) }),
    prize: t.exposeString('prize'),
    keyword: t.exposeString('keyword', { nullable: true, description: 'null: every chat line enters.' }),
    eligibility: t.field({ type: GiveawayEligibilityEnum, resolve: (g) => g.eligibility }),
    minFollowDays: t.exposeInt('minFollowDays', { nullable: true }),
    maxEntries: t.exposeInt('maxEntries', { nullable: true }),
    subscriberTickets: t.exposeInt('subscriberTickets'),
    endsAt: t.field({ type: 'DateTime', nullable: true, resolve: (g) => g.endsAt }),
    state: t.field({ type: GiveawayStateEnum, resolve: (g) => g.state }),
    createdAt: t.field({ type: 'DateTime', resolve: (g) => g.createdAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (g) => g.closedAt }),
    entryCount: t.int({ resolve: async (g, _a, ctx) => (await ctx.services.giveaways.entryCounts([g.id])).get(g.id) ?? 0 }),
    entries: t.field({ type: [GiveawayEntryRef], resolve: (g, _a, ctx) => ctx.services.giveaways.entriesOf(g.id) }),
    draws: t.field({
      type: [GiveawayDrawRef],
      resolve: async (g, _a, ctx) => (await ctx.services.giveaways.drawsOf(g.id)).map((d) => ({ ...d, channelId: g.channelId })),
    }),
  }),
})

const GiveawayInput = builder.inputType('GiveawayInput', {
  fields: (t) => ({
    prize: t.string({ required: true }),
    keyword: t.string({ description: 'e.g. !join; none: every chat line enters.' }),
    eligibility: t.field({ type: GiveawayEligibilityEnum }),
    minFollowDays: t.int(),
    maxEntries: t.int(),
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
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: GiveawayInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) =>
      ctx.services.giveaways.open(ctx.principal.userId, String(channelId), {
        ...input,
        eligibility: input.eligibility ?? undefined,
        subscriberTickets: input.subscriberTickets ?? undefined,
      }),
  }),
  closeGiveaway: t.withAuth({ signedIn: true, token: 'giveaways:write' }).field({
    type: GiveawayRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.giveaways.close(ctx.principal.userId, String(id)),
  }),
  drawGiveaway: t.withAuth({ signedIn: true, token: 'giveaways:write' }).field({
    type: GiveawayDrawRef,
    description: 'Draws a winner among the entries not drawn before (closing the giveaway); again to reroll.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      const d = await ctx.services.giveaways.draw(ctx.principal.userId, String(id))
      const { giveaway } = await ctx.services.giveaways.owned(ctx.principal.userId, String(id))
      return { ...d, channelId: giveaway.channelId }
    },
  }),
}))
