import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { ChannelRef } from '../channels/channels.schema'
import type { commandPermissions } from '../commands/commands.tables'
import type { QuoteRow } from './quotes.tables'

const QuoteRef = builder.objectRef<QuoteRow>('Quote').implement({
  description: 'A quote of a channel (`!quote 12` in chat).',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The quote (the argument of updateQuote / deleteQuote).', resolve: (q) => String(q.id) }),
    number: t.exposeInt('number', { description: 'Its number in the channel, as viewers ask for it (`!quote 12`).' }),
    text: t.exposeString('text', { description: 'The quoted words (1 to 400 characters).' }),
    game: t.exposeString('game', { nullable: true, description: 'The stream category when it was added.' }),
    addedBy: t.exposeString('addedBy', { nullable: true, description: "The viewer's login who added it in chat; null from the dashboard." }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added (its date is shown in chat).', resolve: (q) => q.createdAt }),
  }),
})

const QuoteInput = builder.inputType('QuoteInput', {
  description: 'A new quote added on the dashboard (it gets the next number: one above the highest).',
  fields: (t) => ({
    text: t.string({ required: true, description: 'The quoted words: 1 to 400 characters after trimming.' }),
    game: t.string({ description: 'The stream category to record, at most 100 characters; null or empty: none.' }),
  }),
})
const QuotePatch = builder.inputType('QuotePatch', {
  description: 'Only the given fields change; game null clears it.',
  fields: (t) => ({
    text: t.string({ description: 'The new words: 1 to 400 characters after trimming.' }),
    game: t.string({ description: 'The new stream category, at most 100 characters; null or empty clears it.' }),
  }),
})
const QuoteAddPermission = builder.enumType('QuoteAddPermission', {
  description: 'Who may add quotes with !addquote.',
  values: {
    everyone: { description: 'Every viewer in chat.' },
    subscriber: { description: 'Subscribers and above (VIPs, moderators, the broadcaster).' },
    vip: { description: 'VIPs and above (moderators, the broadcaster).' },
    moderator: { description: 'Moderators and the broadcaster (the default).' },
    broadcaster: { description: 'The broadcaster only.' },
  } satisfies Record<(typeof commandPermissions)[number], { description: string }>,
})

builder.objectFields(ChannelRef, (t) => ({
  quotes: t.field({
    description: 'The channel’s quotes by number (owner only; a token needs commands:read).',
    authScopes: { token: 'commands:read' },
    type: [QuoteRef],
    resolve: (c, _a, ctx) => ctx.services.quotes.list(c.id),
  }),
  quoteAddPermission: t.field({
    description: 'Who may add quotes with !addquote (moderators unless the owner changed it).',
    authScopes: { token: 'commands:read' },
    type: QuoteAddPermission,
    resolve: (c, _a, ctx) => ctx.services.quotes.addPermission(c.id),
  }),
}))

builder.mutationFields((t) => ({
  createQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteRef,
    description: 'The owner adds a quote to a channel, numbered one above the highest number in the channel.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your channels.' }),
      input: t.arg({ type: QuoteInput, required: true, description: 'The text and game.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.quotes.create(ctx.principal.userId, String(channelId), input),
  }),
  updateQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteRef,
    description: 'The owner changes a quote’s text or game (its number stays).',
    args: {
      id: t.arg.id({ required: true, description: 'The quote.' }),
      input: t.arg({ type: QuotePatch, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.quotes.update(ctx.principal.userId, String(id), input),
  }),
  deleteQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    description: 'The owner deletes a quote (the other numbers stay); NOT_FOUND for another user’s.',
    args: { id: t.arg.id({ required: true, description: 'The quote.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.quotes.remove(ctx.principal.userId, String(id)),
  }),
  setQuoteAddPermission: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteAddPermission,
    description: 'The owner sets who may add quotes with !addquote; answers the level now in force.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your channels.' }),
      permission: t.arg({ type: QuoteAddPermission, required: true, description: 'The lowest level that may add.' }),
    },
    resolve: (_r, { channelId, permission }, ctx) => ctx.services.quotes.setAddPermission(ctx.principal.userId, String(channelId), permission),
  }),
}))
