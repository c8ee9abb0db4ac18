import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { MailService } from '../mail/mail.service'

/** The largest event body sent (JSON bytes); a larger event is dropped with a warning, never cut. */
export const MAX_PAYLOAD_BYTES = 64 * 1024
/** Endpoints per channel. */
export const MAX_ENDPOINTS = 10

export interface WebhookSettings {
  allowPrivate: boolean
  timeoutMs: number
  /** A claim holds a delivery for the timeout and this much more (then a killed sender's delivery is due again). */
  leaseMarginMs: number
  /** First retry delay; doubles with each failed attempt. */
  retryMs: number
  /** A delivery is retried until this long after its event, then marked failed. */
  retryForMs: number
  /** Failed attempts in a row that switch an endpoint off. */
  disableAfter: number
  tickMs: number
}

/** An endpoint change, for the channel's log (who, what, before and after; never the secret). */
export interface WebhookAuditEvent {
  channelId: number
  actorId: number
  /** endpoint.create, endpoint.update, endpoint.delete, endpoint.rotateSecret. */
  action: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}
/** Writes one channel log entry inside the change's transaction (`tx`). */
export type WebhookAuditWriter = (tx: Db, e: WebhookAuditEvent) => Promise<void>

/** What createWebhooksService is given, and what its use cases share. */
export interface WebhooksDeps {
  db: Db
  log: Logger
  now: () => Date
  ms: () => number
  mail: MailService
  publicUrl: string
  settings: WebhookSettings
  /**
   * The channel log's writer: this module is built before the channels service (which queues
   * events through it), so the channels module hands it over (`useAudit`) once it exists.
   */
  audit: { write: WebhookAuditWriter | null }
}

/** Writes the entry in `tx`; a server whose channels module did not hand over the writer fails the change rather than leave it out of the log. */
export async function auditEndpoint(deps: WebhooksDeps, tx: Db, e: WebhookAuditEvent): Promise<void> {
  if (!deps.audit.write) throw new Error('webhooks: the channel log writer is not set (channels module: webhooks.useAudit)')
  await deps.audit.write(tx, e)
}
