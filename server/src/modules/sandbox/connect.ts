import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { channels as channelsTable, type ChannelRow } from '../channels/channels.tables'
import { MAX_SANDBOX_CHANNELS, platform, type SandboxDeps } from './sandbox-deps'

/** Makes a simulated Twitch account and connects it through the real OAuth code flow, run server-side. */
export async function connect(deps: SandboxDeps, userId: number): Promise<ChannelRow> {
  const { db, channels } = deps
  const p = await platform(deps)
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
  const path = await deps.serially(async () => {
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
  // A sandbox channel is for trying the bot: it has commands to try, and runs at once.
  await addStarterCommands(deps, userId, row.id)
  return channels.updatePanel(userId, row.id, { active: true })
}

/** What a test viewer can write in a new sandbox channel and get an answer to. */
export const STARTER_COMMANDS = [
  { trigger: '!hello', response: 'Hello ${user}, welcome to the sandbox! 👋' },
  { trigger: '!uptime', response: 'The stream has been live for ${uptime}.' },
  { trigger: '!lurk', response: 'Enjoy the lurk, ${user}!', userCooldownSeconds: 60 },
] as const

async function addStarterCommands(deps: SandboxDeps, userId: number, channelId: number): Promise<void> {
  for (const command of STARTER_COMMANDS) await deps.commands.createCommand(userId, channelId, { ...command })
}

/** The demo client's sandbox channel: the starter commands and a timer (first start only). */
export async function seedDemo(deps: SandboxDeps, userId: number): Promise<ChannelRow> {
  const { commands } = deps
  const channel = await connect(deps, userId)
  await commands.createTimer(userId, channel.id, {
    name: 'Commands',
    message: 'Try !hello, !uptime or !lurk in the chat.',
    intervalMinutes: 10,
    minLines: 3,
  })
  return channel
}
