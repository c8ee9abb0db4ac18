import type { Platform } from '../../../../gql/types'

export interface ConnectOptions {
  twitch: boolean
  kick: boolean
  sandbox: boolean
}

/**
 * The key of the empty panel's text: it names only the buttons this server shows (a platform
 * without an application configured has no button; the sandbox is shown on the Twitch panel).
 */
type EmptyPanelKey =
  | 'empty.panelWait'
  | 'empty.panelText'
  | 'empty.panelTextTwitch'
  | 'empty.panelTextKick'
  | 'empty.panelTextKickOnly'
  | 'empty.panelTextSandbox'
  | 'empty.panelTextNoKick'
  | 'empty.panelTextNone'

export function emptyPanelKey(options: ConnectOptions | undefined, only?: Platform): EmptyPanelKey {
  if (!options) return 'empty.panelWait'
  const twitch = options.twitch && only !== 'kick'
  const kick = options.kick && only !== 'twitch'
  if (twitch && kick) return 'empty.panelText'
  if (twitch) return 'empty.panelTextTwitch'
  if (kick) return only === 'kick' ? 'empty.panelTextKick' : 'empty.panelTextKickOnly'
  if (options.sandbox && only !== 'kick') return 'empty.panelTextSandbox'
  return only === 'kick' ? 'empty.panelTextNoKick' : 'empty.panelTextNone'
}
