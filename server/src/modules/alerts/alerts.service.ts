import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import { createAlertDispatch } from './alert-dispatch'
import { alertSounds, alertTemplateProblems, alertText, defaultAlertSettings, type AlertSettings } from './alert-text'
import { alertSettings, alertTypes, overlays, type AlertType, type OverlayRow } from './alerts.tables'

const settingsInput = z.object({
  chat: z.boolean(),
  overlay: z.boolean(),
  template: z.string(),
  minimum: z.number().int('a whole number').min(0, 'at least 0').max(1_000_000, 'at most 1,000,000'),
  durationMs: z.number().int('a whole number').min(1000, 'at least 1 second').max(60_000, 'at most 60 seconds'),
  sound: z.enum(alertSounds).nullable(),
  imageUrl: z
    .string()
    .trim()
    .max(500, 'at most 500 characters')
    .refine((u) => /^https:\/\/[^\s"'<>]+$/.test(u), 'an https:// address')
    .nullable(),
})
export type AlertSettingsInput = z.input<typeof settingsInput>

/** A secret of 32 random bytes (URL-safe base64): the overlay URL's only credential. */
const newKey = () => randomBytes(32).toString('base64url')

/** Sample names for a test alert: clearly a test, never a real viewer. */
const TEST_AMOUNTS: Record<AlertType, number> = { follow: 1, sub: 1, resub: 12, gift: 5, cheer: 500, kicks: 100, raid: 25 }

/** Every type's settings (stored, else the defaults), for the bot and the editor. */
async function loadSettings(db: Db, channelId: number): Promise<AlertSettings[]> {
  const rows = await db.select().from(alertSettings).where(eq(alertSettings.channelId, channelId))
  return alertTypes.map((type) => {
    const r = rows.find((x) => x.type === type)
    if (!r) return { type, ...defaultAlertSettings[type] }
    const sound = (alertSounds as readonly string[]).includes(r.sound ?? '') ? (r.sound as AlertSettings['sound']) : null
    return { type, chat: r.chat, overlay: r.overlay, template: r.template, minimum: r.minimum, durationMs: r.durationMs, sound, imageUrl: r.imageUrl }
  })
}

/**
 * Alerts and overlays of a channel: the owner's settings per alert type (on/off in chat and on
 * the overlay, template, minimum, duration, sound, image), and the overlay's secret URL. The
 * events themselves come from the bot (alert-dispatch.ts); only a test alert is raised here,
 * on the owner's overlay only, marked as a test, never in chat.
 */
export function createAlertsService(deps: { db: Db; log: Logger; now: () => Date; channels: ChannelsService; pubsub: PubSub<Topics> }) {
  const { db, now, channels, pubsub } = deps

  const settingsOf = (channelId: number) => loadSettings(db, channelId)

  async function settings(userId: number, channelId: number | string) {
    return settingsOf((await channels.owned(userId, channelId)).id)
  }

  async function update(userId: number, channelId: number | string, type: string, input: unknown): Promise<AlertSettings> {
    const channel = await channels.owned(userId, channelId)
    if (!(alertTypes as readonly string[]).includes(type)) throw new AppError('BAD_USER_INPUT', 'Unknown alert type', { type: ['Unknown alert type'] })
    const parsed = settingsInput.safeParse(input)
    const fields: Record<string, string[]> = {}
    if (!parsed.success) for (const i of parsed.error.issues) (fields[i.path.join('.') || 'input'] ??= []).push(i.message)
    const template = parsed.success
      ? parsed.data.template
      : typeof (input as { template?: unknown })?.template === 'string'
        ? String((input as { template: string }).template)
        : ''
    const problems = alertTemplateProblems(template)
    if (problems.length) fields.template = [...(fields.template ?? []), ...problems]
    if (!parsed.success || Object.keys(fields).length) {
      throw new AppError(
        'BAD_USER_INPUT',
        Object.entries(fields)
          .map(([k, v]) => `${k}: ${v.join(', ')}`)
          .join('; '),
        fields,
      )
    }
    const v = { ...parsed.data, imageUrl: parsed.data.imageUrl || null, updatedAt: now() }
    const before = (await settingsOf(channel.id)).find((s) => s.type === type)
    await db.transaction(async (tx) => {
      await tx
        .insert(alertSettings)
        .values({ channelId: channel.id, type: type as AlertType, ...v })
        .onConflictDoUpdate({ target: [alertSettings.channelId, alertSettings.type], set: v })
      const { updatedAt: _at, ...after } = v
      await channels.audit(tx, {
        channelId: channel.id,
        actorId: userId,
        module: 'alerts',
        action: 'alert.update',
        before: { ...before },
        after: { type, ...after },
      })
    })
    pubsub.publish('overlay', String(channel.id), { kind: 'changed' })
    return (await settingsOf(channel.id)).find((s) => s.type === type)!
  }

  /** The channel's overlay (made on first use). */
  async function overlayOf(channelId: number): Promise<OverlayRow> {
    const [row] = await db.select().from(overlays).where(eq(overlays.channelId, channelId)).limit(1)
    if (row) return row
    await db.insert(overlays).values({ channelId, key: newKey(), createdAt: now() }).onConflictDoNothing()
    const [made] = await db.select().from(overlays).where(eq(overlays.channelId, channelId)).limit(1)
    return made!
  }

  async function overlay(userId: number, channelId: number | string): Promise<OverlayRow> {
    return overlayOf((await channels.owned(userId, channelId)).id)
  }

  /** A new secret: the old URL answers 404 from now on, and its open connections are closed (alerts/overlay-hub.ts). */
  async function regenerate(userId: number, channelId: number | string): Promise<OverlayRow> {
    const channel = await channels.owned(userId, channelId)
    await overlayOf(channel.id)
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(overlays).set({ key: newKey(), createdAt: now() }).where(eq(overlays.channelId, channel.id)).returning()
      // The secret itself is never logged: only that the address was replaced, and when.
      await channels.audit(tx, {
        channelId: channel.id,
        actorId: userId,
        module: 'alerts',
        action: 'overlay.regenerate',
        after: { createdAt: updated!.createdAt },
      })
      return updated
    })
    pubsub.publish('overlay', String(channel.id), { kind: 'changed' })
    return row!
  }

  async function setHideBot(userId: number, channelId: number | string, hideBot: boolean): Promise<OverlayRow> {
    const channel = await channels.owned(userId, channelId)
    const before = await overlayOf(channel.id)
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(overlays).set({ hideBot }).where(eq(overlays.channelId, channel.id)).returning()
      await channels.audit(tx, {
        channelId: channel.id,
        actorId: userId,
        module: 'alerts',
        action: 'overlay.update',
        before: { hideBot: before.hideBot },
        after: { hideBot },
      })
      return updated
    })
    pubsub.publish('overlay', String(channel.id), { kind: 'changed' })
    return row!
  }

  /** The overlay a secret opens, or null (unknown or replaced: the caller answers 404). */
  async function byKey(key: string): Promise<OverlayRow | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(key)) return null
    const [row] = await db.select().from(overlays).where(eq(overlays.key, key)).limit(1)
    return row ?? null
  }

  /** A moderator removed a line (or a user's lines): the overlays' chat boxes drop it. */
  function chatRemoved(channelId: number, messageId: string | null, userId: string | null) {
    if (messageId || userId) pubsub.publish('overlay', String(channelId), { kind: 'chatRemoved', messageId, userId })
  }

  /** The channel's overlay row as stored now (null: none), after a change. */
  async function overlayRow(channelId: number): Promise<OverlayRow | null> {
    const [row] = await db.select().from(overlays).where(eq(overlays.channelId, channelId)).limit(1)
    return row ?? null
  }

  /** "Send a test alert": on the owner's overlay only, marked as a test; never in chat. */
  async function testAlert(userId: number, channelId: number | string, type: string): Promise<boolean> {
    const channel = await channels.owned(userId, channelId)
    const s = (await settingsOf(channel.id)).find((x) => x.type === type)
    if (!s) throw new AppError('BAD_USER_INPUT', 'Unknown alert type', { type: ['Unknown alert type'] })
    pubsub.publish('overlay', String(channel.id), {
      kind: 'alert',
      id: randomUUID(),
      type: s.type,
      text: alertText(s.template, 'TestViewer', TEST_AMOUNTS[s.type]),
      durationMs: s.durationMs,
      sound: s.sound,
      imageUrl: s.imageUrl,
      test: true,
    })
    return true
  }

  const dispatch = createAlertDispatch({ settingsOf, pubsub, log: deps.log })

  return { receive: dispatch.receive, chatRemoved, settingsOf, settings, update, overlay, overlayOf, regenerate, setHideBot, byKey, overlayRow, testAlert }
}

export type AlertsService = ReturnType<typeof createAlertsService>
