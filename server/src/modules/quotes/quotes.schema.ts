import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { ChannelRef } from '../channels/channels.schema'
import { commandPermissions } from '../commands/commands.tables'
import type { QuoteRow } from './quotes.tables'

const QuoteRef = builder.objectRef<QuoteRow>('Quote').implement({
  description: 'A quote of a channel (`!quote 12` in chat).',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (q) => String(q.id) }),
    number: t.exposeInt('number'),
    text: t.exposeString('text'),
    game: t.exposeString('game', { nullable: true, description: 'The stream category when it was added.' }),
    addedBy: t.exposeString('addedBy', { nullable: true, description: "The viewer's login who added it in chat; null from the dashboard." }),
    createdAt: t.field({ type: 'DateTime', resolve: (q) => q.createdAt }),
  }),
})

const QuoteInput = builder.inputType('QuoteInput', {
  fields: (t) => ({ text: t.string({ required: true }), game: t.string() }),
})
const QuotePatch = builder.inputType('QuotePatch', {
  description: 'Only the given fields change; game null clears it.',
  fields: (t) => ({ text: t.string(), game: t.string() }),
})
const QuoteAddPermission = builder.enumType('QuoteAddPermission', {
  description: 'Who may add quotes with !addquote.',
  values: commandPermissions,
})

builder.objectFields(ChannelRef, (t) => ({
  quotes: t.field({ authScopes: { token: 'commands:read' }, type: [QuoteRef], resolve: (c, _a, ctx) => ctx.services.quotes.list(c.id) }),
  quoteAddPermission: t.field({
    authScopes: { token: 'commands:read' },
    type: QuoteAddPermission,
    resolve: (c, _a, ctx) => ctx.services.quotes.addPermission(c.id),
  }),
}))

builder.mutationFields((t) => ({
  createQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteRef,
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: QuoteInput, required: true }) },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.quotes.create(ctx.principal.userId, String(channelId), input),
  }),
  updateQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QuotePatch, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.quotes.update(ctx.principal.userId, String(id), input),
  }),
  deleteQuote: t.withAuth({ signedIn: true, token: 'commands:write' }).boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.quotes.remove(ctx.principal.userId, String(id)),
  }),
  setQuoteAddPermission: t.withAuth({ signedIn: true, token: 'commands:write' }).field({
    type: QuoteAddPermission,
    args: { channelId: t.arg.id({ required: true }), permission: t.arg({ type: QuoteAddPermission, required: true }) },
    resolve: (_r, { channelId, permission }, ctx) => ctx.services.quotes.setAddPermission(ctx.principal.userId, String(channelId), permission),
  }),
}))
