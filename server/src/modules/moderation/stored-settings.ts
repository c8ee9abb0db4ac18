import { eq } from 'drizzle-orm'
import { inIds, perChannel } from '../../db/id-list'
import type { ModerationCoreDeps } from './core-deps'
import { moderationRegulars, moderationSettings } from './moderation.tables'
import { defaultSettings, type ModerationSettings } from './settings'

async function settingsRow({ db }: ModerationCoreDeps, channelId: number) {
  const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.channelId, channelId))
  return row
}

/** The stored settings over the defaults (a filter added later gets its defaults). */
export async function settingsOf(deps: ModerationCoreDeps, channelId: number): Promise<ModerationSettings> {
  return withDefaults((await settingsRow(deps, channelId))?.settings)
}

/** settingsOf and regularLogins for many channels, one statement each (the bot's first lines in many channels at once). */
export async function storedOfMany(
  { db }: ModerationCoreDeps,
  channelIds: readonly number[],
): Promise<Map<number, { settings: ModerationSettings; regulars: Set<string> }>> {
  const [settings, regulars] = await Promise.all([
    perChannel(channelIds, (ids) => db.select().from(moderationSettings).where(inIds(moderationSettings.channelId, ids))),
    perChannel(channelIds, (ids) =>
      db
        .select({ channelId: moderationRegulars.channelId, login: moderationRegulars.login })
        .from(moderationRegulars)
        .where(inIds(moderationRegulars.channelId, ids)),
    ),
  ])
  return new Map(
    channelIds.map((id) => [id, { settings: withDefaults(settings.get(id)?.[0]?.settings), regulars: new Set(regulars.get(id)?.map((r) => r.login)) }]),
  )
}

function withDefaults(stored: ModerationSettings | null | undefined): ModerationSettings {
  const d = defaultSettings()
  if (!stored) return d
  return {
    ...d,
    ...stored,
    filters: Object.fromEntries(
      Object.entries(d.filters).map(([k, v]) => [k, { ...v, ...(stored.filters as Record<string, object>)[k] }]),
    ) as ModerationSettings['filters'],
  }
}

export async function rightsProblem(deps: ModerationCoreDeps, channelId: number): Promise<string | null> {
  return (await settingsRow(deps, channelId))?.rightsProblem ?? null
}

export async function regularLogins({ db }: ModerationCoreDeps, channelId: number): Promise<Set<string>> {
  const rows = await db.select({ login: moderationRegulars.login }).from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId))
  return new Set(rows.map((r) => r.login))
}
