import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { ChannelRef } from '../channels/channels.schema'
import { type alertSounds, ALERT_VARIABLES, MAX_ALERT_TEMPLATE, type AlertSettings } from './alert-text'
import type { alertTypes, OverlayRow } from './alerts.tables'

/** Scopes Twitch alerts need that a channel connected before them may lack. */
export const ALERT_SCOPES: Record<string, string[]> = { twitch: ['channel:read:subscriptions', 'bits:read'], kick: [] }

const AlertTypeEnum = builder.enumType('AlertType', {
  description: 'follow, sub (new subscription), resub (shared renewal), gift (gifted subscriptions), cheer (Twitch bits), kicks (Kick), raid.',
  values: {
    follow: { description: 'A new follower.' },
    sub: { description: 'A new subscription.' },
    resub: { description: 'A subscription renewal the viewer shared in chat (amount: months).' },
    gift: { description: 'Gifted subscriptions (amount: how many).' },
    cheer: { description: 'Twitch bits cheered (amount: bits).' },
    kicks: { description: 'Kick’s Kicks sent (amount: Kicks).' },
    raid: { description: 'An incoming raid (amount: raiders).' },
  } satisfies Record<(typeof alertTypes)[number], { description: string }>,
})
const AlertSoundEnum = builder.enumType('AlertSound', {
  description: 'The sounds shipped with the product.',
  values: {
    chime: { description: 'A short chime.' },
    coin: { description: 'A coin sound.' },
    fanfare: { description: 'A fanfare.' },
  } satisfies Record<(typeof alertSounds)[number], { description: string }>,
})

const AlertSettingsRef = builder.objectRef<AlertSettings>('AlertSettings').implement({
  description: "One alert type's settings for a channel.",
  extensions: guardedByParent,
  fields: (t) => ({
    type: t.field({ type: AlertTypeEnum, description: 'The event these settings are for.', resolve: (s) => s.type }),
    chat: t.exposeBoolean('chat', { description: 'A line in chat from the bot (while the bot is on).' }),
    overlay: t.exposeBoolean('overlay', { description: "Shown in the overlay's alert box." }),
    template: t.exposeString('template', {
      description: `Variables: ${ALERT_VARIABLES.map((v) => '${' + v + '}').join(', ')}; at most ${MAX_ALERT_TEMPLATE} characters.`,
    }),
    minimum: t.exposeInt('minimum', { description: 'Below this amount (bits, Kicks, gifts, months, raiders) the event is not announced.' }),
    durationMs: t.exposeInt('durationMs', { description: 'How long the overlay shows it, in milliseconds (1000 to 60000).' }),
    sound: t.field({ type: AlertSoundEnum, nullable: true, description: 'The sound played; null: silent.', resolve: (s) => s.sound }),
    imageUrl: t.exposeString('imageUrl', { nullable: true, description: 'An https:// image shown with it; null: none.' }),
  }),
})

const OverlayRef = builder.objectRef<OverlayRow>('Overlay').implement({
  description: "A channel's overlay for streaming software; its path holds the secret.",
  extensions: guardedByParent,
  fields: (t) => ({
    path: t.string({ description: '/overlay/<secret>, on this server (open it as a browser source).', resolve: (o) => `/overlay/${o.key}` }),
    hideBot: t.exposeBoolean('hideBot', { description: "The chat box leaves out the bot's own lines." }),
    createdAt: t.field({ type: 'DateTime', description: 'When this secret was made.', resolve: (o) => o.createdAt }),
  }),
})

const AlertSettingsInput = builder.inputType('AlertSettingsInput', {
  description: 'One alert type’s settings, whole.',
  fields: (t) => ({
    chat: t.boolean({ required: true, description: 'Announce in chat (while the bot is on).' }),
    overlay: t.boolean({ required: true, description: 'Show in the overlay’s alert box.' }),
    template: t.string({
      required: true,
      description: `The text; variables ${ALERT_VARIABLES.map((v) => '${' + v + '}').join(', ')}; at most ${MAX_ALERT_TEMPLATE} characters.`,
    }),
    minimum: t.int({ required: true, description: 'Smallest amount announced, 0 to 1000000 (0: every event).' }),
    durationMs: t.int({ required: true, description: 'Overlay display time in milliseconds, 1000 to 60000.' }),
    sound: t.field({ type: AlertSoundEnum, required: false, description: 'The sound; omitted or null: silent.' }),
    imageUrl: t.string({ required: false, description: 'An https:// image, at most 500 characters; omitted, null or empty: none.' }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  alertSettings: t.field({
    type: [AlertSettingsRef],
    description: 'Every alert type, stored or default.',
    resolve: (c, _a, ctx) => ctx.services.alerts.settingsOf(c.id),
  }),
  overlay: t.field({ type: OverlayRef, description: 'Made on first use.', resolve: (c, _a, ctx) => ctx.services.alerts.overlayOf(c.id) }),
  alertScopesMissing: t.stringList({
    description: 'Scopes the alerts need that the connection lacks (connected before alerts): reconnect the channel to grant them.',
    resolve: async (c, _a, ctx) => {
      const acc = await ctx.services.channels.account(c.id, 'broadcaster')
      return (ALERT_SCOPES[c.platform] ?? []).filter((s) => !acc?.scopes.includes(s))
    },
  }),
}))

builder.mutationFields((t) => ({
  updateAlertSettings: t.withAuth({ signedIn: true, token: 'alerts:write' }).field({
    type: AlertSettingsRef,
    description: 'Saves one alert type’s settings for a channel.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      type: t.arg({ type: AlertTypeEnum, required: true, description: 'The alert type.' }),
      input: t.arg({ type: AlertSettingsInput, required: true, description: 'Its settings.' }),
    },
    resolve: (_r, { channelId, type, input }, ctx) =>
      ctx.services.alerts.update(ctx.principal.userId, String(channelId), type, { ...input, sound: input.sound ?? null, imageUrl: input.imageUrl || null }),
  }),
  regenerateOverlayUrl: t.withAuth({ signedIn: true, token: 'alerts:write' }).field({
    type: OverlayRef,
    description: 'A new secret URL; the old one answers 404 and its open overlays close.',
    args: { channelId: t.arg.id({ required: true, description: 'The channel id.' }) },
    resolve: (_r, { channelId }, ctx) => ctx.services.alerts.regenerate(ctx.principal.userId, String(channelId)),
  }),
  updateOverlay: t.withAuth({ signedIn: true, token: 'alerts:write' }).field({
    type: OverlayRef,
    description: 'Overlay options: whether its chat box leaves out the bot’s own lines.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      hideBot: t.arg.boolean({ required: true, description: 'True: hide the bot’s lines.' }),
    },
    resolve: (_r, { channelId, hideBot }, ctx) => ctx.services.alerts.setHideBot(ctx.principal.userId, String(channelId), hideBot),
  }),
  sendTestAlert: t.withAuth({ signedIn: true, token: 'alerts:write' }).boolean({
    description: "Shows a test alert (marked as a test) on the channel's overlay only; never in chat.",
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      type: t.arg({ type: AlertTypeEnum, required: true, description: 'Which alert to show.' }),
    },
    resolve: (_r, { channelId, type }, ctx) => ctx.services.alerts.testAlert(ctx.principal.userId, String(channelId), type),
  }),
}))
