import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { SandboxPlatform } from '../../platforms/sandbox/runtime'
import type { SandboxClip } from '../../platforms/sandbox/twitch-server'
import type { ChannelsService } from '../channels/channels.service'
import { channelAccounts, channels as channelsTable, type ChannelRow } from '../channels/channels.tables'
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
  stream: z.object({ online: z.boolean(), category: z.string().trim().min(1).max(100).nullish() }),
  follow: z.object({ viewer: name }),
  raid: z.object({ fromChannel: name, viewers: z.number().int().min(1).max(100_000) }),
  support: z.object({
    viewer: name,
    kind: z.enum(['sub', 'resub', 'gift', 'cheer']),
    amount: z.number().int().min(1, 'at least 1').max(100_000, 'at most 100,000'),
  }),
  clip: z.object({ title: z.string().trim().min(1, 'give the clip a title').max(100, 'at most 100 characters'), creator: name.nullish() }),
}
export type SandboxInputs = { [K in keyof typeof inputs]: z.input<(typeof inputs)[K]> }

const parse = <K extends keyof typeof inputs>(kind: K, input: unknown): z.output<(typeof inputs)[K]> => {
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
const viewer = (login: string) => ({ userId: viewerId(login), login: login.toLowerCase(), name: login })

/**
 * Sandbox channels: a simulated Twitch channel served in-process by the local Twitch server
 * (server/src/platforms/sandbox). Connecting runs the real OAuth code flow server-side; the
 * bot then uses Helix and the EventSub WebSocket as for a real channel. The test console's
 * controls (chat as a test viewer, online/offline, follow, raid, clip) act only on the
 * caller's own sandbox channels. Tokens live encrypted in the database like any channel's and
 * are handed back to the sandbox server when it starts, so sandbox channels survive a restart.
 */
export function createSandboxService(deps: { db: Db; log: Logger; box: TokenBox; platforms: Platforms; channels: ChannelsService; commands: CommandsService }) {
  const { db, log, box, platforms, channels, commands } = deps
  const runtime = platforms.sandbox

  runtime?.onStart(async (p) => {
    const rows = await db
      .select({ account: channelAccounts })
      .from(channelAccounts)
      .innerJoin(channelsTable, eq(channelsTable.id, channelAccounts.channelId))
      .where(eq(channelsTable.sandbox, true))
    for (const { account: a } of rows) {
      p.server.addUser({ id: a.platformUserId, login: a.login, displayName: a.login })
      p.server.restoreToken(a.platformUserId, {
        accessToken: box.open(a.accessToken),
        refreshToken: a.refreshToken ? box.open(a.refreshToken) : null,
        scopes: a.scopes,
        expiresAt: a.expiresAt,
      })
    }
    if (rows.length) log.info({ accounts: rows.length }, 'sandbox: channel tokens restored')
  })

  async function platform(): Promise<SandboxPlatform> {
    if (!runtime) throw new AppError('FORBIDDEN', 'Sandbox channels are switched off on this server')
    return runtime.ready()
  }

  /** What a client can connect: platforms with a configured application, and the sandbox. */
  const options = () => ({ twitch: platforms.configured.twitch, kick: platforms.configured.kick, sandbox: runtime !== null })

  // The sandbox's consent page answers for one account at a time: connections take turns.
  let turn: Promise<unknown> = Promise.resolve()
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = turn.then(fn, fn)
    turn = next.catch(() => {})
    return next
  }

  async function connect(userId: number): Promise<ChannelRow> {
    const p = await platform()
    const mine = (await channels.listForUser(userId)).filter((c) => c.sandbox)
    if (mine.length >= MAX_SANDBOX_CHANNELS) {
      throw new AppError('CONFLICT', `At most ${MAX_SANDBOX_CHANNELS} sandbox channels; remove one first`)
    }
    const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1)
    const suffix = randomBytes(3).toString('hex')
    const login = `sandbox_${(owner?.username ?? 'user')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 12)}_${suffix}`
    const user = p.server.addUser({ id: `sandbox-${randomBytes(8).toString('hex')}`, login, displayName: login })
    const path = await serially(async () => {
      p.server.consentAs(user.id)
      // The server is the browser here: it holds the binding itself, and the account it just
      // made for this user needs no confirmation.
      const { authorizeUrl, binding } = await channels.startConnection(userId, 'twitch', null, { sandbox: true })
      const back = await p.server.authorize(authorizeUrl)
      const to = await channels.completeConnection(
        'twitch',
        {
          code: back.searchParams.get('code') ?? undefined,
          state: back.searchParams.get('state') ?? undefined,
          error: back.searchParams.get('error') ?? undefined,
        },
        binding,
      )
      const pendingId = new URL(to, 'http://x').searchParams.get('confirm')
      if (pendingId) await channels.confirmConnection(userId, pendingId)
      return to
    })
    const [row] = await db
      .select()
      .from(channelsTable)
      .where(and(eq(channelsTable.platform, 'twitch'), eq(channelsTable.platformUserId, user.id), eq(channelsTable.sandbox, true)))
      .limit(1)
    if (!row) {
      p.server.removeUser(user.id)
      throw new AppError('PLATFORM_ERROR', `The sandbox connection failed (${new URL(path, 'http://x').searchParams.get('error') ?? 'unknown'})`)
    }
    // A sandbox channel is for trying the bot: it runs at once.
    return channels.updatePanel(userId, row.id, { active: true })
  }

  /** The caller's sandbox channel, or SANDBOX_ONLY for a real one (NOT_FOUND for someone else's). */
  async function sandboxChannel(userId: number, channelId: number | string) {
    const channel = await channels.owned(userId, channelId)
    if (!channel.sandbox) throw new AppError('SANDBOX_ONLY', 'This works only on a sandbox channel')
    return { channel, p: await platform() }
  }

  async function chat(userId: number, channelId: number | string, input: SandboxInputs['chat']): Promise<string> {
    const i = parse('chat', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    return p.server.chat(channel.platformUserId, { ...viewer(i.viewer), badges: [...new Set(i.badges)] }, i.text)
  }

  async function stream(userId: number, channelId: number | string, input: SandboxInputs['stream']): Promise<boolean> {
    const i = parse('stream', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    if (i.online) {
      p.server.setCategory(channel.platformUserId, i.category ?? 'Just Chatting')
      p.server.goLive(channel.platformUserId, i.category ?? 'Just Chatting')
    } else p.server.goOffline(channel.platformUserId)
    return true
  }

  async function follow(userId: number, channelId: number | string, input: SandboxInputs['follow']): Promise<boolean> {
    const i = parse('follow', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    p.server.follow(channel.platformUserId, viewer(i.viewer))
    return true
  }

  async function raid(userId: number, channelId: number | string, input: SandboxInputs['raid']): Promise<boolean> {
    const i = parse('raid', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    p.server.raid(channel.platformUserId, viewer(i.fromChannel), i.viewers)
    return true
  }

  /** A test viewer subscribes, shares a resubscription (amount: months), gifts subscriptions (amount) or cheers (amount: bits). */
  async function support(userId: number, channelId: number | string, input: SandboxInputs['support']): Promise<boolean> {
    const i = parse('support', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    const v = viewer(i.viewer)
    const b = channel.platformUserId
    if (i.kind === 'sub') p.server.support.subscribe(b, v)
    else if (i.kind === 'resub') p.server.support.resubscribe(b, v, { months: i.amount })
    else if (i.kind === 'gift') p.server.support.gift(b, v, { count: i.amount })
    else p.server.support.cheer(b, v, { bits: i.amount })
    return true
  }

  async function clip(userId: number, channelId: number | string, input: SandboxInputs['clip']): Promise<SandboxClip> {
    const i = parse('clip', input)
    const { channel, p } = await sandboxChannel(userId, channelId)
    const creator = viewer(i.creator ?? channel.login)
    return p.server.createClip(channel.platformUserId, { title: i.title, creatorId: creator.userId, creatorName: creator.name })
  }

  /** Deletes the sandbox channel with everything of it (commands, timers, chat history, its simulated account). */
  async function remove(userId: number, channelId: number | string): Promise<boolean> {
    const { channel, p } = await sandboxChannel(userId, channelId)
    const accounts = await channels.accounts(channel.id)
    await channels.disconnect(userId, channel.id)
    for (const a of accounts) p.server.removeUser(a.platformUserId)
    return true
  }

  /** The demo client's sandbox channel with a few commands and a timer (first start only). */
  async function seedDemo(userId: number): Promise<ChannelRow> {
    const channel = await connect(userId)
    await commands.createCommand(userId, channel.id, { trigger: '!hello', response: 'Hello ${user}, welcome to the sandbox! 👋' })
    await commands.createCommand(userId, channel.id, { trigger: '!uptime', response: 'The stream has been live for ${uptime}.' })
    await commands.createCommand(userId, channel.id, { trigger: '!lurk', response: 'Enjoy the lurk, ${user}!', userCooldownSeconds: 60 })
    await commands.createTimer(userId, channel.id, {
      name: 'Commands',
      message: 'Try !hello, !uptime or !lurk in the chat.',
      intervalMinutes: 10,
      minLines: 3,
    })
    return channel
  }

  return { options, connect, chat, stream, follow, raid, support, clip, remove, seedDemo }
}

export type SandboxService = ReturnType<typeof createSandboxService>
