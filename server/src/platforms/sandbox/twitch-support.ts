/**
 * Support events of the local Twitch, as EventSub documents them (v1): channel.subscribe
 * (also once per recipient of a gift, with is_gift), channel.subscription.message (a
 * resubscription shared in chat), channel.subscription.gift (one per gift, with its total) and
 * channel.cheer. Subscribing to them needs channel:read:subscriptions or bits:read from the
 * broadcaster, as on Twitch.
 */
export const SUPPORT_SCOPES: Readonly<Record<string, string>> = {
  'channel.subscribe': 'channel:read:subscriptions',
  'channel.subscription.message': 'channel:read:subscriptions',
  'channel.subscription.gift': 'channel:read:subscriptions',
  'channel.cheer': 'bits:read',
}

export interface SupportUser {
  userId: string
  login: string
  name?: string
}

export type Tier = '1000' | '2000' | '3000'

export function createTwitchSupport(deps: {
  broadcaster: (id: string) => { login: string; displayName: string } | undefined
  notify: (broadcasterId: string, type: string, event: Record<string, unknown>) => void
}) {
  const b = (id: string) => {
    const u = deps.broadcaster(id)
    return { broadcaster_user_id: id, broadcaster_user_login: u?.login ?? '', broadcaster_user_name: u?.displayName ?? '' }
  }
  const user = (u: SupportUser | null) => ({ user_id: u?.userId ?? null, user_login: u?.login ?? null, user_name: u ? (u.name ?? u.login) : null })

  return {
    /** A viewer subscribes (channel.subscribe). */
    subscribe(broadcasterId: string, u: SupportUser, o: { tier?: Tier; isGift?: boolean } = {}) {
      deps.notify(broadcasterId, 'channel.subscribe', { ...user(u), ...b(broadcasterId), tier: o.tier ?? '1000', is_gift: o.isGift ?? false })
    },
    /** A subscriber shares their resubscription in chat (channel.subscription.message). */
    resubscribe(broadcasterId: string, u: SupportUser, o: { months: number; message?: string; tier?: Tier }) {
      deps.notify(broadcasterId, 'channel.subscription.message', {
        ...user(u),
        ...b(broadcasterId),
        tier: o.tier ?? '1000',
        message: { text: o.message ?? '', emotes: [] },
        cumulative_months: o.months,
        streak_months: null,
        duration_months: 1,
      })
    },
    /**
     * A viewer (null: anonymous) gifts `count` subscriptions: one channel.subscription.gift, then
     * channel.subscribe with is_gift for each recipient named (Twitch picks them; the sandbox
     * names none unless told).
     */
    gift(broadcasterId: string, gifter: SupportUser | null, o: { count: number; tier?: Tier; recipients?: SupportUser[] }) {
      deps.notify(broadcasterId, 'channel.subscription.gift', {
        ...user(gifter),
        ...b(broadcasterId),
        total: o.count,
        tier: o.tier ?? '1000',
        cumulative_total: gifter ? o.count : null,
        is_anonymous: gifter === null,
      })
      for (const r of o.recipients ?? []) this.subscribe(broadcasterId, r, { tier: o.tier, isGift: true })
    },
    /** A viewer (null: anonymous) cheers `bits` (channel.cheer). */
    cheer(broadcasterId: string, u: SupportUser | null, o: { bits: number; message?: string }) {
      deps.notify(broadcasterId, 'channel.cheer', { is_anonymous: u === null, ...user(u), ...b(broadcasterId), message: o.message ?? '', bits: o.bits })
    },
  }
}
