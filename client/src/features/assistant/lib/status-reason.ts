/**
 * The bot's status reason in the UI language. The worker sends a code with its arguments
 * (server/src/modules/channels/status-reasons.ts) besides English words; a known code is said
 * as its `status.reasons.<key>`, anything else (a platform's error message) as it was sent.
 */

/** The codes the worker sends (the server's statusReasonCodes) and their keys under status.reasons. */
export const BOT_REASON_KEYS = {
  WAITING_LIVE: 'waitingLive',
  LIVE_BOT_OFF: 'liveBotOff',
  RETRYING: 'retrying',
  RECONNECTING: 'reconnecting',
  LICENCE_ENDED: 'licenceEnded',
  RECONNECT_NEEDED: 'reconnectNeeded',
  SUBSCRIPTION_FORBIDDEN: 'subscriptionForbidden',
  SUBSCRIPTION_REFUSED: 'subscriptionRefused',
} as const
export type BotReasonCode = keyof typeof BOT_REASON_KEYS

export interface BotStatusReason {
  reason?: string | null
  code?: string | null
  args?: unknown
}

/** What to show: a translation key with its values, or the worker's words as they are; null without a reason. */
export type ReasonText = { key: `status.reasons.${(typeof BOT_REASON_KEYS)[BotReasonCode]}`; values: Record<string, string> } | { text: string } | null

const isCode = (code: string | null | undefined): code is BotReasonCode => !!code && Object.hasOwn(BOT_REASON_KEYS, code)

/** `language` formats the numbers among the arguments (0.8 s, 0,8 s). */
export function reasonText(status: BotStatusReason, language: string): ReasonText {
  if (isCode(status.code)) {
    const values: Record<string, string> = {}
    const args = typeof status.args === 'object' && status.args !== null ? (status.args as Record<string, unknown>) : {}
    for (const [name, value] of Object.entries(args)) {
      values[name] = typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value)
    }
    return { key: `status.reasons.${BOT_REASON_KEYS[status.code]}`, values }
  }
  return status.reason ? { text: status.reason } : null
}
