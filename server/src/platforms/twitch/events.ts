import type { ChannelEvent, ChatRole, SupportAlert } from '../types'

const ROLE_BADGES: Record<string, ChatRole> = {
  broadcaster: 'broadcaster',
  moderator: 'moderator',
  lead_moderator: 'moderator',
  vip: 'vip',
  subscriber: 'subscriber',
  founder: 'subscriber',
}

/**
 * The broadcaster an event is for when that is not `channelId` (null: it is this channel's, or
 * says no broadcaster): a raid must name the channel on one side, any other event in its
 * broadcaster_user_id.
 */
export function foreignBroadcaster(type: string, e: Record<string, unknown>, channelId: string): string | null {
  if (type === 'channel.raid') {
    const from = String(e.from_broadcaster_user_id ?? '')
    const to = String(e.to_broadcaster_user_id ?? '')
    return from === channelId || to === channelId ? null : to || from
  }
  const id = e.broadcaster_user_id
  return id === undefined || String(id) === channelId ? null : String(id)
}

/** Maps an EventSub notification to the bot's channel event. */
export function twitchEvent(type: string, e: Record<string, unknown>, receivedAt: Date): ChannelEvent | null {
  switch (type) {
    case 'channel.chat.message': {
      const roles = new Set<ChatRole>()
      for (const badge of (e.badges as Array<{ set_id?: string }> | undefined) ?? []) {
        const r = badge.set_id ? ROLE_BADGES[badge.set_id] : undefined
        if (r) roles.add(r)
      }
      if (e.chatter_user_id === e.broadcaster_user_id) roles.add('broadcaster')
      return {
        kind: 'chat',
        chat: {
          messageId: String(e.message_id ?? ''),
          userId: String(e.chatter_user_id ?? ''),
          userLogin: String(e.chatter_user_login ?? ''),
          userName: String(e.chatter_user_name ?? e.chatter_user_login ?? ''),
          text: String((e.message as { text?: string } | undefined)?.text ?? ''),
          roles: [...roles],
          at: receivedAt,
          emotes: ((e.message as { fragments?: Array<{ type?: string }> } | undefined)?.fragments ?? []).filter((f) => f.type === 'emote').length,
        },
      }
    }
    case 'stream.online':
      return { kind: 'online', startedAt: typeof e.started_at === 'string' ? new Date(e.started_at) : receivedAt }
    case 'stream.offline':
      return { kind: 'offline' }
    case 'channel.raid': {
      const s = (k: string) => String(e[k] ?? '')
      return {
        kind: 'raid',
        raid: {
          fromId: s('from_broadcaster_user_id'),
          fromLogin: s('from_broadcaster_user_login'),
          fromName: s('from_broadcaster_user_name') || s('from_broadcaster_user_login'),
          toId: s('to_broadcaster_user_id'),
          toLogin: s('to_broadcaster_user_login'),
          toName: s('to_broadcaster_user_name') || s('to_broadcaster_user_login'),
          viewers: Number.isFinite(Number(e.viewers)) ? Math.max(0, Math.trunc(Number(e.viewers))) : 0,
        },
      }
    }
    case 'channel.update':
      return { kind: 'category', category: typeof e.category_name === 'string' && e.category_name ? e.category_name : null }
    case 'channel.follow': {
      const at = typeof e.followed_at === 'string' ? new Date(e.followed_at) : receivedAt
      return {
        kind: 'follow',
        follower: {
          userId: String(e.user_id ?? ''),
          login: String(e.user_login ?? ''),
          name: String(e.user_name ?? e.user_login ?? ''),
          followedAt: Number.isNaN(at.getTime()) ? receivedAt : at,
        },
      }
    }
    case 'channel.chat.message_delete':
      return { kind: 'chatRemoved', messageId: text(e.message_id), userId: null }
    case 'channel.chat.clear_user_messages':
      return { kind: 'chatRemoved', messageId: null, userId: text(e.target_user_id) }
    case 'channel.subscribe':
    case 'channel.subscription.message':
    case 'channel.subscription.gift':
    case 'channel.cheer':
      return { kind: 'alert', alert: twitchAlert(type, e) }
    default:
      return null
  }
}

const count = (v: unknown) => (Number.isFinite(Number(v)) ? Math.max(0, Math.trunc(Number(v))) : 0)
const text = (v: unknown) => (typeof v === 'string' && v ? v : null)

/** channel.subscribe, channel.subscription.message, channel.subscription.gift and channel.cheer (v1): what Twitch sent, nothing more. */
function twitchAlert(type: string, e: Record<string, unknown>): SupportAlert {
  const anonymous = e.is_anonymous === true
  const who = {
    userId: anonymous ? null : text(e.user_id),
    userLogin: anonymous ? null : text(e.user_login),
    userName: anonymous ? null : (text(e.user_name) ?? text(e.user_login)),
    anonymous,
    tier: text(e.tier),
  }
  switch (type) {
    case 'channel.subscription.message':
      return {
        ...who,
        type: 'resub',
        amount: 1,
        months: count(e.cumulative_months) || null,
        message: String((e.message as { text?: unknown } | undefined)?.text ?? ''),
        isGift: false,
      }
    case 'channel.subscription.gift':
      return { ...who, type: 'gift', amount: count(e.total), months: null, message: '', isGift: false }
    case 'channel.cheer':
      return { ...who, type: 'cheer', amount: count(e.bits), months: null, message: typeof e.message === 'string' ? e.message : '', isGift: false }
    default:
      return { ...who, type: 'sub', amount: 1, months: null, message: '', isGift: e.is_gift === true }
  }
}
