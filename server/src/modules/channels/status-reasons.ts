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

export const statusReasonCodes = [
  'WAITING_LIVE',
  'LIVE_BOT_OFF',
  'RETRYING',
  'RECONNECTING',
  'LICENCE_ENDED',
  'RECONNECT_NEEDED',
  'SUBSCRIPTION_FORBIDDEN',
  'SUBSCRIPTION_REFUSED',
] as const
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
  /** A token was refused (`why`, in words): the owner must reconnect the channel; no later report of the bot hides it. */
  reconnectNeeded: (why: string): StatusReason => ({ code: 'RECONNECT_NEEDED', args: { why }, text: `${why}; reconnect the channel` }),
  /**
   * The platform refused event subscriptions as not authorized (Twitch 403: the bot is not a
   * moderator, or lacks channel:bot / user:read:chat): the bot runs without them (`types`) until
   * the owner acts. `reason`: the platform's words; `bot`: the bot account's login for the fix.
   */
  subscriptionForbidden: (types: string, reason: string, bot: string): StatusReason => ({
    code: 'SUBSCRIPTION_FORBIDDEN',
    args: { types, reason, bot },
    text: `Running without ${types}: Twitch refused them (${reason}). Make the bot a moderator: /mod ${bot} (or reconnect the channel to grant the permissions)`,
  }),
  /** The platform refused event subscriptions as invalid or removed (Twitch 400/410): the bot runs without them; retried on a slow schedule. */
  subscriptionRefused: (types: string, reason: string): StatusReason => ({
    code: 'SUBSCRIPTION_REFUSED',
    args: { types, reason },
    text: `Running without ${types}: Twitch refused them (${reason}); tried again later`,
  }),
}
