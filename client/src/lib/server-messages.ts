import type { TFunction } from 'i18next'

/**
 * The server answers with the spec's exact English messages; show them translated.
 * Messages we do not know (e.g. a bad email format) are shown as sent.
 */
const KNOWN_MESSAGES = {
  'Email or Password is Invalid': 'auth.messages.invalidCredentials',
  'Too many attempts. Try again later.': 'auth.messages.tooManyAttempts',
  'Please enter your email.': 'auth.messages.enterEmail',
  'Please enter your username.': 'auth.messages.enterUsername',
  'Your password is too weak': 'auth.messages.weakPassword',
  'This email is already in use.': 'auth.messages.emailInUse',
  'This username is already in use.': 'auth.messages.usernameInUse',
} as const

type KnownMessage = keyof typeof KNOWN_MESSAGES

function isKnown(message: string): message is KnownMessage {
  return Object.hasOwn(KNOWN_MESSAGES, message)
}

export function translateServerMessage(t: TFunction, message: string): string {
  return isKnown(message) ? t(KNOWN_MESSAGES[message]) : message
}

export function translateServerMessages(t: TFunction, messages: readonly string[] | undefined): string[] {
  return (messages ?? []).map((message) => translateServerMessage(t, message))
}
