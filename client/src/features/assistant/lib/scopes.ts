/**
 * What a platform permission lets the assistant do, as a key of `scopes.*` in the
 * assistant's strings (Twitch and Kick name the same rights differently). Shown before the
 * browser leaves for the platform, so the user knows what they grant.
 */
const SCOPE_KEYS = {
  'user:read:chat': 'readChat',
  'user:write:chat': 'writeChat',
  'chat:write': 'writeChat',
  'channel:bot': 'channelBot',
  'user:bot': 'userBot',
  'moderator:manage:chat_messages': 'deleteMessages',
  'moderation:chat_message:manage': 'deleteMessages',
  'moderator:manage:banned_users': 'ban',
  'moderation:ban': 'ban',
  'moderation:read': 'readModerators',
  'clips:edit': 'clips',
  'channel:manage:videos': 'videos',
  'moderator:read:followers': 'followers',
  'channel:manage:raids': 'raids',
  'moderator:manage:shoutouts': 'shoutouts',
  'channel:manage:schedule': 'schedule',
  'user:read': 'readProfile',
  'channel:read': 'readChannel',
  'events:subscribe': 'events',
  'channel:read:subscriptions': 'subscriptions',
  'bits:read': 'bits',
} as const

export type ScopeKey = (typeof SCOPE_KEYS)[keyof typeof SCOPE_KEYS]

/** One entry per right in words (duplicates merged); an unknown scope is shown as the platform names it. */
export function scopeWords(scopes: readonly string[]): Array<{ key: ScopeKey | null; scope: string }> {
  const seen = new Set<string>()
  const out: Array<{ key: ScopeKey | null; scope: string }> = []
  for (const scope of scopes) {
    const key = (SCOPE_KEYS as Record<string, ScopeKey | undefined>)[scope] ?? null
    const id = key ?? scope
    if (seen.has(id)) continue
    seen.add(id)
    out.push({ key, scope })
  }
  return out
}
