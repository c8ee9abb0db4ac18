/** The users' inputs, validated at the edge. */
import { z } from 'zod'
import { roles } from '../../db/schema'
import { AppError } from '../../errors'

export const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const TWITCH = /^[A-Za-z0-9_]{3,25}$/

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))

export const createInput = z.object({
  username: z.string().trim().max(64).default(''),
  email: z.string().trim().max(320).default(''),
  fullName: optionalText(100),
  company: optionalText(100),
  country: optionalText(100),
  contact: optionalText(40),
  twitchname: optionalText(25),
  role: z.string().nullish(),
  /** Admins: the plan (name) of a fresh key made and activated for the user. */
  currentPlan: z.string().trim().max(64).nullish(),
  totalDays: z.number().int().min(1).max(36_500).nullish(),
  /** A key to activate for the user (resellers: from their pool). */
  licenseKey: z.string().max(64).nullish(),
  /** Admins: the reseller the client belongs to. */
  resellerId: z.union([z.string(), z.number()]).nullish(),
  /** Optional; without one, the user is mailed a link to choose it. */
  password: z.string().max(1024).nullish(),
})

export const botPanelInput = z.object({ active: z.boolean(), autostart: z.boolean(), chatbot: z.boolean(), categoryChatbot: z.boolean() }).partial().strict()

export const updateInput = z
  .object({
    fullName: optionalText(100),
    email: z.string().trim().max(320),
    company: optionalText(100),
    country: optionalText(100),
    contact: optionalText(40),
    twitchname: optionalText(25),
    role: z.enum(roles),
    /** Admins only: a plan name or 'None' (normally set by activating a licence). */
    package: z.string().trim().max(64),
    resellerId: z.union([z.string(), z.number()]).nullable(),
    botPanel: botPanelInput,
  })
  .partial()
  .strict()

export function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid input', fields)
}

export const isUniqueViolation = (e: unknown, constraint: string): boolean => {
  const err = e as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } }
  const c = err.cause ?? err
  return c.code === '23505' && (c.constraint === constraint || String(c.message).includes(constraint))
}
