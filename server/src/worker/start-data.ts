import type { BotChannel, ChannelAccountRow } from '../modules/channels/channels.module'
import type { ChatCommandRow, ChatTimerRow } from '../modules/commands/commands.module'
import type { ConversationRuleRow } from '../modules/conversation/conversation.module'
import type { Services } from '../services'

/** What a bot's start reads of its channel: the row and licence, the accounts, the commands, timers and rules. */
export interface StartData {
  found: BotChannel | undefined
  accounts: ChannelAccountRow[]
  commands: ChatCommandRow[]
  timers: ChatTimerRow[]
  rules: ConversationRuleRow[]
}

/** The lists a bot keeps (its start reads them, a change of the channel reads them again). */
export type BotLists = Pick<StartData, 'commands' | 'timers' | 'rules'>

/** How long a prefetched start stays usable: a start later than this reads its channel itself. */
export const START_DATA_MS = 30_000

/**
 * A lease round's channels (or a sync's, a thousand at a time) read for their reloads in five
 * statements, however many there are, instead of five per channel (issue 35: 10,000 channels
 * took 9 statements and 4 ms of the worker's CPU each to start, and a resync 4 statements per
 * bot a minute). Each reload takes its channel's entry once (`take`); a change of the channel
 * notified afterwards reloads it with fresh reads, as before, so an entry can only be as old as
 * the wait for its reload (bounded by START_DATA_MS).
 */
export function createStartData(services: Services, now: () => number = () => performance.now()) {
  const ready = new Map<number, { data: StartData; at: number }>()

  async function prefetch(channelIds: readonly number[]): Promise<void> {
    if (!channelIds.length) return
    const [found, accounts, commands, timers, rules] = await Promise.all([
      services.channels.forBots(channelIds),
      services.channels.accountsOf(channelIds),
      services.commands.enabledCommandsOf(channelIds),
      services.commands.timersOf(channelIds),
      services.conversation.enabledRulesOf(channelIds),
    ])
    const at = now()
    for (const id of channelIds) {
      ready.set(id, {
        at,
        data: {
          found: found.get(id),
          accounts: accounts.get(id) ?? [],
          commands: commands.get(id) ?? [],
          timers: timers.get(id) ?? [],
          rules: rules.get(id) ?? [],
        },
      })
    }
  }

  /** The channel's prefetched start, once; undefined when there is none or it is too old. */
  function take(channelId: number): StartData | undefined {
    const entry = ready.get(channelId)
    ready.delete(channelId)
    return entry && now() - entry.at <= START_DATA_MS ? entry.data : undefined
  }

  /** Drops what a round prefetched and no start took (a lease lost, the worker stopping). */
  function forget(channelId?: number) {
    if (channelId === undefined) ready.clear()
    else ready.delete(channelId)
  }

  return { prefetch, take, forget, size: () => ready.size }
}

export type StartDataCache = ReturnType<typeof createStartData>
