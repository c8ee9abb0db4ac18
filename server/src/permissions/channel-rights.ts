/**
 * What a member of a channel's team may do there (issue 31): delegation inside one channel,
 * beside the owner / reseller / admin hierarchy, never instead of it. A member's rights are a
 * view/manage grant per module, from their group's preset or, for a custom group, from the map
 * the owner picked. Billing, the licence, disconnecting, the platform accounts and the team
 * itself are the owner's alone: no grant here reaches them (channels.owned stays owner-only).
 */
export const channelModules = ['commands', 'moderation', 'conversation', 'raids', 'videos', 'followers', 'switches', 'audit'] as const
export type ChannelModule = (typeof channelModules)[number]

export const channelGrants = ['none', 'view', 'manage'] as const
export type ChannelGrant = (typeof channelGrants)[number]
export type ChannelLevel = Exclude<ChannelGrant, 'none'>
export type ChannelRights = Record<ChannelModule, ChannelGrant>

export const memberGroups = ['editor', 'moderator', 'viewer', 'custom'] as const
export type MemberGroup = (typeof memberGroups)[number]

const all = (grant: ChannelGrant): ChannelRights => Object.fromEntries(channelModules.map((m) => [m, grant])) as ChannelRights

/** The presets of the issue: Editor everything of the channel; Moderator chat, moderation and regulars, reading commands and timers; Viewer reads. */
export const presetRights: Record<Exclude<MemberGroup, 'custom'>, ChannelRights> = {
  editor: all('manage'),
  moderator: { ...all('none'), moderation: 'manage', commands: 'view' },
  viewer: all('view'),
}

/** The owner's rights on their own channel: everything. */
export const ownerRights: ChannelRights = all('manage')

/** A member's rights: the preset of their group, or the stored map of a custom group (a module it does not name is `none`). */
export function rightsOf(group: MemberGroup, custom: Partial<Record<string, string>> | null | undefined): ChannelRights {
  if (group !== 'custom') return presetRights[group]
  const out = all('none')
  for (const m of channelModules) {
    const g = custom?.[m]
    if (g === 'view' || g === 'manage') out[m] = g
  }
  return out
}

/** `manage` includes `view`. */
export function allows(rights: ChannelRights, module: ChannelModule, level: ChannelLevel): boolean {
  const g = rights[module]
  return level === 'view' ? g === 'view' || g === 'manage' : g === 'manage'
}

/**
 * What a member may read of a `Channel` object, field by field (graphql/channel-fields.ts wraps
 * the built schema's Channel fields with it). `any`: every member; `owner`: the owner only (a
 * nullable field answers null to a member, a list or object FORBIDDEN); a module: view on it. A
 * field not listed is the owner's only: a new field stays closed to members until it is named here.
 */
export const channelFieldRights: Record<string, 'any' | 'owner' | ChannelModule> = {
  id: 'any',
  platform: 'any',
  platformUserId: 'any',
  login: 'any',
  displayName: 'any',
  connectedAt: 'any',
  sandbox: 'any',
  status: 'any',
  panel: 'any',
  modules: 'any',
  myAccess: 'any',
  account: 'owner',
  botAccount: 'owner',
  commands: 'commands',
  timers: 'commands',
  counters: 'commands',
  moderation: 'moderation',
  recentMessages: 'moderation',
  messagesLastHour: 'moderation',
  raid: 'raids',
  raids: 'raids',
  conversation: 'conversation',
}
