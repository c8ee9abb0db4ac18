import type { ModerationDeps } from './moderation-deps'

/** The dashboard's regulars: the owner or a member whose group manages moderation; each change goes to the channel's log. */
export async function addRegularOwned({ channels, core, db }: ModerationDeps, userId: number, channelId: string, login: string) {
  const channel = await channels.access(userId, channelId, 'moderation', 'manage')
  const added = await core.addRegular(channel.id, login, await channels.dashboardActor(userId, channel))
  await channels.audit(db, { channelId: channel.id, actorId: userId, module: 'moderation', action: 'regular.add', after: { login: added } })
  return core.listRegulars(channel.id)
}

export async function removeRegularOwned({ channels, core, db }: ModerationDeps, userId: number, channelId: string, login: string) {
  const channel = await channels.access(userId, channelId, 'moderation', 'manage')
  if (await core.removeRegular(channel.id, login)) {
    await channels.audit(db, {
      channelId: channel.id,
      actorId: userId,
      module: 'moderation',
      action: 'regular.remove',
      before: { login: login.trim().toLowerCase() },
    })
  }
  return core.listRegulars(channel.id)
}
