import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { WebhookEventType } from './webhook-events'
import { webhookDeliveryStatuses, type WebhookDeliveryRow, type WebhookEndpointRow } from './webhooks.tables'

const WebhookEventTypeRef = builder.objectRef<WebhookEventType>('WebhookEventType').implement({
  description: 'An event a webhook endpoint can subscribe to (the catalogue grows as features add events).',
  extensions: guardedByParent,
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The event type, e.g. `follow` or `raid.incoming`: the `type` of the body sent.' }),
    description: t.exposeString('description', { description: 'What happened, in one English sentence.' }),
    example: t.string({ description: 'An example of the event body’s `data`, as JSON text.', resolve: (e) => JSON.stringify(e.example) }),
  }),
})

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    pending: { value: webhookDeliveryStatuses[0], description: 'Waiting for its first attempt or its next retry.' },
    delivered: { value: webhookDeliveryStatuses[1], description: 'The receiver answered 2xx.' },
    failed: { value: webhookDeliveryStatuses[2], description: 'Retried for WEBHOOKS_RETRY_FOR_SECONDS (a day) without success; redeliver to try again.' },
  },
})

const WebhookEndpointRef = builder.objectRef<WebhookEndpointRow>('WebhookEndpoint').implement({
  description: 'Where a channel’s events are sent, signed the Standard Webhooks way with the endpoint’s secret.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The endpoint’s id.', resolve: (e) => String(e.id) }),
    channelId: t.id({ description: 'The channel whose events it receives.', resolve: (e) => String(e.channelId) }),
    url: t.exposeString('url', { description: 'The http(s) URL each event is POSTed to; redirects are not followed.' }),
    description: t.exposeString('description', { description: 'The owner’s note on what receives these events.' }),
    events: t.exposeStringList('events', { description: 'The event types sent here (see `webhookEventTypes`).' }),
    secret: t.exposeString('secret', { description: 'The signing secret (`whsec_…`), for the receiver’s Standard Webhooks library.' }),
    enabled: t.exposeBoolean('enabled', { description: 'Off: events are not queued for it, and queued ones wait.' }),
    failures: t.exposeInt('failures', { description: 'Failed attempts in a row; at WEBHOOKS_DISABLE_AFTER_FAILURES the endpoint is switched off.' }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why the server switched it off; null while on or when switched off by hand.',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (e) => e.updatedAt }),
  }),
})

const WebhookDeliveryRef = builder.objectRef<WebhookDeliveryRow>('WebhookDelivery').implement({
  description: 'One event sent (or to be sent) to one endpoint, with the outcome of its last attempt.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The delivery’s id (for redeliver).', resolve: (d) => String(d.id) }),
    messageId: t.exposeString('messageId', { description: 'The `webhook-id` header of every attempt (`msg_…`): receivers drop repeats by it.' }),
    eventType: t.exposeString('eventType', { description: 'The event type sent.' }),
    payload: t.exposeString('payload', { description: 'The exact JSON body sent.' }),
    status: t.field({ type: WebhookDeliveryStatusEnum, description: 'Pending, delivered or failed.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When a pending delivery is tried next.',
      resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt : null),
    }),
    lastAttemptAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was last tried.', resolve: (d) => d.lastAttemptAt }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: 'The HTTP status of the last answer; null when none came.' }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true, description: 'How long the last attempt took, in ms.' }),
    responseExcerpt: t.exposeString('responseExcerpt', {
      nullable: true,
      description: 'The first 4 KiB of the last answer, or why no answer came (refused address, timeout, redirect not followed).',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the event happened.', resolve: (d) => d.createdAt }),
  }),
})

const endpointFields = (required: boolean) =>
  builder.inputType(required ? 'WebhookEndpointInput' : 'WebhookEndpointPatch', {
    description: required ? 'A new webhook endpoint (its secret is made by the server).' : 'Only the given fields change.',
    fields: (t) => ({
      url: t.string({ required, description: 'An http(s) URL, at most 2000 characters, without user name or password.' }),
      description: t.string({ description: 'A note, at most 200 characters.' }),
      events: t.stringList({ required, description: 'Event types to send (at least one; see `webhookEventTypes`).' }),
      enabled: t.boolean({ description: 'On (the default) or off; switching on resets the failure count.' }),
    }),
  })
const WebhookEndpointInput = endpointFields(true)
const WebhookEndpointPatch = endpointFields(false)

