/** Display helpers of the raid panel (language-aware through Intl). */

/** "German" for "de" in the page's language; the code itself when Intl does not know it. */
export function languageName(code: string, language: string): string {
  if (!code) return '—'
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Twitch's own page of a channel (opens the platform, never a copy). */
export const twitchUrl = (login: string) => `https://twitch.tv/${encodeURIComponent(login)}`

/** Same as the server's query limit (Helix search), so the field refuses more before sending. */
export const MAX_QUERY_LENGTH = 100

/** While a raid is pending the page looks for the confirmation often; otherwise now and then. */
export const POLL_PENDING_MS = 3000
export const POLL_IDLE_MS = 30_000

/** The Twitch scope raids need (asked for at connection since the raid panel exists). */
export const RAID_SCOPE = 'channel:manage:raids'
