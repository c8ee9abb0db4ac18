import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseInput } from '../../validation'
import type { Principal } from '../../permissions/abilities'
import { twoStep } from '../two-step/two-step.tables'
import { supportChatProfiles } from './support-chat.tables'
import { type ProfileUserShape, type ProfileInput, profileInput } from './chat-model'
import { announce, contactColumns } from './chat-contacts'
import type { SupportChatDeps } from './support-chat.deps'

export async function profile(deps: SupportChatDeps, actor: Principal): Promise<ProfileUserShape> {
  const { db } = deps
  const [row] = await db
    .select({ ...contactColumns, twoStepOn: twoStep.enabledAt, notificationsOn: supportChatProfiles.notificationsOn })
    .from(users)
    .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
    .leftJoin(twoStep, eq(twoStep.userId, users.id))
    .where(eq(users.id, actor.userId))
  if (!row) throw new AppError('UNAUTHENTICATED', 'Sign in first')
  return {
    id: row.id,
    avatar: row.avatar,
    fullName: row.fullName,
    role: row.role,
    about: row.about ?? '',
    // Your own status is the one you chose (others see offline while you are not connected).
    status: row.chosen ?? 'online',
    // The spec's field shows the account's real two-step verification (set in account settings), not a chat setting.
    settings: { isTwoStepAuthVerificationEnabled: row.twoStepOn != null, isNotificationsOn: row.notificationsOn ?? true },
  }
}

export async function updateProfile(deps: SupportChatDeps, actor: Principal, input: ProfileInput): Promise<ProfileUserShape> {
  const { db } = deps
  const v = parseInput(profileInput, input, 'input')
  const set: Partial<typeof supportChatProfiles.$inferInsert> = {}
  if (v.about != null) set.about = v.about
  if (v.status != null) set.status = v.status
  if (v.isNotificationsOn != null) set.notificationsOn = v.isNotificationsOn
  if (Object.keys(set).length > 0) {
    await db
      .insert(supportChatProfiles)
      .values({ userId: actor.userId, ...set })
      .onConflictDoUpdate({ target: supportChatProfiles.userId, set })
    if (set.status) await announce(deps, actor.userId)
  }
  return profile(deps, actor)
}