// Webhooks are channel settings: signed in, and the service checks that the channel (or the
// endpoint's channel) belongs to the caller, like commands; another user's is NOT_FOUND. A token
// needs webhooks:read or webhooks:write (and, if channel-bound, reaches its one channel only).
builder.queryFields((t) => ({
  webhookEventTypes: t.withAuth({ signedIn: true, token: 'webhooks:read' }).field({
    type: [WebhookEventTypeRef],
    description: 'Every event type a webhook endpoint can subscribe to, with an example.',
    resolve: (_r, _a, ctx) => ctx.services.webhooks.events(),
  }),
  webhookEndpoints: t.withAuth({ signedIn: true, token: 'webhooks:read' }).field({
    type: [WebhookEndpointRef],
    description: 'The webhook endpoints of one of your channels, oldest first.',
    args: { channelId: t.arg.id({ required: true, description: 'One of your channels.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.webhooks.list(ctx.principal.userId, String(channelId)),
  }),
  webhookDeliveries: t.withAuth({ signedIn: true, token: 'webhooks:read' }).field({
    type: [WebhookDeliveryRef],
    description: 'The delivery log of one of your endpoints, newest first.',
    args: {
      endpointId: t.arg.id({ required: true, description: 'The endpoint.' }),
      first: t.arg.int({ defaultValue: 20, description: 'How many (1 to 100).' }),
      before: t.arg.id({ description: 'Only deliveries older than this delivery id (the next page).' }),
    },
    resolve: (_r, { endpointId, first, before }, ctx) =>
      ctx.services.webhooks.deliveries(ctx.principal.userId, String(endpointId), first ?? 20, before === null || before === undefined ? null : String(before)),
  }),
}))

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.withAuth({ signedIn: true, token: 'webhooks:write' }).field({
    type: WebhookEndpointRef,
    description: 'Adds a webhook endpoint to one of your channels (at most 10); the answer carries its new secret.',
    args: {
      channelId: t.arg.id({ required: true, description: 'One of your channels.' }),
      input: t.arg({ type: WebhookEndpointInput, required: true, description: 'The URL and events.' }),
    },
    resolve: (_r, { channelId, input }, ctx) => ctx.services.webhooks.create(ctx.principal.userId, String(channelId), input),
  }),
  updateWebhookEndpoint: t.withAuth({ signedIn: true, token: 'webhooks:write' }).field({
    type: WebhookEndpointRef,
    description: 'Changes one of your webhook endpoints.',
    args: {
      id: t.arg.id({ required: true, description: 'The endpoint.' }),
      input: t.arg({ type: WebhookEndpointPatch, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.webhooks.update(ctx.principal.userId, String(id), input),
  }),
  deleteWebhookEndpoint: t.withAuth({ signedIn: true, token: 'webhooks:write' }).boolean({
    description: 'Removes one of your webhook endpoints with its delivery log.',
    args: { id: t.arg.id({ required: true, description: 'The endpoint.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.remove(ctx.principal.userId, String(id)),
  }),
  rotateWebhookSecret: t.withAuth({ signedIn: true, token: 'webhooks:write' }).field({
    type: WebhookEndpointRef,
    description: 'Gives the endpoint a new secret; the old one stops at once.',
    args: { id: t.arg.id({ required: true, description: 'The endpoint.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.rotateSecret(ctx.principal.userId, String(id)),
  }),
  redeliverWebhook: t.withAuth({ signedIn: true, token: 'webhooks:write' }).field({
    type: WebhookDeliveryRef,
    description: 'Sends a logged delivery again (same webhook-id and body) on the next pass of the delivery loop.',
    args: { deliveryId: t.arg.id({ required: true, description: 'The delivery.' }) },
    resolve: (_r, { deliveryId }, ctx) => ctx.services.webhooks.redeliver(ctx.principal.userId, String(deliveryId)),
  }),
  sendTestWebhook: t.withAuth({ signedIn: true, token: 'webhooks:write' }).boolean({
    description: 'Queues a `webhook.test` event for one of your endpoints (it must be on).',
    args: { endpointId: t.arg.id({ required: true, description: 'The endpoint.' }) },
    resolve: (_r, { endpointId }, ctx) => ctx.services.webhooks.sendTest(ctx.principal.userId, String(endpointId)),
  }),
}))
