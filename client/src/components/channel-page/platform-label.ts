/** The translation key of a channel's platform label: "Sandbox" for a sandbox channel. */
export const platformKey = (channel: { platform: 'twitch' | 'kick'; sandbox?: boolean | null }) =>
  channel.sandbox ? ('platforms.sandbox' as const) : (`platforms.${channel.platform}` as const)
