import { eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { botPanels } from '../../db/schema'
import { changed, type BotModule, type ChannelsDeps, type PanelPatch } from './channels-deps'
import { channels, type ChannelRow } from './channels.tables'
import { access } from './access'
import { record } from './channel-audit'
import { byId } from './lookup'

/**
 * The per-user bot_panels row (the spec's Botpanel) is derived from the user's channels,
 * the one source of truth: each switch is on when it is on for any of them. Without a
 * channel, Active is off and the other switches keep what the user chose (they are the
 * settings a newly connected channel starts with). Sandbox channels never count (admin
 * figures read bot_panels.active).
 */
export async function syncUserPanel(deps: ChannelsDeps, tx: Db, userId: number) {
  const { now } = deps
  const own = sql`${channels.userId} = ${userId} and not ${channels.sandbox}`
  const anyOn = (column: AnyPgColumn, current: 'autostart' | 'chatbot' | 'category_chatbot') =>
    sql`coalesce((select bool_or(${column}) from ${channels} where ${own}), ${sql.raw(`"bot_panels"."${current}"`)})`
  await tx
    .update(botPanels)
    .set({
      active: sql`exists (select 1 from ${channels} where ${own} and ${channels.active})`,
      autostart: anyOn(channels.autostart, 'autostart'),
      chatbot: anyOn(channels.chatBot, 'chatbot'),
      categoryChatbot: anyOn(channels.categoryChatBot, 'category_chatbot'),
      updatedAt: now(),
    })
    .where(eq(botPanels.userId, userId))
}

export async function updatePanel(deps: ChannelsDeps, userId: number, channelId: number | string, patch: PanelPatch): Promise<ChannelRow> {
  const channel = await access(deps, userId, channelId, 'switches', 'manage')
  const set: Partial<ChannelRow> = {}
  for (const k of ['active', 'autostart', 'chatBot', 'categoryChatBot'] as const) {
    const v = patch[k]
    if (typeof v === 'boolean') set[k] = v
  }
  return applySettings(deps, channel, set, 'panel', userId)
}

export async function setModule(deps: ChannelsDeps, userId: number, channelId: number | string, module: BotModule, enabled: boolean): Promise<ChannelRow> {
  const channel = await access(deps, userId, channelId, 'switches', 'manage')
  return applySettings(deps, channel, { [module]: enabled }, `module ${module}`, userId)
}

/** Saves switches; `actorId`: the account that changed them on the dashboard (owner or member), for the channel's log. */
export async function applySettings(deps: ChannelsDeps, channel: ChannelRow, set: Partial<ChannelRow>, what: string, actorId?: number): Promise<ChannelRow> {
  const { db, now } = deps
  if (Object.keys(set).length === 0) return channel
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(channels)
      .set({ ...set, updatedAt: now() })
      .where(eq(channels.id, channel.id))
      .returning()
    if (['active', 'autostart', 'chatBot', 'categoryChatBot'].some((key) => key in set)) await syncUserPanel(deps, tx, channel.userId)
    if (actorId !== undefined) {
      const before = Object.fromEntries(Object.keys(set).map((k) => [k, channel[k as keyof ChannelRow]]))
      await record(deps, tx, { channelId: channel.id, actorId, module: 'switches', action: 'switches.update', before, after: { ...set } })
    }
    return updated!
  })
  changed(deps, channel.id, what)
  return row
}

/** Worker: a channel went live and has Autostart on. */
export async function activate(deps: ChannelsDeps, channelId: number): Promise<void> {
  const channel = await byId(deps, channelId)
  if (!channel || channel.active) return
  await applySettings(deps, channel, { active: true }, 'autostart')
}
