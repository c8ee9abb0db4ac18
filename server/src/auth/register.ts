import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { botPanels, users } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { AppError } from '../errors'
import { emailHeldForUndo } from '../modules/account/email-hold'
import { normalizeEmail, type AuthDeps, type AuthResult } from './auth-deps'
import { issue, refuseInFirebaseMode } from './issue-session'
import { messages } from './messages'
import { isWeakPassword } from './passwords'

const text = z.string().max(320).optional().catch(undefined)
export const registerInput = z.object({ username: text, email: text, password: z.string().max(1024).optional().catch(undefined) })

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/

type Fields = { password: string[] | null; email: string[] | null; username: string[] | null }

/** The registration's field errors: a weak password, a missing or malformed e-mail or name, one already taken. */
async function checkFields(deps: AuthDeps, username: string, email: string, password: string): Promise<Fields> {
  const fields: Fields = {
    password: isWeakPassword(password) ? [messages.passwordWeak] : null,
    email: !email ? [messages.emailMissing] : EMAIL.test(email) ? null : [messages.emailInvalid],
    username: !username ? [messages.usernameMissing] : USERNAME.test(username) ? null : [messages.usernameInvalid],
  }
  if (!fields.email || !fields.username) {
    const taken = await deps.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`)
    if (!fields.email && taken.some((t) => t.email === email)) fields.email = [messages.emailInUse]
    if (!fields.username && taken.some((t) => t.username.toLowerCase() === username.toLowerCase())) {
      fields.username = [messages.usernameInUse]
    }
    if (!fields.email && (await emailHeldForUndo(deps.db, email, new Date(deps.clock())))) fields.email = [messages.emailInUse]
  }
  return fields
}

export async function register(deps: AuthDeps, raw: unknown, clientKey: string, userAgent?: string): Promise<AuthResult> {
  const parsed = registerInput.safeParse(raw ?? {})
  const data = parsed.success ? parsed.data : {}
  const username = (data.username ?? '').trim()
  const email = normalizeEmail(data.email ?? '')
  refuseInFirebaseMode(deps)
  await deps.limits.takeRegistration(email, clientKey)
  const password = data.password ?? ''
  const fields = await checkFields(deps, username, email, password)
  const fail = () => new AppError('BAD_USER_INPUT', 'Registration failed', fields as Record<string, string[]>)
  if (fields.email || fields.username || fields.password) throw fail()

  const passwordHash = await deps.passwords.hash(password)
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, username, passwordHash, fullName: username }).returning()
      if (!user) throw new AppError('INTERNAL_SERVER_ERROR', 'User not created')
      await tx.insert(botPanels).values({ userId: user.id })
      return issue(deps, user, tx, userAgent)
    })
  } catch (e) {
    // Lost a race with another registration between the check and the insert.
    if (isUniqueViolation(e, 'users_email_key')) fields.email = [messages.emailInUse]
    else if (isUniqueViolation(e, 'users_username_lower_key')) fields.username = [messages.usernameInUse]
    else throw e
    throw fail()
  }
}
