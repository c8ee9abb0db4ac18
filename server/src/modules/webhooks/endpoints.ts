import { and, asc, count, desc, eq, lt } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../errors'
import { toId } from '../../ids'
import { tokenChannel } from '../../permissions/token-scopes'
import { parseFields } from '../../validation'
import { channels } from '../channels/channels.tables'
import { resolveTarget } from './address-guard'
import { enqueue } from './enqueue'
import { newWebhookSecret } from './signing'
import { WEBHOOK_EVENTS, webhookEvents } from './webhook-events'
import { auditEndpoint, MAX_ENDPOINTS, type WebhooksDeps } from './webhooks-deps'
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from './webhooks.tables'

/** What is wrong with an endpoint URL, or null. */
function urlProblem(s: string): string | null {
  if (!URL.canParse(s)) return 'Not a URL.'
  const url = new URL(s)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https URLs are allowed.'
  if (url.username || url.password) return 'No user name or password in the URL.'
  return null
}

const urlField = z
  .string()
  .trim()
  .max(2000, { error: 'At most 2000 characters.' })
  .superRefine((s, ctx) => {
    const problem = urlProblem(s)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const eventsField = z
  .array(z.string().refine((t) => webhookEvents.has(t) && t !== WEBHOOK_EVENTS.test, { error: 'Unknown event type.' }))
  .min(1, { error: 'Choose at least one event.' })
  .max(50)
  .transform((a) => [...new Set(a)])

const createInput = z.object({
  url: urlField,
  description: z.string().trim().max(200, { error: 'At most 200 characters.' }).default(''),
  events: eventsField,
  enabled: z.boolean().default(true),
})
const patchInput = z.object({
  url: urlField.optional(),
  description: z.string().trim().max(200, { error: 'At most 200 characters.' }).optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
})

/**
 * Whether the caller may reach this channel: theirs and, for a channel-bound access token, its one
 * channel (these lookups do not pass through channels.owned, so they check the token's channel here).
 */
const reachable = (owner: number, userId: number, channelId: number) => {
  const only = tokenChannel()
  return owner === userId && (only === null || only === channelId)
}

/** The caller's channel, else NOT_FOUND (another user's channel is not revealed). */
async function ownedChannel({ db }: WebhooksDeps, userId: number, channelId: number | string): Promise<number> {
  const id = toId(channelId, 'channelId')
  const [row] = await db.select({ userId: channels.userId }).from(channels).where(eq(channels.id, id))
  if (!row || !reachable(row.userId, userId, id)) throw new AppError('NOT_FOUND', 'Channel not found')
  return id
}

async function ownedEndpoint(deps: WebhooksDeps, userId: number, endpointId: number | string): Promise<WebhookEndpointRow> {
  const id = toId(endpointId, 'id')
  const [row] = await deps.db
    .select({ endpoint: webhookEndpoints, owner: channels.userId })
    .from(webhookEndpoints)
    .innerJoin(channels, eq(channels.id, webhookEndpoints.channelId))
    .where(eq(webhookEndpoints.id, id))
  if (!row || !reachable(row.owner, userId, row.endpoint.channelId)) throw new AppError('NOT_FOUND', 'Webhook endpoint not found')
  return row.endpoint
}

/** What the channel log keeps of an endpoint: never its secret. */
const logged = (e: WebhookEndpointRow) => ({ id: e.id, url: e.url, description: e.description, events: e.events, enabled: e.enabled })

/** Refuses, when saving, a URL whose host resolves to a refused address (delivery checks again). */
async function checkReachable(deps: WebhooksDeps, url: string): Promise<void> {
  const target = await resolveTarget(new URL(url), deps.settings.allowPrivate)
  if (!target.ok && !/did not resolve|has no address/.test(target.reason)) throw new AppError('BAD_USER_INPUT', target.reason, { url: [target.reason] })
}

export async function listEndpoints(deps: WebhooksDeps, userId: number, channelId: number | string): Promise<WebhookEndpointRow[]> {
  const id = await ownedChannel(deps, userId, channelId)
  return deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.channelId, id)).orderBy(asc(webhookEndpoints.id))
}

