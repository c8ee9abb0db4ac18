/**
 * The server's input rules, checked before sending so the form can say what is wrong at
 * once (the server checks again and its field messages are shown too).
 */
export const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const TWITCH_NAME = /^[A-Za-z0-9_]{3,25}$/
export const PHONE = /^[+0-9 ()./-]{3,40}$/
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const MAX_TOTAL_DAYS = 36_500
export const MAX_BATCH = 1000
export const MAX_EXTEND_DAYS = 3650

export type FieldProblem =
  | 'required'
  | 'usernameInvalid'
  | 'emailInvalid'
  | 'twitchInvalid'
  | 'passwordShort'
  | 'passwordsDiffer'
  | 'phoneInvalid'
  | 'urlInvalid'
  | 'numberRange'
  | 'planOrKey'

export type Problems<K extends string> = Partial<Record<K, FieldProblem>>

/** A password the server would surely call weak (too short, too long, fewer than 4 different characters). */
export function isClearlyWeakPassword(password: string): boolean {
  return password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || new Set(password).size < 4
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

/** An integer in [min, max] written as digits, or null. */
export function parseIntInRange(value: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(value.trim())) return null
  const n = Number(value.trim())
  return n >= min && n <= max ? n : null
}

export interface NewUserForm {
  username: string
  email: string
  fullName: string
  company: string
  country: string
  contact: string
  twitchname: string
  password: string
  role: 'client' | 'reseller' | 'admin'
  /** Admins: a plan name for a fresh key; '' for none. */
  plan: string
  totalDays: string
  licenseKey: string
  resellerId: string
}

export type NewUserField = keyof NewUserForm

/**
 * Checks the add-user form. Resellers create clients with a key from their pool; admins
 * give clients a plan (a fresh key) or a key. Other roles need neither.
 */
export function validateNewUser(form: NewUserForm, actor: 'admin' | 'reseller'): Problems<NewUserField> {
  const problems: Problems<NewUserField> = {}
  const username = form.username.trim()
  const email = form.email.trim()
  if (!username) problems.username = 'required'
  else if (!USERNAME.test(username)) problems.username = 'usernameInvalid'
  if (!email) problems.email = 'required'
  else if (!EMAIL.test(email)) problems.email = 'emailInvalid'
  if (form.twitchname.trim() && !TWITCH_NAME.test(form.twitchname.trim())) problems.twitchname = 'twitchInvalid'
  if (form.contact.trim() && !PHONE.test(form.contact.trim())) problems.contact = 'phoneInvalid'
  if (form.password && isClearlyWeakPassword(form.password)) problems.password = 'passwordShort'
  const role = actor === 'reseller' ? 'client' : form.role
  if (role === 'client') {
    if (actor === 'reseller') {
      if (!form.licenseKey.trim()) problems.licenseKey = 'required'
    } else if (!form.plan && !form.licenseKey.trim()) {
      problems.plan = 'planOrKey'
    }
  }
  if (actor === 'admin' && form.plan && parseIntInRange(form.totalDays, 1, MAX_TOTAL_DAYS) === null) problems.totalDays = 'numberRange'
  if (actor === 'admin' && form.resellerId.trim() && !/^\d{1,15}$/.test(form.resellerId.trim())) problems.resellerId = 'numberRange'
  return problems
}

/** The createUser input for a checked form (empty optional fields left out). */
export function createUserInput(form: NewUserForm, actor: 'admin' | 'reseller') {
  const text = (value: string) => (value.trim() ? value.trim() : undefined)
  const role = actor === 'reseller' ? undefined : form.role
  const isClient = (role ?? 'client') === 'client'
  const usePlan = actor === 'admin' && Boolean(form.plan) && !form.licenseKey.trim()
  return {
    username: form.username.trim(),
    email: form.email.trim(),
    fullName: text(form.fullName),
    company: text(form.company),
    country: text(form.country),
    contact: text(form.contact),
    twitchname: text(form.twitchname),
    password: form.password ? form.password : undefined,
    role,
    currentPlan: usePlan ? form.plan : undefined,
    totalDays: usePlan ? Number(form.totalDays) : undefined,
    licenseKey: text(form.licenseKey),
    resellerId: actor === 'admin' && isClient ? text(form.resellerId) : undefined,
  }
}

/** The add-user form before anything is typed. */
export const EMPTY_NEW_USER: NewUserForm = {
  username: '',
  email: '',
  fullName: '',
  company: '',
  country: '',
  contact: '',
  twitchname: '',
  password: '',
  role: 'client',
  plan: '',
  totalDays: '30',
  licenseKey: '',
  resellerId: '',
}
