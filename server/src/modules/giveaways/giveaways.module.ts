import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { CommandsService } from '../commands/commands.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createGiveawayChat } from './giveaways.chat'
import { createGiveawaysService } from './giveaways.service'
import './giveaways.schema'

/** Giveaways: entries through the commands' chat hook, draws recorded with what they drew from, announcements through the chat service. */
export const giveawaysModule = defineModule({
  name: 'giveaways',
  services: ({ db, now, pubsub, log, channels, chat, commands }: Core & { channels: ChannelsService; chat: ChatService; commands: CommandsService }) => {
    const giveaways = createGiveawaysService({ db, channels, chat, now, pubsub, log })
    commands.addChatHandler(createGiveawayChat({ db, giveaways, followedAt: commands.followedAt }))
    return { giveaways }
  },
})
