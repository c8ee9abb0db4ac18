import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { LiveViewers } from '../../platforms/types'
import type { SyncJob } from '../../worker/sync-scheduler'
import { CHAT_FLUSH_MS, VIEWER_SAMPLE_MS, type AnalyticsDeps } from './analytics-deps'
import { streamSessions, viewerSamples, type StreamSessionRow } from './analytics.tables'

async function openSession({ db }: AnalyticsDeps, channelId: number): Promise<StreamSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(streamSessions)
    .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
    .orderBy(desc(streamSessions.startedAt))
    .limit(1)
  return row
}

export async function streamOnline(deps: AnalyticsDeps, channelId: number, startedAt: Date | null, category: string | null): Promise<number> {
  const open = await openSession(deps, channelId)
  if (open) return 0
  await deps.db.insert(streamSessions).values({ channelId, startedAt: startedAt ?? deps.now(), category })
  return 1
}

export async function flushChat({ db, chatCounts }: AnalyticsDeps, channelId: number): Promise<number> {
  const n = chatCounts.get(channelId) ?? 0
  if (!n) return 0
  chatCounts.delete(channelId)
  const updated = await db
    .update(streamSessions)
    .set({ chatLines: sql`${streamSessions.chatLines} + ${n}` })
    .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
    .returning({ id: streamSessions.id })
  return updated.length
}

export async function streamOffline(deps: AnalyticsDeps, channelId: number): Promise<number> {
  const rows = await flushChat(deps, channelId)
  const closed = await deps.db
    .update(streamSessions)
    .set({ endedAt: deps.now() })
    .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
    .returning({ id: streamSessions.id })
  return rows + closed.length
}

/**
 * A viewer's chat line the bot received (lines of an offline channel belong to no stream). It
 * reaches the live session within CHAT_FLUSH_MS, in this process: a live stream shows its chat
 * lines while it runs (before, only the viewer samples and the stream's end wrote them, so a
 * stream read 0 lines until it ended when its samples ran elsewhere).
 */
export function countChatLine(deps: AnalyticsDeps, channelId: number) {
  const { chatCounts, chatFlushes } = deps
  chatCounts.set(channelId, (chatCounts.get(channelId) ?? 0) + 1)
  if (chatFlushes.has(channelId)) return
  chatFlushes.add(channelId)
  const timer = setTimeout(() => {
    chatFlushes.delete(channelId)
    // A failed write (the database closing on shutdown) loses these lines' count, as before.
    flushChat(deps, channelId).catch(() => {})
  }, deps.chatFlushMs ?? CHAT_FLUSH_MS)
  timer.unref()
}

/** Folds one reading of the platform's viewer count in; opens or closes the session when an event was missed. */
export async function recordSample(deps: AnalyticsDeps, channelId: number, live: LiveViewers): Promise<number> {
  if (!live.live) return streamOffline(deps, channelId)
  let rows = await streamOnline(deps, channelId, live.startedAt, live.category)
  rows += await flushChat(deps, channelId)
  const session = await openSession(deps, channelId)
  if (!session || live.viewers === null) return rows
  const v = Math.max(0, Math.round(live.viewers))
  await deps.db.insert(viewerSamples).values({ sessionId: session.id, at: deps.now(), viewers: v })
  await deps.db
    .update(streamSessions)
    .set({
      category: sql`coalesce(${streamSessions.category}, ${live.category})`,
      peakViewers: sql`greatest(coalesce(${streamSessions.peakViewers}, 0), ${v})`,
      viewerSum: sql`${streamSessions.viewerSum} + ${v}`,
      samples: sql`${streamSessions.samples} + 1`,
    })
    .where(eq(streamSessions.id, session.id))
  return rows + 2
}

/** Scheduler job: a live channel's viewer count, as the platform reports it. */
export function viewersJob(deps: AnalyticsDeps): SyncJob {
  const { channels, platforms } = deps
  return {
    name: 'viewers',
    intervalMs: deps.sampleMs ?? VIEWER_SAMPLE_MS,
    applies: (c) => c.live,
    async run(channel, ctx) {
      // A sandbox channel reads the in-process sandbox, never the real platform.
      const client = channel.platform === 'twitch' ? (await platforms.twitchOf(channel)).twitch : platforms.kick
      const live = await channels.actAs(channel.id, 'broadcaster', (as) => {
        ctx.guard(channel.platform, as.token)
        return client.liveViewers(as.token, as.broadcasterId, ctx.retries)
      })
      return { requests: 1, rows: await recordSample(deps, channel.id, live) }
    },
  }
}
