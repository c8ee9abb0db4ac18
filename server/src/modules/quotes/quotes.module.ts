import type { ChannelsService } from '../channels/channels.service'
import type { CommandsService } from '../commands/commands.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createQuotesService } from './quotes.service'
import './quotes.schema'

/** Quotes: !quote and !addquote in chat (through the commands' chat hook), browsed and edited on the dashboard. */
export const quotesModule = defineModule({
  name: 'quotes',
  services: ({ db, now, channels, commands }: Core & { channels: ChannelsService; commands: CommandsService }) => {
    const quotes = createQuotesService({ db, channels, now })
    commands.addChatHandler(quotes.onChat)
    return { quotes }
  },
})
