import type { MailService } from '../modules/mail/mail.service'
import type { Core } from '../modules/module'
import { defineModule } from '../modules/module'
import type { StatisticsService } from '../modules/statistics/statistics.service'
import type { TwoStepService } from '../modules/two-step/two-step.service'
import { createAuthService } from './auth.service'
import { mountAuthRoutes } from './auth.rest'
import { createPasswordResetService } from './password-reset'
import './auth.schema'

/**
 * Sign-in, registration, refresh and sign-out (server/src/auth holds the shared pieces too:
 * tokens, passwords, limits), and the password reset. AUTH_PROVIDER=firebase: Firebase Auth
 * holds the passwords and its admin claim is read through firebase-admin.
 */
export const authModule = defineModule({
  name: 'auth',
  services: (d: Core & { twoStep: TwoStepService; statistics: StatisticsService; mail: MailService }) => {
    const { config, db, now, passwords, tokens, limits, firebaseIdentity } = d
    const auth = createAuthService({
      twoStep: d.twoStep,
      onSignIn: d.statistics.recordSignIn,
      ...(firebaseIdentity
        ? {
            provider: {
              name: 'firebase' as const,
              // An account without a Firebase uid (a local admin from before the switch) never carries the claim.
              adminClaim: async (user: { firebaseUid: string | null }) => (user.firebaseUid ? firebaseIdentity.adminClaim(user.firebaseUid) : false),
            },
          }
        : {}),
      db,
      passwords,
      tokens,
      limits,
      principalCacheMs: config.PRINCIPAL_CACHE_MS,
      now: () => now().getTime(),
    })
    // An account changed (here or in another process): its cached principal is dropped.
    d.invalidations.on('accounts', auth.forgetCallers)
    const passwordReset = createPasswordResetService({
      db,
      mail: d.mail,
      passwords,
      tokens,
      publicUrl: d.publicUrl,
      ttlSeconds: config.PASSWORD_RESET_TTL,
      limits,
      now,
    })
    return { auth, passwordReset }
  },
  rest: mountAuthRoutes,
})
