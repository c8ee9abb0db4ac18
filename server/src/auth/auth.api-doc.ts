import { z } from 'zod'
import { roles } from '../db/schema'
import { okAnswer, type RouteDoc } from '../http/route-doc'
import { loginInput } from './login'
import { refreshInput } from './refresh'
import { registerInput } from './register'

/** The session user data (spec section 3; auth/user-data.ts), as the client stores it under `userData`. */
export const userDataSchema = z
  .strictObject({
    id: z.number().int().meta({ description: 'The user id.' }),
    fullName: z.string().nullable().meta({ description: 'The full name; null when the user gave none.' }),
    username: z.string(),
    avatar: z.string().nullable().meta({ description: 'The avatar URL; null for none (the app shows initials).' }),
    email: z.string(),
    role: z.enum(roles),
    ability: z
      .array(z.strictObject({ action: z.string(), subject: z.string(), inverted: z.boolean().optional() }))
      .meta({ description: 'The effective CASL rules: the user record’s, with what the role adds (inverted: a refusal).' }),
    extras: z.strictObject({ eCommerceCartItemsCount: z.number().int().meta({ description: 'Items in the shop cart.' }) }),
  })
  .meta({ id: 'UserData', description: 'The signed-in user as the app stores it under `userData`.' })

/** `{userData, accessToken, refreshToken}` (spec section 7). */
export const sessionSchema = z
  .strictObject({
    userData: userDataSchema,
    accessToken: z.string().meta({ description: 'A JWT for `Authorization: Bearer`, valid 10 minutes.' }),
    refreshToken: z.string().meta({ description: 'POST it to /jwt/refresh-token for a new pair (it is rotated: spent on use).' }),
  })
  .meta({ id: 'Session', description: 'A signed-in session.' })

/** What /jwt/login answers instead of tokens when the account has two-step verification on. */
export const twoStepChallengeSchema = z
  .strictObject({
    twoStepRequired: z.literal(true),
    twoStepToken: z.string().meta({ description: 'Send it with the code to POST /jwt/login/two-step.' }),
    expiresIn: z.number().int().meta({ description: 'Seconds the challenge stays valid.' }),
    methods: z.tuple([z.literal('totp'), z.literal('recovery')]),
  })
  .meta({ id: 'TwoStepChallenge', description: 'The password was right; the account wants its second step.' })

const fieldMessages = z.array(z.string()).nullable()
const retryAfter = { 'Retry-After': 'Seconds until another attempt is accepted (on 429).' }

export const authDocs = {
  login: {
    summary: 'Sign in with e-mail and password',
    description:
      'Answers the session, or (accounts with two-step verification on) a challenge to complete at /jwt/login/two-step. ' +
      'Attempts are limited per address and client; refused while sign-in goes through Firebase (AUTH_PROVIDER=firebase).',
    body: loginInput,
    responses: {
      200: { description: 'Signed in, or the two-step challenge.', body: z.union([sessionSchema, twoStepChallengeSchema]) },
      400: {
        description: "Wrong e-mail or password: `{error:{email:['Email or Password is Invalid']}}` (spec section 7).",
        body: z.strictObject({ error: z.strictObject({ email: z.array(z.string()) }) }),
      },
      429: {
        description: 'Too many attempts; the message is under error.email.',
        body: z.strictObject({ error: z.strictObject({ email: z.array(z.string()) }) }),
        headers: retryAfter,
      },
    },
  },
  register: {
    summary: 'Create an account (role client) and sign in',
    description: 'The username is 3–32 letters, digits, `_`, `.` or `-`; a weak password, a malformed or taken e-mail or name are refused per field.',
    body: registerInput,
    responses: {
      200: { description: 'The new account, signed in.', body: sessionSchema },
      400: {
        description: 'Refused: the messages per field, null for a field that is fine (spec section 7).',
        body: z.strictObject({ error: z.strictObject({ password: fieldMessages, email: fieldMessages, username: fieldMessages }) }),
      },
      429: {
        description: 'Too many registrations from this client.',
        body: z.strictObject({ error: z.strictObject({ password: fieldMessages, email: fieldMessages, username: fieldMessages }) }),
        headers: retryAfter,
      },
    },
  },
  refresh: {
    summary: 'Trade a refresh token for a new token pair',
    description:
      'The presented token is spent and a successor returned (a replay within a few seconds answers the same successor, for two tabs refreshing at once; a later reuse revokes the whole sign-in). ' +
      'A sign-in ends 12 hours after it started however often it is refreshed.',
    body: refreshInput,
    responses: {
      200: { description: 'A new pair and the current user data.', body: sessionSchema },
      401: { description: "`{error:'Invalid refresh token'}`: unknown, used, expired or revoked.", body: z.strictObject({ error: z.string() }) },
    },
  },
  logout: {
    summary: 'Sign out: revoke a refresh token',
    description: 'Always answers ok (an unknown token is already unusable).',
    body: refreshInput.partial(),
    responses: { 200: { description: 'Revoked.', body: okAnswer } },
  },
} satisfies Record<string, RouteDoc>
