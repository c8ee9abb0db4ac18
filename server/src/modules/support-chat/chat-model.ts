/** The support chat's limits, shapes and inputs. */
import { z } from 'zod'
import { chatStatuses, type ChatStatus } from './support-chat.tables'

export const MAX_MESSAGE_LENGTH = 2000
export const MAX_ABOUT_LENGTH = 500
/** Messages a thread answers at most (the newest). */
export const THREAD_SIZE = 200
/** Contacts a list answers at most (searched with q). */
export const CONTACTS_SIZE = 100
/** A connected user refreshes their heartbeat this often; one silent for twice as long reads offline. */
export const HEARTBEAT_MS = 20_000
export const PRESENCE_WINDOW_MS = 3 * HEARTBEAT_MS

export interface ChatMessageShape {
  message: string
  time: string
  senderId: number
}

export interface ContactShape {
  id: number
  fullName: string
  role: string
  about: string
  avatar: string | null
  status: ChatStatus
}

export interface ProfileUserShape {
  id: number
  avatar: string | null
  fullName: string
  role: string
  about: string
  status: ChatStatus
  settings: { isTwoStepAuthVerificationEnabled: boolean; isNotificationsOn: boolean }
}

export interface ChatShape {
  id: number
  userId: number
  unseenMsgs: number
  messages: ChatMessageShape[]
}

export interface ChatContactShape extends ContactShape {
  chat: { id: number; unseenMsgs: number; lastMessage: ChatMessageShape | null }
}

export interface ProfileInput {
  about?: string | null
  status?: string | null
  isNotificationsOn?: boolean | null
}

export const messageInput = z
  .string({ message: 'The message must be text' })
  .trim()
  .min(1, 'The message is empty')
  .max(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters`)
export const profileInput = z.object({
  about: z.string().trim().max(MAX_ABOUT_LENGTH, `About has at most ${MAX_ABOUT_LENGTH} characters`).nullish(),
  status: z.enum(chatStatuses, { message: `One of ${chatStatuses.join(', ')}` }).nullish(),
  isNotificationsOn: z.boolean().nullish(),
})
export const searchInput = z.string().max(100, 'The search has at most 100 characters').nullish()
