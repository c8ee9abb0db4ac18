import { z } from 'zod'
import { sessionSchema } from '../../auth/auth.api-doc'
import type { RouteDoc } from '../../http/route-doc'
import { challengeInput } from './two-step-deps'

const proof = {
  password: z.string().optional().meta({ description: 'The caller’s password (password accounts).' }),
  idToken: z.string().optional().meta({ description: 'A fresh Firebase ID token instead of the password (Firebase accounts).' }),
}
const code = z.string().max(64).meta({ description: 'A current 6-digit TOTP code, or a recovery code.' })
const recoveryCodes = z.array(z.string()).meta({ description: 'Ten new single-use recovery codes, shown this once.' })
const limited = { 429: { description: 'Too many code attempts.', headers: { 'Retry-After': 'Seconds until another attempt is accepted.' } } }

export const twoStepDocs = {
  login: {
    summary: 'Sign in: the second step (TOTP or recovery code)',
    description: 'After /jwt/login answered `twoStepRequired`.',
    body: challengeInput,
    responses: {
      200: { description: 'Signed in, like /jwt/login.', body: sessionSchema },
      400: { description: 'A wrong code: `{error:{code:[msg]}}`.', body: z.object({ error: z.object({ code: z.array(z.string()) }) }) },
      401: { description: 'The challenge expired or is not valid: `{error: msg}`.', body: z.object({ error: z.string() }) },
      429: {
        description: 'Too many attempts: `{error:{code:[msg]}}`.',
        body: z.object({ error: z.object({ code: z.array(z.string()) }) }),
        headers: { 'Retry-After': 'Seconds to wait.' },
      },
    },
  },
  status: {
    summary: 'The caller’s two-step status',
    description: 'Open also to a staff sign-in the two-step policy holds back (so it can set it up).',
    responses: {
      200: {
        description: 'The status.',
        body: z.object({
          enabled: z.boolean(),
          required: z.boolean().meta({ description: 'The policy requires it of this account (staff).' }),
          recoveryCodesLeft: z.number().int(),
          requireForStaff: z.boolean().optional().meta({ description: 'The policy; only for admins.' }),
        }),
      },
    },
  },
  setup: {
    summary: 'Start two-step set-up: a new secret and its QR code',
    body: z.object(proof),
    responses: {
      200: {
        description: 'The secret to enter in an authenticator app.',
        body: z.object({
          secret: z.string(),
          uri: z.string().meta({ description: 'otpauth:// URI.' }),
          qrSvg: z.string().meta({ description: 'The URI as a QR code (SVG markup).' }),
        }),
      },
      ...limited,
    },
  },
  confirm: {
    summary: 'Confirm set-up with a first code',
    description: 'Turns two-step verification on; every other sign-in of the account ends, and this device gets a fresh two-step sign-in as `session`.',
    body: z.object({ code: z.string().max(64).meta({ description: 'A current code from the authenticator app (not a recovery code).' }) }),
    responses: {
      200: {
        description: 'On, with the recovery codes and the new session.',
        body: z.object({ enabled: z.literal(true), recoveryCodes, session: sessionSchema }),
      },
      ...limited,
    },
  },
  disable: {
    summary: 'Turn two-step verification off',
    body: z.object({ ...proof, code }),
    responses: { 200: { description: 'Off.', body: z.object({ enabled: z.literal(false) }) }, ...limited },
  },
  recoveryCodes: {
    summary: 'Replace the recovery codes',
    body: z.object({ ...proof, code }),
    responses: { 200: { description: 'The new codes (the old ones stop working).', body: z.object({ recoveryCodes }) }, ...limited },
  },
  policy: {
    summary: 'Whether staff (admins, resellers) must use two-step verification (admins)',
    body: z.object({ requireForStaff: z.boolean() }),
    responses: { 200: { description: 'The policy as stored.', body: z.object({ requireForStaff: z.boolean() }) } },
  },
} satisfies Record<string, RouteDoc>
