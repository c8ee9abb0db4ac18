import type { IncomingChat } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import type { ChatCommandRow } from './commands.tables'

/**
 * What a channel's bot hands the chat modules (commands, quotes, giveaways) with each chat
 * line: its settings and state, and how to answer. The bot keeps the state; the modules keep
 * the logic.
 */
export interface ChatTurn {
  row: ChannelRow
  /** The channel's enabled commands, as the bot loaded them. */
  commands: readonly ChatCommandRow[]
  /** Last uses (scheduler time) by key; kept by the bot between lines. */
  cooldowns: Map<string, number>
  live: boolean
  category: string | null
  uptimeMs: number | null
  /** Scheduler time, ms. */
  now: number
  random: () => number
  /** False when this worker no longer holds the channel (write nothing). */
  mayWrite: () => Promise<boolean>
  /** Sends a line through the bot's rate-limited queue. */
  say: (text: string) => void
}

export type ChatHandler = (chat: IncomingChat, turn: ChatTurn) => Promise<boolean>

/** The words of a chat line: the first (lower case) and the rest as written. */
export function words(text: string): { word: string; args: string[] } {
  const [first = '', ...args] = text.trim().split(/\s+/)
  return { word: first.toLowerCase(), args }
}
