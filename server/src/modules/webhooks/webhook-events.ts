/**
 * The catalogue of webhook events. A module that adds an event defines it once here, through
 * `webhookEvents.define` (exported by webhooks.module.ts), and enqueues it with
 * `services.webhooks.enqueue(tx, channelId, type, data)` in the transaction of its change. The
 * endpoint form offers every defined type; an unknown type is refused when an endpoint is saved
 * and when an event is enqueued.
 */
export interface WebhookEventType {
  type: string
  /** One sentence for the settings page and the developers' documentation. */
  description: string
  /** An example of the event's `data` (documentation and the test event). */
  example: Record<string, unknown>
}

const defined = new Map<string, WebhookEventType>()

export const webhookEvents = {
  define(event: WebhookEventType): string {
    if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/.test(event.type)) throw new Error(`webhook event type "${event.type}" is not lower.dotted`)
    if (defined.has(event.type)) throw new Error(`webhook event type "${event.type}" is defined twice`)
    defined.set(event.type, event)
    return event.type
  },
  has: (type: string) => defined.has(type),
  get: (type: string) => defined.get(type),
  /** Every defined type, in the order of definition. */
  all: (): WebhookEventType[] => [...defined.values()],
}

/** The events of the product's own modules (the test event is sent only when asked for). */
export const WEBHOOK_EVENTS = {
  follow: webhookEvents.define({
    type: 'follow',
    description: 'A viewer followed the channel for the first time.',
    example: { userId: '1234', login: 'fanone', name: 'FanOne', followedAt: '2026-01-01T12:00:00.000Z' },
  }),
  raidIncoming: webhookEvents.define({
    type: 'raid.incoming',
    description: 'Another channel raided this one.',
    example: { from: { login: 'friend', name: 'Friend' }, viewers: 42 },
  }),
  raidOutgoing: webhookEvents.define({
    type: 'raid.outgoing',
    description: 'This channel raided another one.',
    example: { to: { login: 'friend', name: 'Friend' }, viewers: 42 },
  }),
  streamOnline: webhookEvents.define({
    type: 'stream.online',
    description: 'The stream went live.',
    example: { category: 'Just Chatting', title: 'Hello' },
  }),
  streamOffline: webhookEvents.define({
    type: 'stream.offline',
    description: 'The stream ended.',
    example: {},
  }),
  commandUsed: webhookEvents.define({
    type: 'command.used',
    description: 'A viewer used one of the channel’s chat commands and the bot answered.',
    example: { trigger: '!discord', user: 'FanOne', useCount: 12 },
  }),
  moderationAction: webhookEvents.define({
    type: 'moderation.action',
    description: 'The bot or a moderator deleted a message, timed out or banned a viewer.',
    example: { action: 'timeout', user: 'spammer', reason: 'link', durationSeconds: 600 },
  }),
  test: webhookEvents.define({
    type: 'webhook.test',
    description: 'Sent by “Send a test event”; never sent otherwise.',
    example: { message: 'This is a test event.' },
  }),
} as const
