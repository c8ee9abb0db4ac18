import { createMongoAbility, type MongoAbility } from '@casl/ability'
import { createContext, useContext } from 'react'

/** A module of a channel a team member may be granted (server/src/permissions/channel-rights.ts). */
export type ChannelModuleName = 'commands' | 'moderation' | 'conversation' | 'raids' | 'videos' | 'followers' | 'switches' | 'audit'
/** `view` or `manage` a module; `owner` on `channel` for what only its owner does (team, disconnect, billing). */
export type ChannelAbility = MongoAbility<[string, string]>

export interface ChannelAccessShape {
  owner: boolean
  rights: ReadonlyArray<{ module: string; grant: string }>
}

/**
 * The caller's ability on one channel, from the `myAccess` the server sends with it (the same
 * rights its `channels.access` checks): the owner may do everything; a team member views or
 * manages per module. Pages show a control only when this allows it; the server refuses anyway.
 */
export function channelAbilityOf(access: ChannelAccessShape | null | undefined): ChannelAbility {
  if (!access || access.owner)
    return createMongoAbility<[string, string]>([
      { action: 'manage', subject: 'all' },
      { action: 'owner', subject: 'channel' },
    ])
  const rules = access.rights.flatMap((r) =>
    r.grant === 'manage'
      ? [
          { action: 'view', subject: r.module },
          { action: 'manage', subject: r.module },
        ]
      : r.grant === 'view'
        ? [{ action: 'view', subject: r.module }]
        : [],
  )
  return createMongoAbility<[string, string]>(rules)
}

/** The ability on the channel a page works on (ChannelPage provides it; outside one: the owner's). */
export const ChannelAbilityContext = createContext<ChannelAbility>(channelAbilityOf(null))

export const useChannelAbility = () => useContext(ChannelAbilityContext)

/**
 * The channels the caller owns, out of a list that also holds those they help with on a team
 * (Query.channels): every "n of limit channels" figure and every owner-only choice counts these.
 */
export const ownedChannels = <T extends { myAccess: { owner: boolean } }>(channels: readonly T[]): T[] => channels.filter((c) => c.myAccess.owner)
