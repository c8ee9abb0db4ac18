import type { ModerationDeps } from './moderation-deps'

export async function addRegularOwned({ channels, core }: ModerationDeps, userId: number, channelId: string, login: string) {
  const channel = await channels.owned(userId, channelId)
  await core.addRegular(channel.id, login, 'dashboard')
  return core.listRegulars(channel.id)
}

export async function removeRegularOwned({ channels, core }: ModerationDeps, userId: number, channelId: string, login: string) {
  const channel = await channels.owned(userId, channelId)
  await core.removeRegular(channel.id, login)
  return core.listRegulars(channel.id)
}
