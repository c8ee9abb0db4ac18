import type { AccountGeneralInput, AccountInfoInput, NotificationFlagsInput, SocialLinksInput } from '../../../gql/types'
import { EMAIL, PHONE, type Problems, USERNAME, isHttpUrl } from './validation'

export const SOCIAL_KEYS = ['twitter', 'facebook', 'google', 'linkedIn', 'instagram', 'quora'] as const
export type SocialKey = (typeof SOCIAL_KEYS)[number]

export const NOTIFICATION_KEYS = ['commentOnArticle', 'AnswerOnForm', 'followMe', 'newAnnouncements', 'productUpdates', 'blogDigest'] as const
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number]

export interface GeneralForm {
  avatar: string
  username: string
  fullName: string
  email: string
  company: string
}

export interface InfoForm {
  bio: string
  dob: string
  country: string
  website: string
  phone: string
}

export type SocialForm = Record<SocialKey, string>

const text = (value: string) => (value.trim() ? value.trim() : null)

export function validateGeneral(form: GeneralForm): Problems<keyof GeneralForm> {
  const problems: Problems<keyof GeneralForm> = {}
  if (!form.username.trim()) problems.username = 'required'
  else if (!USERNAME.test(form.username.trim())) problems.username = 'usernameInvalid'
  if (!form.email.trim()) problems.email = 'required'
  else if (!EMAIL.test(form.email.trim())) problems.email = 'emailInvalid'
  const avatar = form.avatar.trim()
  if (avatar && !isHttpUrl(avatar) && !/^\/(?!\/)\S*$/.test(avatar)) problems.avatar = 'urlInvalid'
  return problems
}

export function generalChanges(before: GeneralForm, after: GeneralForm): AccountGeneralInput {
  const input: AccountGeneralInput = {}
  if (after.avatar.trim() !== before.avatar.trim()) input.avatar = text(after.avatar)
  if (after.username.trim() !== before.username.trim()) input.username = after.username.trim()
  if (after.fullName.trim() !== before.fullName.trim()) input.fullName = text(after.fullName)
  if (after.email.trim().toLowerCase() !== before.email.trim().toLowerCase()) input.email = after.email.trim()
  if (after.company.trim() !== before.company.trim()) input.company = text(after.company)
  return input
}

export function validateInfo(form: InfoForm): Problems<keyof InfoForm> {
  const problems: Problems<keyof InfoForm> = {}
  if (form.website.trim() && !isHttpUrl(form.website.trim())) problems.website = 'urlInvalid'
  if (form.phone.trim() && !PHONE.test(form.phone.trim())) problems.phone = 'phoneInvalid'
  return problems
}

export function infoChanges(before: InfoForm, after: InfoForm): AccountInfoInput {
  const input: AccountInfoInput = {}
  for (const key of ['bio', 'dob', 'country', 'website', 'phone'] as const) {
    if (after[key].trim() !== before[key].trim()) input[key] = text(after[key])
  }
  return input
}

export function validateSocial(form: SocialForm): Problems<SocialKey> {
  const problems: Problems<SocialKey> = {}
  for (const key of SOCIAL_KEYS) if (form[key].trim() && !isHttpUrl(form[key].trim())) problems[key] = 'urlInvalid'
  return problems
}

/** Social links: an empty string removes a link. */
export function socialChanges(before: SocialForm, after: SocialForm): SocialLinksInput {
  const input: SocialLinksInput = {}
  for (const key of SOCIAL_KEYS) if (after[key].trim() !== before[key].trim()) input[key] = after[key].trim()
  return input
}

export function notificationChanges(before: Record<NotificationKey, boolean>, after: Record<NotificationKey, boolean>): NotificationFlagsInput {
  const input: NotificationFlagsInput = {}
  for (const key of NOTIFICATION_KEYS) if (after[key] !== before[key]) input[key] = after[key]
  return input
}
