import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { supportChatDocs } from './support-chat.api-doc'

/**
 * The spec's chat calls (section 7), over the support-chat service:
 * GET /apps/chat/chats-and-contacts (?q= searches the contacts) → {chatsContacts, contacts, profileUser};
 * GET /apps/chat/users/profile-user → profileUser;
 * GET /apps/chat/chats/{contactId} → {chat, contact} (marks the thread read, as the template did);
 * POST /apps/chat/chats/{contactId} {message, senderId} → 201 {newMessageData} (and chat when it is new).
 * A contact id outside the caller's scope is a 404 with no body; senderId other than the caller 403.
 */
export function mountSupportChatRoutes(app: Hono<AppEnv>) {
  // Support chat and tasks (spec section 7): signed in; the services scope by contact and owner.
  guarded(app, 'GET', '/apps/chat/chats-and-contacts', rule.signedIn, supportChatDocs.chatsAndContacts, async (c, principal) => {
    return c.json(await c.get('services').supportChat.chatsAndContacts(principal, c.req.query('q')))
  })

  guarded(app, 'GET', '/apps/chat/users/profile-user', rule.signedIn, supportChatDocs.profile, async (c, principal) => {
    return c.json(await c.get('services').supportChat.profile(principal))
  })

  guarded(app, 'GET', '/apps/chat/chats/:id', rule.signedIn, supportChatDocs.chat, async (c, principal) => {
    const found = await c.get('services').supportChat.chat(principal, c.req.param('id') ?? '', { markRead: true })
    if (!found) return c.body(null, 404)
    return c.json(found)
  })

  guarded(app, 'POST', '/apps/chat/chats/:id', rule.signedIn, supportChatDocs.send, async (c, principal) => {
    const body = await jsonBody(c)
    const sent = await c.get('services').supportChat.send(principal, c.req.param('id') ?? '', { message: body.message, senderId: body.senderId })
    if (!sent) return c.body(null, 404)
    return c.json(sent, 201)
  })
}
