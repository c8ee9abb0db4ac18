import { createHmac, randomBytes } from 'node:crypto'

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** A message id (`webhook-id`): unique per event and endpoint, the same on every attempt. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`
}

/**
 * The Standard Webhooks headers for one attempt: `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` keyed with the secret's decoded bytes (the published
 * libraries verify exactly this; tests/integration/webhooks.test.ts uses `standardwebhooks`).
 */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
