import { z } from 'zod'
import { listOf, notFound, shape, type RouteDoc } from '../../http/route-doc'

const scope = 'A contact id outside the caller’s scope is a 404 with no body.'

export const supportChatDocs = {
  chatsAndContacts: {
    summary: 'The caller’s chats and contacts',
    query: z.object({ q: z.string().optional().meta({ description: 'Searches the contacts.' }) }),
    responses: {
      200: {
        description: '`{chatsContacts, contacts, profileUser}`.',
        body: z.object({
          chatsContacts: listOf('Contacts with a chat, each with its last message and unseen count.'),
          contacts: listOf('Contacts without a chat.'),
          profileUser: shape('The caller: id, avatar, fullName, status.'),
        }),
      },
    },
  },
  profile: {
    summary: 'The caller’s chat profile',
    responses: { 200: { description: 'The profile (about, status, settings).', body: shape('The chat profile.') } },
  },
  chat: {
    summary: 'One chat thread (marks it read)',
    description: scope,
    responses: {
      200: {
        description: '`{chat, contact}`.',
        body: z.object({ chat: shape('The thread, its messages in `chat`.').nullable(), contact: shape('The contact.') }),
      },
      404: notFound(),
    },
  },
  send: {
    summary: 'Send a chat message',
    description: `${scope} A senderId other than the caller is refused (403).`,
    body: z.object({
      message: z.string(),
      senderId: z.union([z.number(), z.string()]).optional().meta({ description: 'The caller’s own id (the template sends it).' }),
    }),
    responses: {
      201: {
        description: '`{newMessageData}` (and `chat` when the thread is new).',
        body: z.looseObject({ newMessageData: shape('The message: message, time, senderId.') }),
      },
      403: { description: 'senderId is not the caller.' },
      404: notFound(),
    },
  },
} satisfies Record<string, RouteDoc>
