import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { webhookEvents } from './webhook-events'
import { MAX_PAYLOAD_BYTES, type WebhooksDeps } from './webhooks-deps'
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables'
import { newMessageId } from './signing'

/** The body every endpoint receives: the Standard Webhooks envelope (type, timestamp, data). */
export function webhookBody(type: string, at: Date, channelId: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data: { channelId: String(channelId), ...data } })
}

/**
 * Queues an event for every enabled endpoint of the channel that subscribed to it, in the
 * caller's transaction `tx`: the event exists exactly when the change that caused it was
 * committed. `onlyEndpoint` sends to that endpoint whatever it subscribed to (the test event).
 * Returns how many deliveries were queued.
 */
export async function enqueue(
  { log, now }: WebhooksDeps,
  tx: Db,
  channelId: number,
  type: string,
  data: Record<string, unknown>,
  onlyEndpoint?: number,
): Promise<number> {
  if (!webhookEvents.has(type)) throw new Error(`webhook event type "${type}" is not defined`)
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.channelId, channelId), eq(webhookEndpoints.enabled, true)))
  const targets = endpoints.filter((e) => (onlyEndpoint === undefined ? e.events.includes(type) : e.id === onlyEndpoint))
  if (targets.length === 0) return 0
  const at = now()
  const payload = webhookBody(type, at, channelId, data)
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    log.warn({ channelId, type, bytes: Buffer.byteLength(payload) }, 'webhook event over the payload limit; not sent')
    return 0
  }
  await tx
    .insert(webhookDeliveries)
    .values(targets.map((e) => ({ endpointId: e.id, messageId: newMessageId(), eventType: type, payload, nextAttemptAt: at, createdAt: at })))
  return targets.length
}
