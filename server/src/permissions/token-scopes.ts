import { AsyncLocalStorage } from 'node:async_hooks'
import { AppError } from '../errors'

/**
 * The scopes of a personal access token (issue 32): by module and access. A field or route
 * names the one it needs beside its role rule (graphql/field-auth.ts `token`, http/guarded.ts
 * `scoped(rule, scope)`); a sign-in ignores them, a token needs the scope AND its owner's role
 * rule. Admin-only scopes are granted only by an admin, and only work while the owner is one.
 */
export const TOKEN_SCOPES = [
  'channel:read',
  'channel:write',
  'commands:read',
  'commands:write',
  'moderation:read',
  'moderation:write',
  'chat:read',
  'chat:write',
  'raids:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  'videos:read',
  'videos:write',
  'alerts:write',
  'giveaways:write',
  'team:read',
  'sandbox:write',
  'calendar:read',
  'calendar:write',
  'users:read',
  'users:write',
] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** Scopes only an admin may put on a token. */
export const ADMIN_TOKEN_SCOPES: readonly TokenScope[] = ['users:read', 'users:write']

export const isTokenScope = (s: unknown): s is TokenScope => typeof s === 'string' && (TOKEN_SCOPES as readonly string[]).includes(s)

/** What a request made with a personal access token carries beside its owner's principal. */
export interface TokenGrant {
  id: number
  scopes: readonly TokenScope[]
  /** The one channel the token may reach; null: every channel of its owner. */
  channelId: number | null
}

/** Whether a caller passes a declared scope: a sign-in always (its role rule decides), a token only with the scope. */
export function tokenAllows(token: TokenGrant | undefined, scope: TokenScope | undefined): boolean {
  if (!token) return true
  return !!scope && token.scopes.includes(scope)
}

/**
 * The channel a token restricts its request to, for the channel lookups (modules/channels
 * lookup.ts `owned`, `listForUser`): the one chokepoint every channel-scoped service passes
 * through. The request's middleware opens the holder (runInTokenRequest) before anything reads
 * the caller, and the principal lookup fills it (noteTokenChannel), so a cached principal
 * costs no second lookup.
 */
const holder = new AsyncLocalStorage<{ channelId: number | null }>()

export function runInTokenRequest<T>(fn: () => T): T {
  return holder.run({ channelId: null }, fn)
}

/** Records the token's channel for this request; fails closed when the request has no holder. */
export function noteTokenChannel(channelId: number | null): void {
  const store = holder.getStore()
  if (!store) {
    if (channelId === null) return
    throw new AppError('FORBIDDEN', 'A channel-bound token cannot be used here')
  }
  store.channelId = channelId
}

/** The one channel this request may reach (a channel-bound token), or null: no restriction. */
export function tokenChannel(): number | null {
  return holder.getStore()?.channelId ?? null
}
