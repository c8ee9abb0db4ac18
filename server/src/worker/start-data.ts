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

/**
 * Many channels read for their reloads in five statements, however many there are, instead of five
 * per channel (issue 35: 10,000 channels took 9 statements and 4 ms of the worker's CPU each to
 * start, and a resync 4 statements per bot a minute). A channel that is gone has `found` undefined.
 * The data goes to the reload that asked for it, and to no other (reload.ts: readAheadAndReload).
 */
export async function readAhead(services: Services, channelIds: readonly number[]): Promise<Map<number, StartData>> {
  if (!channelIds.length) return new Map()
  const [found, accounts, commands, timers, rules] = await Promise.all([
    services.channels.forBots(channelIds),
    services.channels.accountsOf(channelIds),
    services.commands.enabledCommandsOf(channelIds),
    services.commands.timersOf(channelIds),
    services.conversation.enabledRulesOf(channelIds),
  ])
  return new Map(
    channelIds.map((id) => [
      id,
      { found: found.get(id), accounts: accounts.get(id) ?? [], commands: commands.get(id) ?? [], timers: timers.get(id) ?? [], rules: rules.get(id) ?? [] },
    ]),
  )
}
