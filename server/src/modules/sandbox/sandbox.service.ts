import { connect, seedDemo } from './connect'
import { restoreTokens } from './restore-tokens'
import { sandboxDeps, type SandboxInputs, type SandboxServiceDeps } from './sandbox-deps'
import { chat, clip, follow, raid, remove, stream, support } from './test-console'

export { MAX_SANDBOX_CHANNELS, sandboxBadges, type SandboxInputs } from './sandbox-deps'

type ChannelId = number | string

/**
 * Sandbox channels: a simulated Twitch channel served in-process by the local Twitch server
 * (server/src/platforms/sandbox). Connecting runs the real OAuth code flow server-side; the
 * bot then uses Helix and the EventSub WebSocket as for a real channel. The test console's
 * controls (chat as a test viewer, online/offline, follow, raid, subscriptions and cheers, clip) act only on the
 * caller's own sandbox channels. Tokens live encrypted in the database like any channel's and
 * are handed back to the sandbox server when it starts, so sandbox channels survive a restart.
 */
export function createSandboxService(serviceDeps: SandboxServiceDeps) {
  const deps = sandboxDeps(serviceDeps)
  const { runtime, platforms } = deps
  runtime?.onStart((p) => restoreTokens(deps, p))

  return {
    /** What a client can connect: platforms with a configured application, and the sandbox. */
    options: () => ({ twitch: platforms.configured.twitch, kick: platforms.configured.kick, sandbox: runtime !== null }),
    connect: (userId: number) => connect(deps, userId),
    chat: (userId: number, channelId: ChannelId, input: SandboxInputs['chat']) => chat(deps, userId, channelId, input),
    stream: (userId: number, channelId: ChannelId, input: SandboxInputs['stream']) => stream(deps, userId, channelId, input),
    follow: (userId: number, channelId: ChannelId, input: SandboxInputs['follow']) => follow(deps, userId, channelId, input),
    raid: (userId: number, channelId: ChannelId, input: SandboxInputs['raid']) => raid(deps, userId, channelId, input),
    support: (userId: number, channelId: ChannelId, input: SandboxInputs['support']) => support(deps, userId, channelId, input),
    clip: (userId: number, channelId: ChannelId, input: SandboxInputs['clip']) => clip(deps, userId, channelId, input),
    remove: (userId: number, channelId: ChannelId) => remove(deps, userId, channelId),
    seedDemo: (userId: number) => seedDemo(deps, userId),
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>
