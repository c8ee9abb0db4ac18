import type { Db } from '../../db/client'
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, redeliver, rotateSecret, sendTest, updateEndpoint } from './endpoints'
import { enqueue } from './enqueue'
import { webhookEvents } from './webhook-events'
import type { WebhookAuditWriter, WebhooksDeps } from './webhooks-deps'

/**
 * Outgoing webhooks of a channel: endpoints (URL, events, secret), events queued in the
 * transaction of their cause, and the delivery loop that signs (Standard Webhooks) and sends
 * them with retries, logging each attempt.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  return {
    /** Queues `type` for the channel's subscribed endpoints inside `tx` (the caller's transaction). */
    enqueue: (tx: Db, channelId: number, type: string, data: Record<string, unknown>) => enqueue(deps, tx, channelId, type, data),
    events: () => webhookEvents.all(),
    list: (userId: number, channelId: number | string) => listEndpoints(deps, userId, channelId),
    create: (userId: number, channelId: number | string, raw: unknown) => createEndpoint(deps, userId, channelId, raw),
    update: (userId: number, id: number | string, raw: unknown) => updateEndpoint(deps, userId, id, raw),
    remove: (userId: number, id: number | string) => deleteEndpoint(deps, userId, id),
    rotateSecret: (userId: number, id: number | string) => rotateSecret(deps, userId, id),
    deliveries: (userId: number, id: number | string, first: number, before?: string | null) => listDeliveries(deps, userId, id, first, before),
    redeliver: (userId: number, deliveryId: number | string) => redeliver(deps, userId, deliveryId),
    sendTest: (userId: number, id: number | string) => sendTest(deps, userId, id),
    /** The channel log's writer, handed over by the channels module (built after this one): endpoint changes are logged through it. */
    useAudit: (write: WebhookAuditWriter) => {
      deps.audit.write = write
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
export type { WebhookAuditEvent, WebhookAuditWriter } from './webhooks-deps'
export { createWebhookDelivery, type WebhookDelivery } from './delivery'
