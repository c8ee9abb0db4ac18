import type { ActingAs } from '../../platforms/types'
import { bindDeps } from '../../use-cases'
import { bindingCookie, ownerLicensed, redirectUri, type ChannelsDeps, type ChannelsServiceDeps, type StatusFence } from './channels-deps'
import { cancelConnection, confirmConnection, disconnect, pendingConnection } from './confirm'
import { completeConnection, startConnection } from './connect'
import { access, dashboardActor, forgetMember, memberOf, reachable, standing } from './access'
import { auditPage, record } from './channel-audit'
import { account, accounts, accountsOf, byId, listForUser, owned } from './lookup'
import { activate, setModule, updatePanel } from './panel'
import { planLimits } from './plan-limits'
import { forBot, forBots, reportStatus, runnable, sayLicenceEnded } from './status'
import { actAs, actAsWith, nextExpiry, refreshDue } from './tokens'
import type { ChannelAccountRow, ChannelRow } from './channels.tables'

export { bindingCookieName, botModules, labelOf, panelPath, platformLabel, type BotModule, type PanelPatch } from './channels-deps'

/**
 * Connected channels: the OAuth round trip (state signed by being random, stored hashed and
 * single use; PKCE verifier kept server-side, encrypted), encrypted tokens refreshed before
 * they expire and on a refused call, revoked on disconnect; the Bot-Panel and module switches.
 * A client only ever reaches their own channels: every entry point checks ownership.
 */
export function createChannelsService(given: ChannelsServiceDeps) {
  const deps: ChannelsDeps = {
    ...given,
    refreshing: new Map(),
    fence: { status: null },
    members: new Map(),
    memberCacheMs: given.memberCacheMs ?? 0,
    connected: [],
  }
  return {
    ...bindDeps(deps, {
      listForUser,
      byId,
      owned,
      access,
      reachable,
      standing,
      memberOf,
      forgetMember,
      dashboardActor,
      audit: record,
      auditPage,
      accounts,
      accountsOf,
      account,
      startConnection,
      completeConnection,
      pendingConnection,
      confirmConnection,
      cancelConnection,
      disconnect,
      updatePanel,
      setModule,
      activate,
      reportStatus,
      nextExpiry,
      refreshDue,
      runnable,
      sayLicenceEnded,
      forBot,
      forBots,
      ownerLicensed,
      redirectUri,
      bindingCookie,
    }),
    /**
     * Runs a platform call as an account of the channel: `sender` is the bot account when one is
     * connected, else the broadcaster. A refused token is refreshed once and the call retried.
     */
    actAs: <T>(channelId: number, who: 'broadcaster' | 'sender', fn: (as: ActingAs) => Promise<T>) => actAs<T>(deps, channelId, who, fn),
    /** actAs with the channel and its accounts already read (a bot's start). */
    actAsWith: <T>(known: { channel: ChannelRow; accounts: readonly ChannelAccountRow[] }, who: 'broadcaster' | 'sender', fn: (as: ActingAs) => Promise<T>) =>
      actAsWith<T>(deps, known, who, fn),
    /** The worker's lease check for the status writes made here (reconnect errors); see ChannelsDeps.fence. */
    fenceStatus(fence: StatusFence | null) {
      deps.fence.status = fence
    },
    limits: (userId: number) => planLimits(deps.db, userId),
    /** Registers what runs once a channel is connected (confirmed), before the confirmation answers; a failure is logged. */
    onConnected(fn: (channelId: number) => Promise<void>) {
      deps.connected.push(fn)
    },
  }
}

export type ChannelsService = ReturnType<typeof createChannelsService>
