import { randomUUID } from 'node:crypto'
import type { PubSub } from 'graphql-yoga'
import type { Logger } from '../../logger'
import type { SupportAlert } from '../../platforms/types'
import type { Topics } from '../../realtime/pubsub'
import type { Scheduler } from '../../worker/scheduler'
import { alertText, joinNames, type AlertSettings } from './alert-text'
import type { AlertType } from './alerts.tables'

/** Gifts arriving within this window are thanked in one chat line (a gift bomb is many events). */
export const GIFT_BATCH_MS = 5000

/** What the bot received, reduced to what an alert shows: who (null: anonymous) and how many. */
export interface AlertInput {
  type: AlertType
  who: string | null
  amount: number
}

/** A platform's support event as an alert; null for what is announced otherwise (a gifted sub: its gift is). */
export function alertOf(a: SupportAlert): AlertInput | null {
  if (a.type === 'sub' && a.isGift) return null
  return { type: a.type, who: a.userName ?? a.userLogin, amount: a.type === 'resub' ? (a.months ?? 1) : a.amount }
}

export interface AlertOutlet {
  /** Sends a chat line through the bot's queue; null when the bot is off (no chat alerts). */
  say: ((text: string) => void) | null
  scheduler: Scheduler
}

/**
 * Raises alerts from the platform's events: on the overlay at once (to every process holding the
 * channel's overlays, through the realtime layer), and in chat through the bot's queue, gifts
 * within GIFT_BATCH_MS as one line. An event below its type's minimum is not announced.
 */
export function createAlertDispatch(deps: {
  settingsOf: (channelId: number) => Promise<AlertSettings[]>
  pubsub: PubSub<Topics>
  log: Logger
  random?: () => number
}) {
  const random = deps.random ?? Math.random
  const gifts = new Map<number, { names: string[]; total: number; settings: AlertSettings; say: (text: string) => void }>()

  function batchGift(channelId: number, s: AlertSettings, who: string, amount: number, out: AlertOutlet & { say: (text: string) => void }) {
    const open = gifts.get(channelId)
    if (open) {
      open.names.push(who)
      open.total += amount
      return
    }
    gifts.set(channelId, { names: [who], total: amount, settings: s, say: out.say })
    out.scheduler.setTimeout(() => {
      const b = gifts.get(channelId)
      gifts.delete(channelId)
      if (b) b.say(alertText(b.settings.template, joinNames(b.names), b.total, random))
    }, GIFT_BATCH_MS)
  }

  async function receive(channelId: number, a: AlertInput, out: AlertOutlet): Promise<void> {
    const s = (await deps.settingsOf(channelId)).find((x) => x.type === a.type)
    if (!s || a.amount < s.minimum) return
    const who = a.who ?? 'Anonymous'
    if (s.overlay) {
      deps.pubsub.publish('overlay', String(channelId), {
        kind: 'alert',
        id: randomUUID(),
        type: a.type,
        text: alertText(s.template, who, a.amount, random),
        durationMs: s.durationMs,
        sound: s.sound,
        imageUrl: s.imageUrl,
        test: false,
      })
    }
    if (!s.chat || !out.say) return
    if (a.type === 'gift') batchGift(channelId, s, who, a.amount, { ...out, say: out.say })
    else out.say(alertText(s.template, who, a.amount, random))
  }

  return { receive }
}

export type AlertDispatch = ReturnType<typeof createAlertDispatch>
