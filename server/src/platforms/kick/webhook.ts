import { createVerify } from 'node:crypto'
import type { ChannelEvent, ChatRole, SupportAlert } from '../types'

export interface KickWebhookHeaders {
  messageId: string
  subscriptionId: string
  signature: string
  timestamp: string
  eventType: string
}

/** Reads Kick's webhook headers; null when one is missing. */
export function kickWebhookHeaders(get: (name: string) => string | undefined): KickWebhookHeaders | null {
  const h = {
    messageId: get('kick-event-message-id') ?? '',
    subscriptionId: get('kick-event-subscription-id') ?? '',
    signature: get('kick-event-signature') ?? '',
    timestamp: get('kick-event-message-timestamp') ?? '',
    eventType: get('kick-event-type') ?? '',
  }
  return h.messageId && h.signature && h.timestamp && h.eventType ? h : null
}

/** Kick signs `${messageId}.${timestamp}.${rawBody}` with RSA (PKCS#1 v1.5, SHA-256), base64. */
export function verifyKickSignature(publicKeyPem: string, h: KickWebhookHeaders, rawBody: string): boolean {
  try {
    const v = createVerify('RSA-SHA256')
    v.update(`${h.messageId}.${h.timestamp}.${rawBody}`)
    return v.verify(publicKeyPem, Buffer.from(h.signature, 'base64'))
  } catch {
    return false
  }
}

const ROLE_BADGES: Record<string, ChatRole> = {
  broadcaster: 'broadcaster',
  moderator: 'moderator',
  vip: 'vip',
  subscriber: 'subscriber',
  founder: 'subscriber',
  og: 'vip',
}

interface KickUser {
  user_id?: number | string
  username?: string
  channel_slug?: string
  identity?: { badges?: Array<{ type?: string }> } | null
}

/** The broadcaster's Kick user id an event belongs to. */
export function kickBroadcasterId(body: unknown): string | null {
  const id = (body as { broadcaster?: KickUser } | null)?.broadcaster?.user_id
  return id === undefined || id === null ? null : String(id)
}

/** Maps a verified Kick webhook body to the bot's channel event. */
export function kickEvent(type: string, body: unknown, receivedAt: Date): ChannelEvent | null {
  const b = (body ?? {}) as Record<string, unknown>
  if (type === 'chat.message.sent') {
    const sender = (b.sender ?? {}) as KickUser
    const roles = new Set<ChatRole>()
    for (const badge of sender.identity?.badges ?? []) {
      const r = badge.type ? ROLE_BADGES[badge.type] : undefined
      if (r) roles.add(r)
    }
    if (String(sender.user_id) === kickBroadcasterId(body)) roles.add('broadcaster')
    const created = typeof b.created_at === 'string' ? new Date(b.created_at) : receivedAt
    return {
      kind: 'chat',
      chat: {
        messageId: String(b.message_id ?? ''),
        userId: String(sender.user_id ?? ''),
        userLogin: (sender.channel_slug ?? sender.username ?? '').toLowerCase(),
        userName: sender.username ?? '',
        text: typeof b.content === 'string' ? b.content : '',
        roles: [...roles],
        at: Number.isNaN(created.getTime()) ? receivedAt : created,
        // Each emote lists the places it occurs in the line.
        emotes: ((b.emotes ?? []) as Array<{ positions?: unknown[] }>).reduce((n, e) => n + (Array.isArray(e.positions) ? e.positions.length : 1), 0),
      },
    }
  }
  if (type === 'livestream.status.updated') {
    if (b.is_live) return { kind: 'online', startedAt: typeof b.started_at === 'string' ? new Date(b.started_at) : receivedAt }
    return { kind: 'offline' }
  }
  if (type === 'channel.followed') {
    const f = (b.follower ?? {}) as KickUser
    if (f.user_id === undefined || f.user_id === null) return null
    return {
      kind: 'follow',
      follower: {
        userId: String(f.user_id),
        login: (f.channel_slug ?? f.username ?? '').toLowerCase(),
        name: f.username ?? String(f.user_id),
        followedAt: receivedAt,
      },
    }
  }
  const alert = kickAlert(type, b)
  if (alert) return { kind: 'alert', alert }
  if (type === 'livestream.metadata.updated') {
    const meta = (b.metadata ?? {}) as { category?: { name?: string } }
    return { kind: 'category', category: meta.category?.name ?? null }
  }
  return null
}

const kickWho = (u: KickUser & { is_anonymous?: boolean | null }) => {
  const anonymous = u.is_anonymous === true || u.user_id === undefined || u.user_id === null
  return {
    userId: anonymous ? null : String(u.user_id),
    userLogin: anonymous ? null : (u.channel_slug ?? u.username ?? '').toLowerCase() || null,
    userName: anonymous ? null : (u.username ?? null),
    anonymous,
  }
}
const whole = (v: unknown) => (Number.isFinite(Number(v)) ? Math.max(0, Math.trunc(Number(v))) : 0)

/**
 * Kick's support webhooks (v1): channel.subscription.new, channel.subscription.renewal,
 * channel.subscription.gifts (one delivery for all giftees) and kicks.gifted.
 */
export function kickAlert(type: string, b: Record<string, unknown>): SupportAlert | null {
  const base = { tier: null, months: null, message: '', isGift: false }
  switch (type) {
    case 'channel.subscription.new':
      return { ...base, ...kickWho((b.subscriber ?? {}) as KickUser), type: 'sub', amount: 1 }
    case 'channel.subscription.renewal':
      return { ...base, ...kickWho((b.subscriber ?? {}) as KickUser), type: 'resub', amount: 1, months: whole(b.duration) || null }
    case 'channel.subscription.gifts': {
      const giftees = Array.isArray(b.giftees) ? b.giftees : []
      return { ...base, ...kickWho((b.gifter ?? {}) as KickUser), type: 'gift', amount: giftees.length }
    }
    case 'kicks.gifted': {
      const gift = (b.gift ?? {}) as { amount?: unknown; message?: unknown }
      const message = typeof gift.message === 'string' ? gift.message : ''
      return { ...base, ...kickWho((b.sender ?? {}) as KickUser), type: 'kicks', amount: whole(gift.amount), message }
    }
    default:
      return null
  }
}
