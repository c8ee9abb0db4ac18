import { renderTemplate, templateProblems } from '../commands/template'
import type { AlertType } from './alerts.tables'

/** Variables of an alert template: who (${user}), how many (${count}: bits, Kicks, gifts, months, raiders), ${random a|b}. */
export const ALERT_VARIABLES = ['user', 'count', 'random'] as const
export const MAX_ALERT_TEMPLATE = 300

/** Sounds shipped with the product (client/public/overlay-sounds/<name>.wav). */
export const alertSounds = ['chime', 'coin', 'fanfare'] as const
export type AlertSound = (typeof alertSounds)[number]

export interface AlertSettings {
  type: AlertType
  chat: boolean
  overlay: boolean
  template: string
  minimum: number
  durationMs: number
  sound: AlertSound | null
  imageUrl: string | null
}

/**
 * Defaults: follows and raids are thanked in chat by their own features (followers, raids), so
 * their alerts are on the overlay only until the owner says otherwise.
 */
export const defaultAlertSettings: Record<AlertType, Omit<AlertSettings, 'type'>> = {
  follow: { chat: false, overlay: true, template: '${user} just followed!', minimum: 0, durationMs: 5000, sound: 'chime', imageUrl: null },
  sub: { chat: true, overlay: true, template: 'Thank you for subscribing, ${user}!', minimum: 0, durationMs: 6000, sound: 'fanfare', imageUrl: null },
  resub: {
    chat: true,
    overlay: true,
    template: '${user} resubscribed: ${count} months. Thank you!',
    minimum: 0,
    durationMs: 6000,
    sound: 'fanfare',
    imageUrl: null,
  },
  gift: { chat: true, overlay: true, template: '${user} gifted ${count} subs. Thank you!', minimum: 0, durationMs: 7000, sound: 'fanfare', imageUrl: null },
  cheer: { chat: true, overlay: true, template: '${user} cheered ${count} bits!', minimum: 1, durationMs: 6000, sound: 'coin', imageUrl: null },
  kicks: { chat: true, overlay: true, template: '${user} sent ${count} Kicks!', minimum: 1, durationMs: 6000, sound: 'coin', imageUrl: null },
  raid: { chat: false, overlay: true, template: '${user} is raiding with ${count} viewers!', minimum: 0, durationMs: 8000, sound: 'fanfare', imageUrl: null },
}

/** Problems of an alert template (the one template engine, with the alert variables). */
export function alertTemplateProblems(text: string): string[] {
  const problems = templateProblems(text, ALERT_VARIABLES).filter((p) => !p.includes('the most is 500'))
  if (text.length > MAX_ALERT_TEMPLATE) problems.unshift(`The message has ${text.length} characters; the most is ${MAX_ALERT_TEMPLATE}`)
  return problems
}

/** The alert's text: the owner's template with who and how many, as the platform reported them. */
export function alertText(template: string, who: string, count: number, random: () => number = Math.random): string {
  return renderTemplate(template, { user: who, touser: who, count, uptimeMs: null }, random)
}

/** "A", "A and B", "A, B and 3 others": several gifters in one line. */
export function joinNames(names: string[], max = 3): string {
  const unique = [...new Set(names)]
  if (unique.length <= 1) return unique[0] ?? ''
  if (unique.length <= max) return `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`
  return `${unique.slice(0, max).join(', ')} and ${unique.length - max} others`
}
