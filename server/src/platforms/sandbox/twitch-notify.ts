/**
 * EventSub delivery of the local Twitch: a notification goes to every WebSocket session and
 * conduit subscribed to its type and condition (a conduit balances over its enabled shards).
 */
import { nextId } from './http-util'
import type { TwitchWorld } from './twitch-world'

export type ChatFrom = { userId: string; login: string; name?: string; badges?: string[] }

export function createNotifier(w: TwitchWorld) {
  const { conduits, sessions, now, users, messages, authors } = w

  function notify(broadcasterId: string, type: string, event: Record<string, unknown>, conditionKey = 'broadcaster_user_id') {
    notifyWhere(type, (c) => c[conditionKey] === broadcasterId, event, `${type}|${conditionKey}=${broadcasterId}`)
  }

  /** `indexKey`: the same match as a key of the conduits' index (a lookup instead of a scan). */
  function notifyWhere(type: string, match: (condition: Record<string, string>) => boolean, event: Record<string, unknown>, indexKey?: string) {
    for (const c of conduits.values()) {
      const sub = indexKey ? c.index.get(indexKey) : c.subscriptions.find((x) => x.type === type && match(x.condition))
      if (!sub) continue
      // Twitch balances a conduit's notifications over its enabled shards (here: by subscription, stable).
      const live = c.shards.filter((sh) => sh.status === 'enabled' && sh.sessionId && sessions.get(sh.sessionId)?.socket)
      if (!live.length) continue
      let h = 0
      for (const ch of sub.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0
      const shard = live[h % live.length]!
      c.delivered.set(shard.id, (c.delivered.get(shard.id) ?? 0) + 1)
      sessions.get(shard.sessionId!)!.socket!.send(
        JSON.stringify({
          metadata: {
            message_id: nextId('m'),
            message_type: 'notification',
            message_timestamp: new Date(now()).toISOString(),
            subscription_type: type,
            subscription_version: sub.version,
          },
          payload: {
            subscription: {
              id: sub.id,
              type,
              version: sub.version,
              status: 'enabled',
              condition: sub.condition,
              transport: { method: 'conduit', conduit_id: c.id },
            },
            event,
          },
        }),
      )
    }
    for (const s of sessions.values()) {
      const sub = s.subscriptions.find((x) => x.type === type && match(x.condition))
      if (!sub || !s.socket) continue
      s.socket.send(
        JSON.stringify({
          metadata: {
            message_id: nextId('m'),
            message_type: 'notification',
            message_timestamp: new Date(now()).toISOString(),
            subscription_type: type,
            subscription_version: sub.version,
          },
          payload: { subscription: { id: sub.id, type, version: sub.version, status: 'enabled', condition: sub.condition }, event },
        }),
      )
    }
  }

  function chatEvent(broadcasterId: string, from: { userId: string; login: string; name?: string; badges?: string[] }, text: string) {
    const b = users.get(broadcasterId)
    const id = nextId('msg-')
    messages.add(id)
    authors.set(id, { userId: from.userId, login: from.login, name: from.name ?? from.login })
    notify(broadcasterId, 'channel.chat.message', {
      broadcaster_user_id: broadcasterId,
      broadcaster_user_login: b?.login ?? '',
      broadcaster_user_name: b?.displayName ?? '',
      chatter_user_id: from.userId,
      chatter_user_login: from.login,
      chatter_user_name: from.name ?? from.login,
      message_id: id,
      message: { text, fragments: [{ type: 'text', text }] },
      color: '',
      badges: (from.badges ?? []).map((set_id) => ({ set_id, id: '1', info: '' })),
      message_type: 'text',
    })
    return id
  }

  return { notify, notifyWhere, chatEvent }
}

export type Notifier = ReturnType<typeof createNotifier>
