import { bindDeps } from '../../use-cases'
import { contact, contacts } from './chat-contacts'
import { events } from './chat-events'
import { profile, updateProfile } from './chat-profile'
import { chat, chatsAndContacts, chatsContacts, markRead, thread } from './chat-threads'
import { send } from './send-message'
import type { SupportChatDeps, SupportChatOptions } from './support-chat.deps'

export {
  CONTACTS_SIZE,
  HEARTBEAT_MS,
  MAX_ABOUT_LENGTH,
  MAX_MESSAGE_LENGTH,
  THREAD_SIZE,
  type ChatContactShape,
  type ChatMessageShape,
  type ChatShape,
  type ContactShape,
  type ProfileInput,
  type ProfileUserShape,
} from './chat-model'

/**
 * The support chat (spec sections 3 and 7, /apps/chat): one conversation per pair of users
 * in each other's scope — a client with their reseller and the admins, a reseller with their
 * clients and the admins, admins with everyone. Messages are stored and published to the
 * recipient's subscription (through Redis with REDIS_URL); presence is the chosen status while
 * the user is connected (a heartbeat in the database, so it holds across processes), else
 * offline. Unseen counts are per side, cleared when the thread is read.
 */
export function createSupportChatService(options: SupportChatOptions) {
  const deps: SupportChatDeps = { ...options, connections: new Map() }
  return bindDeps(deps, { contacts, contact, profile, updateProfile, chatsAndContacts, chatsContacts, chat, thread, markRead, send, events })
}

export type SupportChatService = ReturnType<typeof createSupportChatService>
