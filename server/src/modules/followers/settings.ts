import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../errors'
import { templateProblems } from '../commands/template'
import { DEFAULT_THANKS_TEMPLATE, MAX_THANKS_TEMPLATE, type FollowersDeps } from './followers-deps'
import { followerSettings } from './followers.tables'

const settingsInput = z.object({
  thankYou: z.boolean(),
  template: z.string(),
})

export async function settingsOf({ db }: FollowersDeps, channelId: number) {
  const [row] = await db.select().from(followerSettings).where(eq(followerSettings.channelId, channelId)).limit(1)
  return row ?? { channelId, thankYou: false, template: DEFAULT_THANKS_TEMPLATE, updatedAt: null }
}

export async function settings(deps: FollowersDeps, userId: number, channelId: number | string) {
  const channel = await deps.channels.access(userId, channelId, 'followers', 'view')
  return settingsOf(deps, channel.id)
}

export async function updateSettings(deps: FollowersDeps, userId: number, channelId: number | string, raw: unknown) {
  const { db, now, channels } = deps
  const channel = await channels.access(userId, channelId, 'followers', 'manage')
  const parsed = settingsInput.safeParse(raw)
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Invalid thank-you settings')
  const template = parsed.data.template.trim()
  const problems = templateProblems(template, ['user'])
  if (template.length > MAX_THANKS_TEMPLATE) problems.unshift(`The template has ${template.length} characters; the most is ${MAX_THANKS_TEMPLATE}`)
  if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!, { template: problems })
  const values = { channelId: channel.id, thankYou: parsed.data.thankYou, template, updatedAt: now() }
  const before = await settingsOf(deps, channel.id)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(followerSettings)
      .values(values)
      .onConflictDoUpdate({ target: followerSettings.channelId, set: { thankYou: values.thankYou, template, updatedAt: values.updatedAt } })
      .returning()
    await channels.audit(tx, {
      channelId: channel.id,
      actorId: userId,
      module: 'followers',
      action: 'thanks.update',
      before: { thankYou: before.thankYou, template: before.template },
      after: { thankYou: row!.thankYou, template: row!.template },
    })
    return row!
  })
}