export async function createEndpoint(deps: WebhooksDeps, userId: number, channelId: number | string, raw: unknown): Promise<WebhookEndpointRow> {
  const id = await ownedChannel(deps, userId, channelId)
  const input = parseFields(createInput, raw)
  await checkReachable(deps, input.url)
  const at = deps.now()
  return deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.channelId, id))
    if (n >= MAX_ENDPOINTS) throw new AppError('PLAN_LIMIT', `A channel has at most ${MAX_ENDPOINTS} webhook endpoints`)
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ channelId: id, ...input, secret: newWebhookSecret(), createdAt: at, updatedAt: at })
      .returning()
    await auditEndpoint(deps, tx, { channelId: id, actorId: userId, action: 'webhook.create', after: logged(row!) })
    return row!
  })
}

export async function updateEndpoint(deps: WebhooksDeps, userId: number, endpointId: number | string, raw: unknown): Promise<WebhookEndpointRow> {
  const existing = await ownedEndpoint(deps, userId, endpointId)
  const input = parseFields(patchInput, raw)
  if (input.url) await checkReachable(deps, input.url)
  // Switching an endpoint back on starts its failure count afresh.
  const reset = input.enabled === true && !existing.enabled ? { failures: 0, disabledReason: null } : {}
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...input, ...reset, updatedAt: deps.now() })
      .where(eq(webhookEndpoints.id, existing.id))
      .returning()
    await auditEndpoint(deps, tx, { channelId: existing.channelId, actorId: userId, action: 'webhook.update', before: logged(existing), after: logged(row!) })
    return row!
  })
}

export async function deleteEndpoint(deps: WebhooksDeps, userId: number, endpointId: number | string): Promise<boolean> {
  const existing = await ownedEndpoint(deps, userId, endpointId)
  await deps.db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, existing.id))
    await auditEndpoint(deps, tx, { channelId: existing.channelId, actorId: userId, action: 'webhook.delete', before: logged(existing) })
  })
  return true
}

/** A new secret; the old one stops working at once (receivers must take the new one). */
export async function rotateSecret(deps: WebhooksDeps, userId: number, endpointId: number | string): Promise<WebhookEndpointRow> {
  const existing = await ownedEndpoint(deps, userId, endpointId)
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret(), updatedAt: deps.now() })
      .where(eq(webhookEndpoints.id, existing.id))
      .returning()
    // Which endpoint got a new secret; the secrets themselves stay out of the log.
    await auditEndpoint(deps, tx, {
      channelId: existing.channelId,
      actorId: userId,
      action: 'webhook.rotateSecret',
      before: { id: existing.id, url: existing.url },
    })
    return row!
  })
}

/** The endpoint's delivery log, newest first; `before` pages to older ones. */
export async function listDeliveries(
  deps: WebhooksDeps,
  userId: number,
  endpointId: number | string,
  first: number,
  before: string | null | undefined,
): Promise<WebhookDeliveryRow[]> {
  if (!Number.isInteger(first) || first < 1 || first > 100) throw new AppError('BAD_USER_INPUT', 'first must be 1 to 100', { first: ['From 1 to 100.'] })
  const endpoint = await ownedEndpoint(deps, userId, endpointId)
  const older = before === null || before === undefined ? undefined : lt(webhookDeliveries.id, toId(before, 'before'))
  return deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), older))
    .orderBy(desc(webhookDeliveries.id))
    .limit(first)
}

/** Sends a logged delivery again, with the same webhook-id and body, as soon as the loop runs. */
export async function redeliver(deps: WebhooksDeps, userId: number, deliveryId: number | string): Promise<WebhookDeliveryRow> {
  const id = toId(deliveryId, 'id')
  const [found] = await deps.db.select({ endpointId: webhookDeliveries.endpointId }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
  if (!found) throw new AppError('NOT_FOUND', 'Delivery not found')
  await ownedEndpoint(deps, userId, found.endpointId).catch(() => {
    throw new AppError('NOT_FOUND', 'Delivery not found')
  })
  const [row] = await deps.db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: deps.now() }).where(eq(webhookDeliveries.id, id)).returning()
  return row!
}

/** Queues a `webhook.test` event for this endpoint only (it must be on). */
export async function sendTest(deps: WebhooksDeps, userId: number, endpointId: number | string): Promise<boolean> {
  const endpoint = await ownedEndpoint(deps, userId, endpointId)
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'The endpoint is switched off; switch it on first')
  const queued = await deps.db.transaction((tx) => enqueue(deps, tx, endpoint.channelId, WEBHOOK_EVENTS.test, WEBHOOK_EVENTS_EXAMPLE_TEST, endpoint.id))
  return queued > 0
}

const WEBHOOK_EVENTS_EXAMPLE_TEST = { message: 'This is a test event.' }
