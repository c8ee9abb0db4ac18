import { count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { IncomingChat } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import { words, type ChatTurn } from '../commands/commands.module'
import { permits } from '../commands/permission'
import type { GiveawaysService } from './giveaways.service'
import { giveawayEntries, type GiveawayRow } from './giveaways.tables'

const DAY_MS = 86_400_000

/**
 * Entries from chat: the keyword (or any line when the giveaway has none) enters a viewer once,
 * if eligible (level, follow age from the platform) and while there is room and time; the
 * bot's own lines never enter. A giveaway whose timer ran out is closed at its next line.
 */
export function createGiveawayChat(deps: {
  db: Db
  giveaways: GiveawaysService
  /** When a viewer followed (undefined: the platform cannot say). */
  followedAt: (row: ChannelRow, viewerId: string) => Promise<Date | null | undefined>
}) {
  const { db, giveaways, followedAt } = deps

  async function eligible(g: GiveawayRow, chat: IncomingChat, turn: ChatTurn): Promise<boolean> {
    if (g.eligibility === 'subscribers') return permits(chat.roles, 'subscriber')
    if (g.eligibility === 'followers') {
      if (chat.roles.includes('broadcaster')) return true
      const at = await followedAt(turn.row, chat.userId)
      if (!at) return false
      return turn.now - at.getTime() >= (g.minFollowDays ?? 0) * DAY_MS
    }
    return true
  }

  return async function onChat(chat: IncomingChat, turn: ChatTurn): Promise<boolean> {
    const g = await giveaways.openGiveaway(turn.row.id)
    if (!g) return false
    if (g.keyword ? words(chat.text).word !== g.keyword : chat.text.trim().startsWith('!')) return false
    if (g.endsAt && turn.now >= g.endsAt.getTime()) {
      const closed = await giveaways.closeRow(g)
      if (closed.closedAt && (await turn.mayWrite())) turn.say(`Entries for ${g.prize} are closed.`)
      return false
    }
    if (!(await eligible(g, chat, turn)) || !(await turn.mayWrite())) return false
    if (g.maxEntries !== null) {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id))
      if (n >= g.maxEntries) return false
    }
    const subscriber = permits(chat.roles, 'subscriber')
    await db
      .insert(giveawayEntries)
      .values({
        giveawayId: g.id,
        userId: chat.userId,
        login: chat.userLogin,
        name: chat.userName,
        tickets: subscriber ? g.subscriberTickets : 1,
        subscriber,
        enteredAt: new Date(turn.now),
      })
      .onConflictDoNothing()
    return true
  }
}
