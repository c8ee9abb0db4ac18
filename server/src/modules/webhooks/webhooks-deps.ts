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
  /** First retry delay; doubles with each failed attempt. */
  retryMs: number
  /** A delivery is retried until this long after its event, then marked failed. */
  retryForMs: number
  /** Failed attempts in a row that switch an endpoint off. */
  disableAfter: number
  tickMs: number
}

/** What createWebhooksService is given, and what its use cases share. */
export interface WebhooksDeps {
  db: Db
  log: Logger
  now: () => Date
  ms: () => number
  mail: MailService
  publicUrl: string
  settings: WebhookSettings
}
