/** Helix of the local Twitch: sending chat (with Twitch's chat limit), deleting a message, bans and timeouts. */
import type { Req, Res } from './http-util'
import type { Notifier } from './twitch-notify'
import type { Token } from './twitch-types'
import { missingScope as missing, type TwitchWorld } from './twitch-world'

/** Answers a chat or moderation route, or null for another path. */
export function chatRoutes(w: TwitchWorld, n: Notifier, req: Req, p: string, token: Token): Res | null {
  const { users, sent, now, chatLimit, messages, authors, moderation } = w
  const { notify, chatEvent } = n
  const q = req.query
  const has = (scope: string) => token.scopes.includes(scope)
  if (p === '/chat/messages' && req.method === 'POST') {
    if (!has('user:write:chat')) return missing('user:write:chat')
    const b = req.json() as { broadcaster_id?: string; sender_id?: string; message?: string }
    if (!b.broadcaster_id || !b.sender_id || typeof b.message !== 'string') return { status: 400, body: { status: 400, message: 'Missing required parameter' } }
    if (b.sender_id !== token.userId) return { status: 403, body: { status: 403, message: 'The sender must match the user ID in the access token' } }
    if (b.message.length > 500) return { status: 400, body: { status: 400, message: 'The message is too long' } }
    const t = now()
    const recent = sent.filter((s) => s.isSent && s.broadcasterId === b.broadcaster_id && s.senderId === b.sender_id && s.at > t - 30_000)
    const isSent = recent.length < chatLimit(b.broadcaster_id, b.sender_id)
    sent.push({ broadcasterId: b.broadcaster_id, senderId: b.sender_id, message: b.message, at: t, isSent })
    if (!isSent) {
      return {
        status: 200,
        body: {
          data: [
            {
              message_id: '',
              is_sent: false,
              drop_reason: { code: 'msg_rate_limit', message: 'Your message was not sent because you are sending messages too quickly.' },
            },
          ],
        },
      }
    }
    const sender = users.get(b.sender_id)
    const id = chatEvent(b.broadcaster_id, { userId: b.sender_id, login: sender?.login ?? 'bot' }, b.message)
    return { status: 200, body: { data: [{ message_id: id, is_sent: true, drop_reason: null }] } }
  }
  if (p === '/moderation/chat' && req.method === 'DELETE') {
    if (!has('moderator:manage:chat_messages')) return missing('moderator:manage:chat_messages')
    const id = q.get('message_id') ?? ''
    if (!messages.has(id)) return { status: 404, body: { error: 'Not Found', status: 404, message: 'The message was not found.' } }
    messages.delete(id)
    const author = authors.get(id)
    authors.delete(id)
    const bid = q.get('broadcaster_id') ?? ''
    const bu = users.get(bid)
    notify(bid, 'channel.chat.message_delete', {
      broadcaster_user_id: bid,
      broadcaster_user_login: bu?.login ?? '',
      broadcaster_user_name: bu?.displayName ?? '',
      target_user_id: author?.userId ?? '',
      target_user_login: author?.login ?? '',
      target_user_name: author?.name ?? '',
      message_id: id,
    })
    moderation.push({ kind: 'delete', broadcasterId: q.get('broadcaster_id') ?? '', moderatorId: q.get('moderator_id') ?? '', messageId: id })
    return { status: 204 }
  }
  return banRoutes(w, n, req, p, token)
}

/** Bans and timeouts (POST /moderation/bans), and lifting them (DELETE). */
function banRoutes(w: TwitchWorld, n: Notifier, req: Req, p: string, token: Token): Res | null {
  const { users, now, banned, timeouts, moderation } = w
  const { notify } = n
  const q = req.query
  const has = (scope: string) => token.scopes.includes(scope)
  if (p === '/moderation/bans' && req.method === 'POST') {
    if (!has('moderator:manage:banned_users')) return missing('moderator:manage:banned_users')
    const data = (req.json() as { data?: { user_id?: string; duration?: number; reason?: string } }).data
    const b = q.get('broadcaster_id') ?? ''
    if (!data?.user_id) return { status: 400, body: { error: 'Bad Request', status: 400, message: 'Missing required parameter "user_id"' } }
    if (banned.has(`${b}:${data.user_id}`)) {
      return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The user specified in the user_id field is already banned.' } }
    }
    if (data.duration === undefined) banned.add(`${b}:${data.user_id}`)
    else timeouts.set(`${b}:${data.user_id}`, now() + data.duration * 1000)
    // A ban or timeout clears the user's messages from chat (EventSub channel.chat.clear_user_messages).
    const target = users.get(data.user_id)
    const bu = users.get(b)
    notify(b, 'channel.chat.clear_user_messages', {
      broadcaster_user_id: b,
      broadcaster_user_login: bu?.login ?? '',
      broadcaster_user_name: bu?.displayName ?? '',
      target_user_id: data.user_id,
      target_user_login: target?.login ?? '',
      target_user_name: target?.displayName ?? '',
    })
    moderation.push({
      kind: data.duration === undefined ? 'ban' : 'timeout',
      broadcasterId: b,
      moderatorId: q.get('moderator_id') ?? '',
      userId: data.user_id,
      duration: data.duration,
      reason: data.reason,
    })
    const end = data.duration === undefined ? null : new Date(now() + data.duration * 1000).toISOString()
    return {
      status: 200,
      body: {
        data: [{ broadcaster_id: b, moderator_id: q.get('moderator_id'), user_id: data.user_id, created_at: new Date(now()).toISOString(), end_time: end }],
      },
    }
  }
  if (p === '/moderation/bans' && req.method === 'DELETE') {
    if (!has('moderator:manage:banned_users')) return missing('moderator:manage:banned_users')
    const key = `${q.get('broadcaster_id') ?? ''}:${q.get('user_id') ?? ''}`
    const timedOut = (timeouts.get(key) ?? 0) > now()
    if (!banned.has(key) && !timedOut) {
      return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The user specified in the user_id field is not banned.' } }
    }
    banned.delete(key)
    timeouts.delete(key)
    moderation.push({ kind: 'unban', broadcasterId: q.get('broadcaster_id') ?? '', moderatorId: q.get('moderator_id') ?? '', userId: q.get('user_id') ?? '' })
    return { status: 204 }
  }
  return null
}
