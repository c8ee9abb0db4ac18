import { eq } from 'drizzle-orm'
import type { ModerationCoreDeps } from './core-deps'
import { moderationRegulars, moderationSettings } from './moderation.tables'
import { defaultSettings, type ModerationSettings } from './settings'

async function settingsRow({ db }: ModerationCoreDeps, channelId: number) {
  const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.channelId, channelId))
  return row
}

/** The stored settings over the defaults (a filter added later gets its defaults). */
export async function settingsOf(deps: ModerationCoreDeps, channelId: number): Promise<ModerationSettings> {
  const stored = (await settingsRow(deps, channelId))?.settings
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
