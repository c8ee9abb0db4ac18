/**
 * Many Twitch channels on the local Twitch server and `npm run worker` processes that run their
 * bots: for the shard test (tests/integration/worker-shards.test.ts) and `npm run bench:bot`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/src/db/client'
import { channelAccounts, channels } from '../../server/src/modules/channels/channels.tables'
import { createTokenBox, parseTokenKey } from '../../server/src/modules/channels/token-box'
import { chatCommands } from '../../server/src/modules/commands/commands.tables'
import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { serverArgs } from './child-server'

/** The key the test app and the worker processes share, so the workers can open the stored tokens. */
export const FLEET_TOKEN_KEY = 'a1'.repeat(32)
export const FLEET_JWT_SECRET = 'fleet-secret-fleet-secret-fleet-secret-01'

const SCOPES = ['user:read:chat', 'user:write:chat', 'user:bot', 'channel:bot', 'moderation:read']

export interface FleetChannel {
  channelId: number
  broadcasterId: string
}

/**
 * `count` active Twitch channels owned by `ownerId`, each with its broadcaster known to the local
 * Twitch server (a valid token pair) and one command `!ping` answering "pong ${user}" without
 * cooldown (`scopes`: what the broadcaster granted). Rows are written in batches (10,000 channels take seconds, not an OAuth round each).
 */
export async function seedTwitchChannels(
  db: Db,
  twitch: TwitchServer,
  ownerId: number,
  count: number,
  firstId = 700_000,
  scopes: string[] = SCOPES,
): Promise<FleetChannel[]> {
  const box = createTokenBox(parseTokenKey(FLEET_TOKEN_KEY))
  const out: FleetChannel[] = []
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const n = firstId + start + k
      const id = String(n)
      const login = `fleet${n}`
      twitch.addUser({ id, login, displayName: `Fleet${n}` })
      const accessToken = randomBytes(15).toString('hex')
      const refreshToken = randomBytes(25).toString('hex')
      const expiresAt = new Date(Date.now() + 4 * 3600_000)
      twitch.restoreToken(id, { accessToken, refreshToken, scopes, expiresAt })
      return { id, login, accessToken, refreshToken, expiresAt }
    })
    // One transaction per batch: a worker already running must never see an active channel without its account.
    out.push(...(await db.transaction((tx) => insertBatch(tx as unknown as Db, box, ownerId, batch, scopes))))
  }
  return out
}

async function insertBatch(
  db: Db,
  box: ReturnType<typeof createTokenBox>,
  ownerId: number,
  batch: Array<{ id: string; login: string; accessToken: string; refreshToken: string; expiresAt: Date }>,
  scopes: string[],
): Promise<FleetChannel[]> {
  {
    const rows = await db
      .insert(channels)
      .values(batch.map((b) => ({ userId: ownerId, platform: 'twitch' as const, platformUserId: b.id, login: b.login, displayName: b.login, active: true })))
      .returning({ id: channels.id, platformUserId: channels.platformUserId })
    const byUser = new Map(batch.map((b) => [b.id, b]))
    await db.insert(channelAccounts).values(
      rows.map((r) => {
        const b = byUser.get(r.platformUserId)!
        return {
          channelId: r.id,
          role: 'broadcaster' as const,
          platformUserId: b.id,
          login: b.login,
          accessToken: box.seal(b.accessToken),
          refreshToken: box.seal(b.refreshToken),
          scopes,
          expiresAt: b.expiresAt,
        }
      }),
    )
    await db
      .insert(chatCommands)
      .values(rows.map((r) => ({ channelId: r.id, trigger: '!ping', response: 'pong ${user}', cooldownSeconds: 0, userCooldownSeconds: 0 })))
    return rows.map((r) => ({ channelId: r.id, broadcasterId: r.platformUserId }))
  }
}

/** Who holds each channel's lease right now (unexpired leases only). */
export async function leaseHolders(db: Db): Promise<Map<number, { holder: string; epoch: number }>> {
  const r = (await db.execute(sql`select channel_id, holder, epoch from worker_leases where holder <> '' and expires_at > now()`)) as unknown as {
    rows: Array<{ channel_id: string | number; holder: string; epoch: string | number }>
  }
  return new Map(r.rows.map((x) => [Number(x.channel_id), { holder: x.holder, epoch: Number(x.epoch) }]))
}

export interface WorkerProcess {
  name: string
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: string | null }>
  alive: () => boolean
}

/** `npm run worker` (server/src/worker/main.ts through tsx, or its build: `serverArgs`) as a child process named `name` in the lease table; `nodeArgs` go to node first (e.g. --expose-gc). */
export function spawnWorker(name: string, env: Record<string, string>, nodeArgs: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs('worker')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_ACCESS_SECRET: FLEET_JWT_SECRET,
      CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY,
      SANDBOX: 'off',
      WORKER_ID: name,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let alive = true
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      alive = false
      resolve({ code, signal })
    }),
  )
  return { name, child, output: () => output, exited, alive: () => alive }
}
