/**
 * Why a bot is in its state, as a code the client says in the UI language (status.reasons.<code>
 * in client/src/locales/<lang>/assistant.json) with its arguments, and in English words (stored in
 * channels.status_reason, which clients from before the codes show as it is). A reason without a
 * code (an error message of a platform, say) is shown as it is.
 */
export interface StatusReason {
  code: StatusReasonCode
  args: Record<string, string | number>
  text: string
}

export const statusReasonCodes = ['WAITING_LIVE', 'LIVE_BOT_OFF', 'RETRYING', 'RECONNECTING', 'LICENCE_ENDED'] as const
export type StatusReasonCode = (typeof statusReasonCodes)[number]

/** Seconds to one decimal, as the reasons show a delay. */
const seconds = (ms: number) => Math.round(ms / 100) / 10

export const statusReasons = {
  waitingLive: (): StatusReason => ({ code: 'WAITING_LIVE', args: {}, text: 'Waiting for the stream to go live (Autostart)' }),
  liveBotOff: (): StatusReason => ({
    code: 'LIVE_BOT_OFF',
    args: {},
    text: 'The stream is live and the bot is off: switch Active on to start it now (Autostart starts it when the next stream begins)',
  }),
  /** A start failed for a reason that may pass (`reason`, in words); the worker tries again after `delayMs`. */
  retrying: (reason: string, delayMs: number): StatusReason => ({
    code: 'RETRYING',
    args: { reason, seconds: seconds(delayMs) },
    text: `${reason}; trying again in ${seconds(delayMs)} s`,
  }),
  /** The platform connection dropped (`reason`); it reconnects after `delayMs`. */
  reconnecting: (reason: string, delayMs: number): StatusReason => ({
    code: 'RECONNECTING',
    args: { reason, seconds: seconds(delayMs) },
    text: `${reason}; reconnecting in ${seconds(delayMs)} s`,
  }),
  /** The owner's licence ended (or their plan has no active licence): the bot stays off until it is renewed. */
  licenceEnded: (): StatusReason => ({ code: 'LICENCE_ENDED', args: {}, text: 'The licence has ended: renew it to run the bot again' }),
}
