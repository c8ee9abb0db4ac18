import type { Platforms } from '../../platforms'
import { PlatformRequestError, type PlatformResult } from '../../platforms/types'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'

export type PlatformAction =
  | { kind: 'delete'; messageId: string }
  | { kind: 'timeout'; userId: string; seconds: number; reason: string }
  | { kind: 'ban'; userId: string; reason: string }
  | { kind: 'unban'; userId: string }

/** After a 429 the channel's moderation calls wait this long (the HTTP layer already waited for the reset twice). */
export const RATE_PAUSE_MS = 15_000

/**
 * The platform calls of auto-moderation (Twitch Helix DELETE /moderation/chat, POST/DELETE
 * /moderation/bans; Kick DELETE /chat/{id}, POST/DELETE /moderation/bans), made with the
 * broadcaster's token as the chatboard's are. The platform's answer is kept as it came, with
 * three readings: a message already gone (404) or a viewer already banned counts as done;
 * 403 means the account lacks moderator rights (the page says so); after a 429 nothing is
 * called for RATE_PAUSE_MS (no tight retry loop: the line is logged as not removed).
 */
export function createPlatformActions(deps: { channels: ChannelsService; platforms: Platforms }) {
  const pausedUntil = new Map<number, number>()

  async function call(channel: ChannelRow, action: PlatformAction): Promise<PlatformResult> {
    const client = await deps.platforms.of(channel)
    try {
      return await deps.channels.actAs(channel.id, 'broadcaster', (as) => {
        switch (action.kind) {
          case 'delete':
            return client.deleteMessage(as, action.messageId)
          case 'timeout':
            return client.ban(as, action.userId, action.seconds, action.reason)
          case 'ban':
            return client.ban(as, action.userId, null, action.reason)
          case 'unban':
            return client.unban(as, action.userId)
        }
      })
    } catch (e) {
      if (e instanceof PlatformRequestError) return { ok: false, status: e.status, message: e.message }
      throw e
    }
  }

  function interpret(action: PlatformAction, r: PlatformResult): PlatformResult {
    if (r.ok) return r
    if (action.kind === 'delete' && r.status === 404) return { ...r, ok: true, message: 'The message was already gone' }
    if (action.kind === 'ban' && /already banned/i.test(r.message)) return { ...r, ok: true, message: 'Already banned' }
    return r
  }

  return {
    /** Does the action now, unless the channel is pausing after a 429 (then answers 429 without a call). */
    async perform(channel: ChannelRow, action: PlatformAction, now: number): Promise<PlatformResult> {
      const until = pausedUntil.get(channel.id) ?? 0
      if (now < until) return { ok: false, status: 429, message: `Rate limited by the platform; paused for ${Math.ceil((until - now) / 1000)} s` }
      const r = interpret(action, await call(channel, action))
      if (r.status === 429) pausedUntil.set(channel.id, now + RATE_PAUSE_MS)
      return r
    },
  }
}

export type PlatformActions = ReturnType<typeof createPlatformActions>
