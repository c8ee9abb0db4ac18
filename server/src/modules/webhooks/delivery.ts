import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import { channels } from '../channels/channels.tables'
import { sendWebhook, type SendResult } from './send'
import { signedHeaders } from './signing'
import type { WebhooksDeps } from './webhooks-deps'
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables'

/** Deliveries one pass claims (sent at once, each with its own timeout). */
const BATCH = 10

interface Claimed {
  id: number
  endpointId: number
  messageId: string
  payload: string
  attempts: number
  createdAt: Date
  url: string
  secret: string
  /** The claim's lease end: the attempt's outcome is stored only while the row still holds it. */
  leaseEnd: Date
}

/**
 * Claims due deliveries of enabled endpoints: `FOR UPDATE SKIP LOCKED` on PostgreSQL, so
 * several server processes and bot workers running this loop never claim the same row, and the
 * claim moves `next_attempt_at` one lease ahead (the timeout and a margin) before the sending
 * starts. A process killed mid-send leaves its rows due again when the lease ends: they go out
 * then with the same webhook-id (PGlite has one process; the statement is the same).
 */
async function claimDue(deps: WebhooksDeps): Promise<Claimed[]> {
  const now = deps.now()
  const leaseEnd = new Date(now.getTime() + deps.settings.timeoutMs + deps.settings.leaseMarginMs)
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        messageId: webhookDeliveries.messageId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(BATCH)
      .for('update', { of: webhookDeliveries, skipLocked: true })
    if (due.length > 0)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: leaseEnd })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((d) => d.id),
          ),
        )
    return due.map((d) => ({ ...d, leaseEnd }))
  })
}

/** The owner's mail when an endpoint is switched off (through the mail outbox, in the same transaction). */
async function mailOwner(deps: WebhooksDeps, tx: WebhooksDeps['db'], endpointId: number, url: string): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, login: channels.login, channelId: channels.id })
    .from(webhookEndpoints)
    .innerJoin(channels, eq(channels.id, webhookEndpoints.channelId))
    .innerJoin(users, eq(users.id, channels.userId))
    .where(eq(webhookEndpoints.id, endpointId))
  if (!owner) return
  await deps.mail.send(
    {
      to: owner.email,
      subject: 'A webhook of your channel was switched off',
      text:
        `The webhook ${url} of your channel ${owner.login} failed ${deps.settings.disableAfter} times in a row and was switched off.\n` +
        `Its events are kept; switch it back on once the receiver answers: ${deps.publicUrl}/pages/webhooks\n`,
    },
    tx,
    null,
  )
}

/**
 * Stores one attempt's outcome: delivered, retried later with backoff, or failed for good; counts
 * the endpoint's failures. Only while the row still holds this attempt's lease: an attempt that
 * outlived its lease (a stalled process whose row another one took over, or a redeliver asked
 * for meanwhile) changes nothing.
 */
async function record(deps: WebhooksDeps, d: Claimed, r: SendResult): Promise<void> {
  const now = deps.now()
  const attempts = d.attempts + 1
  const result = { attempts, lastAttemptAt: now, responseStatus: r.status, latencyMs: r.latencyMs, responseExcerpt: r.excerpt.slice(0, 4096) }
  const ours = and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, d.leaseEnd))
  await deps.db.transaction(async (tx) => {
    if (r.ok) {
      const stored = await tx
        .update(webhookDeliveries)
        .set({ ...result, status: 'delivered' })
        .where(ours)
        .returning({ id: webhookDeliveries.id })
      if (stored.length === 0) return
      await tx.update(webhookEndpoints).set({ failures: 0 }).where(eq(webhookEndpoints.id, d.endpointId))
      return
    }
    const next = new Date(now.getTime() + deps.settings.retryMs * 2 ** Math.min(attempts - 1, 30))
    const givenUp = next.getTime() - d.createdAt.getTime() > deps.settings.retryForMs
    const stored = await tx
      .update(webhookDeliveries)
      .set({ ...result, status: givenUp ? 'failed' : 'pending', nextAttemptAt: next })
      .where(ours)
      .returning({ id: webhookDeliveries.id })
    if (stored.length === 0) return
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failures: sql`${webhookEndpoints.failures} + 1` })
      .where(eq(webhookEndpoints.id, d.endpointId))
      .returning({ failures: webhookEndpoints.failures, enabled: webhookEndpoints.enabled })
    if (endpoint?.enabled && endpoint.failures >= deps.settings.disableAfter) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: `failed ${endpoint.failures} times in a row`, updatedAt: now })
        .where(eq(webhookEndpoints.id, d.endpointId))
      await mailOwner(deps, tx, d.endpointId, d.url)
      deps.log.warn({ endpointId: d.endpointId, failures: endpoint.failures }, 'webhook endpoint switched off after repeated failure')
    }
  })
}

async function attempt(deps: WebhooksDeps, d: Claimed): Promise<void> {
  const headers = signedHeaders(d.secret, d.messageId, deps.now(), d.payload)
  const r = await sendWebhook(d.url, headers, d.payload, { timeoutMs: deps.settings.timeoutMs, allowPrivate: deps.settings.allowPrivate, ms: deps.ms })
  await record(deps, d, r)
}

/**
 * The delivery loop: each pass claims due deliveries and sends them, until none is due. Runs
 * as a background duty of the server (and may run in any number of processes at once); tests
 * call `tick()`. stop() waits for the attempts in flight.
 */
export function createWebhookDelivery(deps: WebhooksDeps) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = false

  async function deliverDue(): Promise<number> {
    let sent = 0
    while (!stopped) {
      const due = await claimDue(deps)
      if (due.length === 0) break
      await Promise.all(
        due.map((d) => attempt(deps, d).catch((e: unknown) => deps.log.error({ err: e, deliveryId: d.id }, 'webhook attempt failed to record'))),
      )
      sent += due.length
    }
    return sent
  }

  return {
    /** One pass (claims until nothing is due); never two passes at once in a process. Resolves to the attempts made. */
    tick(): Promise<number> {
      if (running) return running
      running = deliverDue().finally(() => (running = undefined))
      return running
    },
    start() {
      stopped = false
      timer = setInterval(() => void this.tick().catch((e: unknown) => deps.log.error({ err: e }, 'webhook delivery pass failed')), deps.settings.tickMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>
