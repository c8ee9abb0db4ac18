import { z } from 'zod'
import { sessionSchema, twoStepChallengeSchema } from '../../auth/auth.api-doc'
import type { RouteDoc } from '../../http/route-doc'
import { exchangeInput } from './firebase-auth.service'

const fieldMessages = z.array(z.string()).nullable()

export const firebaseAuthDocs = {
  config: {
    summary: 'The sign-in provider and Firebase’s public web config',
    responses: {
      200: {
        description: 'Public by design.',
        body: z.object({
          provider: z.enum(['local', 'firebase']),
          firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), emulatorUrl: z.string().nullable() }).nullable(),
        }),
      },
    },
  },
  exchange: {
    summary: 'Exchange a Firebase ID token for the product’s tokens',
    description: 'Answers like /jwt/login. A first sign-in registers the account (`username` then names it).',
    body: exchangeInput,
    responses: {
      200: { description: 'Signed in, or the two-step challenge.', body: z.union([sessionSchema, twoStepChallengeSchema]) },
      400: {
        description: 'A registration refused per field (like /jwt/register), or `{error:{email:[msg]}}`.',
        body: z.object({ error: z.looseObject({ password: fieldMessages.optional(), email: fieldMessages.optional(), username: fieldMessages.optional() }) }),
      },
      401: { description: 'A bad, expired or revoked ID token: `{error:{email:[msg]}}`.', body: z.object({ error: z.object({ email: z.array(z.string()) }) }) },
    },
  },
} satisfies Record<string, RouteDoc>
