import { eq } from 'drizzle-orm'
import type { SandboxPlatform } from '../../platforms/sandbox/runtime'
import { channelAccounts, channels as channelsTable } from '../channels/channels.tables'
import type { SandboxDeps } from './sandbox-deps'

/** Hands the sandbox channels' tokens (kept encrypted in the database) back to the sandbox server when it starts. */
export async function restoreTokens({ db, box, log }: SandboxDeps, p: SandboxPlatform): Promise<void> {
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
}
