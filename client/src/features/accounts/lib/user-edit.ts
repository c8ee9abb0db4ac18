import type { Role, UpdateUserInput } from '../../../gql/types'
import { EMAIL, PHONE, type Problems, TWITCH_NAME } from './validation'

export interface UserEditForm {
  fullName: string
  email: string
  company: string
  country: string
  contact: string
  twitchname: string
  role: Role
  package: string
  resellerId: string
  active: boolean
  autostart: boolean
  chatbot: boolean
  categoryChatbot: boolean
}

export type UserEditField = keyof UserEditForm

interface EditableUser {
  fullName: string | null
  email: string
  company: string | null
  country: string | null
  contact: string | null
  twitchname: string | null
  role: Role
  currentPlan: string
  resellerId: string | null
  botPanel: { active: boolean; autostart: boolean; chatbot: boolean; categoryChatbot: boolean }
}

export function editFormOf(user: EditableUser): UserEditForm {
  return {
    fullName: user.fullName ?? '',
    email: user.email,
    company: user.company ?? '',
    country: user.country ?? '',
    contact: user.contact ?? '',
    twitchname: user.twitchname ?? '',
    role: user.role,
    package: user.currentPlan,
    resellerId: user.resellerId ?? '',
    ...user.botPanel,
  }
}

export function validateEdit(form: UserEditForm): Problems<UserEditField> {
  const problems: Problems<UserEditField> = {}
  const email = form.email.trim()
  if (!email) problems.email = 'required'
  else if (!EMAIL.test(email)) problems.email = 'emailInvalid'
  if (form.twitchname.trim() && !TWITCH_NAME.test(form.twitchname.trim())) problems.twitchname = 'twitchInvalid'
  if (form.contact.trim() && !PHONE.test(form.contact.trim())) problems.contact = 'phoneInvalid'
  if (form.resellerId.trim() && !/^\d{1,15}$/.test(form.resellerId.trim())) problems.resellerId = 'numberRange'
  return problems
}

/**
 * Only what changed, so the audit log shows real changes. Emptied text fields are sent
 * as null (cleared). Role, package and reseller are sent only by admins.
 */
export function editChanges(before: UserEditForm, after: UserEditForm, isAdmin: boolean): UpdateUserInput {
  const input: UpdateUserInput = {}
  const text = (value: string) => (value.trim() ? value.trim() : null)
  for (const key of ['fullName', 'company', 'country', 'contact', 'twitchname'] as const) {
    if (after[key].trim() !== before[key].trim()) input[key] = text(after[key])
  }
  if (after.email.trim().toLowerCase() !== before.email.trim().toLowerCase()) input.email = after.email.trim()
  const panel: NonNullable<UpdateUserInput['botPanel']> = {}
  for (const key of ['active', 'autostart', 'chatbot', 'categoryChatbot'] as const) {
    if (after[key] !== before[key]) panel[key] = after[key]
  }
  if (Object.keys(panel).length > 0) input.botPanel = panel
  if (isAdmin) {
    if (after.role !== before.role) input.role = after.role
    if (after.package !== before.package) input.package = after.package
    if (after.resellerId.trim() !== before.resellerId.trim()) input.resellerId = text(after.resellerId)
  }
  return input
}
