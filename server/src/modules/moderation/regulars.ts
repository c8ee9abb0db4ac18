import { and, count, eq } from 'drizzle-orm'
import { AppError, isAppError } from '../../errors'
import { compileRegex } from '../../text/safe-pattern'
import { parseFields, parseInput } from '../../validation'
import { LOGIN, MAX_REGULARS, type ModerationCoreDeps } from './core-deps'
import { compileFilters } from './filters'
import { changed } from './guards'
import { moderationRegulars, moderationSettings } from './moderation.tables'
import { settingsSchema, type ModerationSettings } from './settings'

export async function updateSettings(deps: ModerationCoreDeps, userId: number, channelId: number | string, input: unknown): Promise<ModerationSettings> {
  const channel = await deps.channels.access(userId, channelId, 'moderation', 'manage')
  // Every zod issue names its field by path (filters.caps.percent), for the editor to show beside its input.
  const settings = parseFields(settingsSchema, input)
  compileOrFieldError(settings) // a pattern the engine refuses, or terms over the budget: a coded error, nothing stored
  await deps.db.transaction(async (tx) => {
    const [old] = await tx.select({ settings: moderationSettings.settings }).from(moderationSettings).where(eq(moderationSettings.channelId, channel.id))
    await tx
      .insert(moderationSettings)
      .values({ channelId: channel.id, settings, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: moderationSettings.channelId, set: { settings, updatedAt: deps.now() } })
    const entry = { channelId: channel.id, actorId: userId, module: 'moderation' as const, action: 'filters.update' }
    await deps.channels.audit(tx, {
      ...entry,
      before: (old?.settings as Record<string, unknown> | undefined) ?? null,
      after: settings as Record<string, unknown>,
    })
  })
  changed(deps, channel.id)
  return settings
}

/** The same refusal as compileFilters, but naming the pattern (filters.terms.patterns.2) or the term list it came from. */
function compileOrFieldError(settings: ModerationSettings) {
  const named = (field: string, e: unknown) => (isAppError(e) ? new AppError(e.code, e.message, { [field]: [e.message] }) : e)
  settings.filters.terms.patterns.forEach((p, i) => {
    try {
      compileRegex(p)
    } catch (e) {
      throw named(`filters.terms.patterns.${i}`, e)
    }
  })
  try {
    compileFilters(settings)
  } catch (e) {
    throw named('filters.terms.terms', e)
  }
}

export async function listRegulars({ db }: ModerationCoreDeps, channelId: number) {
  return db.select().from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId)).orderBy(moderationRegulars.login)
}

export async function addRegular(deps: ModerationCoreDeps, channelId: number, loginRaw: string, by: string) {
  const login = parseInput(LOGIN, loginRaw, 'login')
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(moderationRegulars).where(eq(moderationRegulars.channelId, channelId))
  if (n >= MAX_REGULARS) throw new AppError('BAD_USER_INPUT', `At most ${MAX_REGULARS} regulars per channel`, { login: [`At most ${MAX_REGULARS} regulars`] })
  await deps.db
    .insert(moderationRegulars)
    .values({ channelId, login, addedBy: by.slice(0, 100) })
    .onConflictDoNothing()
  changed(deps, channelId)
  return login
}

export async function removeRegular(deps: ModerationCoreDeps, channelId: number, loginRaw: string): Promise<boolean> {
  const login = parseInput(LOGIN, loginRaw, 'login')
  const gone = await deps.db
    .delete(moderationRegulars)
    .where(and(eq(moderationRegulars.channelId, channelId), eq(moderationRegulars.login, login)))
    .returning()
  changed(deps, channelId)
  return gone.length > 0
}
