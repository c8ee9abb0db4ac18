import type { Core } from '../module'
import { defineModule } from '../module'
import { createSupportChatService } from './support-chat.service'
import { mountSupportChatRoutes } from './support-chat.rest'
import './support-chat.schema'

/** Support chat between users in each other's scope, live over the pub/sub. */
export const supportChatModule = defineModule({
  name: 'support-chat',
  services: ({ db, now, pubsub }: Core) => ({ supportChat: createSupportChatService({ db, now, pubsub }) }),
  rest: mountSupportChatRoutes,
})
