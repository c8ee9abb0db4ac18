import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chatMessages } from '../chat/chat.tables'
import { giveawayDraws, giveawayEntries, giveaways, type GiveawayDrawRow, type GiveawayEntryRow, type GiveawayRow } from './giveaways.tables'

/** What the dashboard reads of a channel's giveaways: the list, entries, draws and the winner's lines since the draw. */
export function giveawayQueries(db: Db) {
  const list = (channelId: number): Promise<GiveawayRow[]> =>
    db.select().from(giveaways).where(eq(giveaways.channelId, channelId)).orderBy(desc(giveaways.id)).limit(50)

  const entriesOf = (giveawayId: number): Promise<GiveawayEntryRow[]> =>
    db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveawayId)).orderBy(asc(giveawayEntries.id))

  async function entryCounts(giveawayIds: number[]): Promise<Map<number, number>> {
    if (!giveawayIds.length) return new Map()
    const rows = await db
      .select({ id: giveawayEntries.giveawayId, n: sql<number>`count(*)::int` })
      .from(giveawayEntries)
      .where(inArray(giveawayEntries.giveawayId, giveawayIds))
      .groupBy(giveawayEntries.giveawayId)
    return new Map(rows.map((r) => [r.id, r.n]))
  }

  const drawsOf = (giveawayId: number): Promise<GiveawayDrawRow[]> =>
    db.select().from(giveawayDraws).where(eq(giveawayDraws.giveawayId, giveawayId)).orderBy(asc(giveawayDraws.id))

  const entryById = async (id: number) => (await db.select().from(giveawayEntries).where(eq(giveawayEntries.id, id)).limit(1))[0]

  /** The winner's chat lines since the draw (are they there?). */
  async function winnerMessages(draw: GiveawayDrawRow, channelId: number): Promise<Array<{ text: string; at: Date }>> {
    const entry = await entryById(draw.entryId)
    if (!entry) return []
    return db
      .select({ text: chatMessages.text, at: chatMessages.at })
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, channelId), eq(chatMessages.userId, entry.userId), gt(chatMessages.at, draw.drawnAt)))
      .orderBy(asc(chatMessages.at))
      .limit(20)
  }

  return { list, entriesOf, entryCounts, drawsOf, entryById, winnerMessages }
}
