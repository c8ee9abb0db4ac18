import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../server/src/db/client'
import { users } from '../server/src/db/schema'
import { supportChatMessages, supportChatProfiles, supportChats } from '../server/src/modules/support-chat/support-chat.tables'
import { todoTasks, type TaskTag } from '../server/src/modules/todo/todo.tables'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * A few support-chat messages and tasks between the demo accounts (admin, reseller, client),
 * so the /apps/chat and /apps/todo pages are not empty on a first start. Only once: nothing
 * is written when the demo accounts are missing or already have chats or tasks.
 */
export async function seedBackOffice(db: Db, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.local', 'reseller@demo.local', 'client@demo.local']))
  const id = (role: string) => rows.find((r) => r.email === `${role}@demo.local`)?.id
  const admin = id('admin')
  const reseller = id('reseller')
  const client = id('client')
  if (!admin || !reseller || !client) return
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(todoTasks)
    .where(inArray(todoTasks.ownerId, [admin, reseller, client]))
  const [{ c } = { c: 0 }] = await db
    .select({ c: sql<number>`count(*)::int` })
    .from(supportChats)
    .where(eq(supportChats.userA, Math.min(client, reseller)))
  if (n > 0 || c > 0) return
  const at = (ms: number) => new Date(now.getTime() - ms)
  const day = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10)

  await db.transaction(async (tx) => {
    await tx
      .insert(supportChatProfiles)
      .values([
        { userId: admin, about: 'Product support: licences, plans and anything that does not work as it should.', status: 'online' },
        { userId: reseller, about: 'Your reseller: setup help for the bot panel and your licence.', status: 'busy' },
        { userId: client, about: 'Streaming on Twitch most evenings.', status: 'online' },
      ])
      .onConflictDoNothing()
    const threads: Array<{ a: number; b: number; lines: Array<[number, string, number]> }> = [
      {
        a: client,
        b: reseller,
        lines: [
          [client, 'Hi! The bot joined my channel but does not answer !uptime.', 3 * HOUR],
          [reseller, 'Is the stream live? !uptime only answers while you are live.', 2.9 * HOUR],
          [client, 'Ah, that was it. Thanks!', 2.8 * HOUR],
        ],
      },
      {
        a: client,
        b: admin,
        lines: [[admin, 'Welcome! Your Starter licence is active for 30 days. Ask here if anything is unclear.', DAY]],
      },
    ]
    for (const t of threads) {
      const [userA, userB] = t.a < t.b ? [t.a, t.b] : [t.b, t.a]
      const last = t.lines[t.lines.length - 1]!
      const [chat] = await tx
        .insert(supportChats)
        .values({ userA, userB, lastMessageAt: at(last[2]) })
        .returning({ id: supportChats.id })
      const ids = await tx
        .insert(supportChatMessages)
        .values(t.lines.map(([senderId, message, ago]) => ({ chatId: chat!.id, senderId, message, time: at(ago) })))
        .returning({ id: supportChatMessages.id, senderId: supportChatMessages.senderId })
      // Each side has read up to its own last message.
      const readOf = (u: number) => Math.max(0, ...ids.filter((m) => m.senderId === u).map((m) => m.id))
      await tx
        .update(supportChats)
        .set({ readA: readOf(userA), readB: readOf(userB) })
        .where(eq(supportChats.id, chat!.id))
    }
    const tasks: Array<{
      ownerId: number
      title: string
      description: string
      assigneeId: number | null
      tags: TaskTag[]
      due: number
      isImportant?: boolean
      isCompleted?: boolean
    }> = [
      {
        ownerId: client,
        title: 'Add a !discord command',
        description: 'Chatlist: trigger !discord, answer with the invite link.',
        assigneeId: client,
        tags: ['low'],
        due: 2,
      },
      {
        ownerId: client,
        title: 'Set a timer for the schedule',
        description: 'Every 30 minutes once 20 chat lines have passed.',
        assigneeId: client,
        tags: ['medium'],
        due: 5,
        isImportant: true,
      },
      {
        ownerId: client,
        title: 'Connect the Kick channel',
        description: 'Ask the reseller if the Starter plan covers it.',
        assigneeId: reseller,
        tags: ['team', 'update'],
        due: 7,
      },
      {
        ownerId: reseller,
        title: 'Renew the demo client licence',
        description: 'The Starter licence runs out in 30 days.',
        assigneeId: reseller,
        tags: ['high'],
        due: 25,
        isImportant: true,
      },
      {
        ownerId: admin,
        title: 'Review open bot feedback',
        description: 'Triage the reports filed this week.',
        assigneeId: admin,
        tags: ['team'],
        due: 1,
        isCompleted: true,
      },
    ]
    await tx.insert(todoTasks).values(
      tasks.map((t, i) => ({
        ownerId: t.ownerId,
        title: t.title,
        description: t.description,
        assigneeId: t.assigneeId,
        tags: t.tags,
        dueDate: day(t.due),
        isImportant: t.isImportant ?? false,
        isCompleted: t.isCompleted ?? false,
        createdAt: at((tasks.length - i) * HOUR),
        updatedAt: at((tasks.length - i) * HOUR),
      })),
    )
  })
}
