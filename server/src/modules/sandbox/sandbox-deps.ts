import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { SandboxPlatform, SandboxRuntime } from '../../platforms/sandbox/runtime'
import type { ChannelsService } from '../channels/channels.service'
import type { TokenBox } from '../channels/token-box'
import type { CommandsService } from '../commands/commands.service'

export const sandboxBadges = ['subscriber', 'vip', 'moderator'] as const
/** Sandbox channels per account (they cost nothing, but are not unlimited). */
export const MAX_SANDBOX_CHANNELS = 3

const name = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{3,25}$/, 'a name of 3–25 letters, digits or _')
const inputs = {
  chat: z.object({
    viewer: name,
    badges: z.array(z.enum(sandboxBadges)).max(sandboxBadges.length).default([]),
    text: z.string().trim().min(1, 'type a message').max(500, 'at most 500 characters'),
  }),
  stream: z.object({ online: z.boolean(), category: z.string().trim().min(1).max(100).nullish(), title: z.string().trim().max(140).nullish() }),
  follow: z.object({ viewer: name, daysAgo: z.number().int().min(0, 'at least 0 days').max(5000, 'at most 5000 days').nullish() }),
  raid: z.object({ fromChannel: name, viewers: z.number().int().min(1).max(100_000) }),
  support: z.object({
    viewer: name,
    kind: z.enum(['sub', 'resub', 'gift', 'cheer']),
    amount: z.number().int().min(1, 'at least 1').max(100_000, 'at most 100,000'),
  }),
  clip: z.object({ title: z.string().trim().min(1, 'give the clip a title').max(100, 'at most 100 characters'), creator: name.nullish() }),
}
export type SandboxInputs = { [K in keyof typeof inputs]: z.input<(typeof inputs)[K]> }

export const parse = <K extends keyof typeof inputs>(kind: K, input: unknown): z.output<(typeof inputs)[K]> => {
  const r = inputs[kind].safeParse(input)
  if (r.success) return r.data as z.output<(typeof inputs)[K]>
  const fields: Record<string, string[]> = {}
  for (const issue of r.error.issues) (fields[issue.path.join('.') || 'input'] ??= []).push(issue.message)
  throw new AppError(
    'BAD_USER_INPUT',
    Object.entries(fields)
      .map(([k, v]) => `${k}: ${v.join(', ')}`)
      .join('; '),
    fields,
  )
}

/** A test viewer's platform id: stable per name, never a real Twitch id. */
const viewerId = (login: string) => `sandbox-viewer-${createHash('sha256').update(login.toLowerCase()).digest('hex').slice(0, 12)}`
export const viewer = (login: string) => ({ userId: viewerId(login), login: login.toLowerCase(), name: login })

/** What createSandboxService is given. */
export interface SandboxServiceDeps {
  db: Db
  log: Logger
  box: TokenBox
  platforms: Platforms
  channels: ChannelsService
  commands: CommandsService
}

/** What the sandbox use cases share, built once by createSandboxService. */
export interface SandboxDeps extends SandboxServiceDeps {
  runtime: SandboxRuntime | null
  /** Runs connections one at a time (the sandbox's consent page answers for one account at a time). */
  serially: <T>(fn: () => Promise<T>) => Promise<T>
}

export function sandboxDeps(deps: SandboxServiceDeps): SandboxDeps {
  let turn: Promise<unknown> = Promise.resolve()
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = turn.then(fn, fn)
    turn = next.catch(() => {})
    return next
  }
  return { ...deps, runtime: deps.platforms.sandbox, serially }
}

export async function platform({ runtime }: SandboxDeps): Promise<SandboxPlatform> {
  if (!runtime) throw new AppError('FORBIDDEN', 'Sandbox channels are switched off on this server')
  return runtime.ready()
}

/** The caller's sandbox channel, or SANDBOX_ONLY for a real one (NOT_FOUND for someone else's). */
export async function sandboxChannel(deps: SandboxDeps, userId: number, channelId: number | string) {
  const channel = await deps.channels.owned(userId, channelId)
  if (!channel.sandbox) throw new AppError('SANDBOX_ONLY', 'This works only on a sandbox channel')
  return { channel, p: await platform(deps) }
}
