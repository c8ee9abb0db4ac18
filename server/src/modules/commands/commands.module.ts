import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createCommandsService } from './commands.service'
import './commands.schema'

/** Chat commands and timers of a channel. */
export const commandsModule = defineModule({
  name: 'commands',
  services: ({ db, now, pubsub, channels }: Core & { channels: ChannelsService }) => ({ commands: createCommandsService({ db, channels, pubsub, now }) }),
})

// What the bot worker runs of a command or timer (server/src/worker/channel-bot.ts).
export { permits } from './permission'
export { renderTemplate } from './template'
export type { ChatCommandRow, ChatTimerRow } from './commands.tables'
