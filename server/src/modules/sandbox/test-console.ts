import { AppError } from '../../errors'
import type { SandboxClip } from '../../platforms/sandbox/twitch-server'
import { parse, sandboxChannel, viewer, type SandboxDeps, type SandboxInputs } from './sandbox-deps'

// The test console's controls: they act only on the caller's own sandbox channels.

export async function chat(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['chat']): Promise<string> {
  const i = parse('chat', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  const from = viewer(i.viewer)
  // As on Twitch, a banned or timed-out viewer cannot write until it ends (the bot's timeouts hold).
  const restriction = p.server.restriction(channel.platformUserId, from.userId)
  if (restriction !== null) {
    const why =
      restriction === 'banned' ? 'This test viewer is banned in this channel' : `This test viewer is timed out until ${new Date(restriction).toISOString()}`
    throw new AppError('SANDBOX_VIEWER_RESTRICTED', why, { viewer: [why] })
  }
  return p.server.chat(channel.platformUserId, { ...from, badges: [...new Set(i.badges)] }, i.text)
}

export async function stream(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['stream']): Promise<boolean> {
  const i = parse('stream', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  if (i.title != null) p.server.setTitle(channel.platformUserId, i.title)
  if (i.online) {
    p.server.setCategory(channel.platformUserId, i.category ?? 'Just Chatting')
    p.server.goLive(channel.platformUserId, i.category ?? 'Just Chatting')
  } else p.server.goOffline(channel.platformUserId)
  return true
}

export async function follow(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['follow']): Promise<boolean> {
  const i = parse('follow', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  p.server.follow(channel.platformUserId, viewer(i.viewer), (i.daysAgo ?? 0) * 86_400_000)
  return true
}

export async function raid(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['raid']): Promise<boolean> {
  const i = parse('raid', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  p.server.raid(channel.platformUserId, viewer(i.fromChannel), i.viewers)
  return true
}

export async function clip(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['clip']): Promise<SandboxClip> {
  const i = parse('clip', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  const creator = viewer(i.creator ?? channel.login)
  return p.server.createClip(channel.platformUserId, { title: i.title, creatorId: creator.userId, creatorName: creator.name })
}

/** Deletes the sandbox channel with everything of it (commands, timers, chat history, its simulated account). */
export async function remove(deps: SandboxDeps, userId: number, channelId: number | string): Promise<boolean> {
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  const accounts = await deps.channels.accounts(channel.id)
  await deps.channels.disconnect(userId, channel.id)
  for (const a of accounts) p.server.removeUser(a.platformUserId)
  return true
}

/** A test viewer subscribes, shares a resubscription (amount: months), gifts subscriptions (amount) or cheers (amount: bits). */
export async function support(deps: SandboxDeps, userId: number, channelId: number | string, input: SandboxInputs['support']): Promise<boolean> {
  const i = parse('support', input)
  const { channel, p } = await sandboxChannel(deps, userId, channelId)
  const v = viewer(i.viewer)
  const b = channel.platformUserId
  if (i.kind === 'sub') p.server.support.subscribe(b, v)
  else if (i.kind === 'resub') p.server.support.resubscribe(b, v, { months: i.amount })
  else if (i.kind === 'gift') p.server.support.gift(b, v, { count: i.amount })
  else p.server.support.cheer(b, v, { bits: i.amount })
  return true
}
