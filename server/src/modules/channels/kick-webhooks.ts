import { and, eq } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { KickClient } from '../../platforms/kick/kick.client'
import { kickBroadcasterId, kickWebhookHeaders, verifyKickSignature } from '../../platforms/kick/webhook'
import type { Topics } from '../../realtime/pubsub'
import { channels } from './channels.tables'

/** A delivery older or newer than this (by its signed timestamp) is refused as a replay. */
const TOLERANCE_MS = 5 * 60 * 1000

export interface WebhookAnswer {
  status: 200 | 400 | 401
  body: { ok: boolean; error?: string; code?: string }
}

/**
 * Kick webhooks: the signature (RSA SHA-256 over `${messageId}.${timestamp}.${body}` with
 * Kick's public key) is checked before anything is read, the timestamp must be fresh, and a
 * message id seen before is acknowledged without acting twice. A verified event for a
 * connected channel is handed to the bot through pub/sub.
 */
export function createKickWebhooks(deps: {
  db: Db
  log: Logger
  now: () => Date
  kick: KickClient
  pubsub: PubSub<Topics>
  configuredKey?: string
  /**
   * With several server processes (REDIS_URL): true for the first delivery of a message id in
   * any process (an atomic counter in Redis), so a retry that reaches another process is not
   * acted on twice. Without it, this process's memory decides.
   */
  firstDelivery?: (messageId: string, forMs: number) => Promise<boolean>
}) {
  let key: Promise<string> | null = deps.configuredKey ? Promise.resolve(deps.configuredKey) : null
  const seen = new Map<string, number>()

  const publicKey = () => {
    key ??= deps.kick.publicKey().catch((e: unknown) => {
      key = null
      throw e
    })
    return key
  }

  const refuse = (status: 400 | 401, error: string, code: string): WebhookAnswer => ({ status, body: { ok: false, error, code } })

  async function receive(get: (name: string) => string | undefined, rawBody: string): Promise<WebhookAnswer> {
    const h = kickWebhookHeaders(get)
    if (!h) return refuse(400, 'Missing Kick-Event-* headers', 'BAD_USER_INPUT')
    let pem: string
    try {
      pem = await publicKey()
    } catch (e) {
      deps.log.warn({ err: (e as Error).message }, 'kick public key unavailable')
      return refuse(401, 'Cannot verify the signature now', 'UNAUTHENTICATED')
    }
    if (!verifyKickSignature(pem, h, rawBody)) return refuse(401, 'Invalid webhook signature', 'UNAUTHENTICATED')
    const t = deps.now().getTime()
    const sent = Date.parse(h.timestamp)
    if (!Number.isFinite(sent) || Math.abs(t - sent) > TOLERANCE_MS) return refuse(401, 'Stale webhook timestamp', 'UNAUTHENTICATED')
    for (const [id, at] of seen) if (at < t - TOLERANCE_MS) seen.delete(id)
    if (seen.has(h.messageId)) return { status: 200, body: { ok: true } }
    const first = deps.firstDelivery ? await deps.firstDelivery(h.messageId, 2 * TOLERANCE_MS) : true
    seen.set(h.messageId, t)
    if (!first) return { status: 200, body: { ok: true } }
    let body: unknown
    try {
      body = JSON.parse(rawBody)
    } catch {
      return refuse(400, 'The body is not JSON', 'BAD_USER_INPUT')
    }
    const broadcaster = kickBroadcasterId(body)
    if (!broadcaster) return { status: 200, body: { ok: true } }
    const [channel] = await deps.db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.platform, 'kick'), eq(channels.platformUserId, broadcaster)))
      .limit(1)
    if (channel) {
      deps.pubsub.publish('platformWebhook', {
        channelId: channel.id,
        platform: 'kick',
        type: h.eventType,
        body,
        receivedAt: new Date(t).toISOString(),
      })
    }
    return { status: 200, body: { ok: true } }
  }

  return { receive }
}

export type KickWebhooks = ReturnType<typeof createKickWebhooks>
