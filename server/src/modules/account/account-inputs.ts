import { z } from 'zod'
import { messages } from '../../auth/messages'
import { AppError } from '../../errors'
import { notificationKeys, socialKeys } from './account-deps'

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'An http(s) address.')

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => (v ? v : null))

export const emailField = z
  .string()
  .trim()
  .max(320)
  .transform((v) => v.toLowerCase())
  .refine((v) => EMAIL.test(v), messages.emailInvalid)

export const generalInput = z
  .object({
    /** An http(s) address or a path of this site. */
    avatar: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))[^\s]*$/i.test(v), 'An http(s) address or a path of this site.')
      .nullable()
      .transform((v) => (v ? v : null)),
    username: z.string().trim().regex(USERNAME, messages.usernameInvalid),
    fullName: nullableText(100),
    email: emailField,
    company: nullableText(100),
  })
  .partial()
  .strict()

export const infoInput = z
  .object({
    bio: nullableText(1000),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '1900-01-01', 'A date, YYYY-MM-DD.')
      .nullable(),
    country: nullableText(100),
    website: httpUrl(500)
      .nullable()
      .transform((v) => (v ? v : null)),
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[+0-9 ()./-]{3,40}$/.test(v), 'A phone number.')
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .partial()
  .strict()

export const socialInput = z
  .object(Object.fromEntries(socialKeys.map((k) => [k, httpUrl(500)])))
  .partial()
  .strict()
export const notificationInput = z
  .object(Object.fromEntries(notificationKeys.map((k) => [k, z.boolean()])))
  .partial()
  .strict()

export function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid settings', fields)
}
