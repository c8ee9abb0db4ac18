import { createReauthenticator } from '../../auth/reauth'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createTwoStepService } from './two-step.service'
import { mountTwoStepRoutes } from './two-step.rest'

/** Two-step sign-in (TOTP, recovery codes), its secrets sealed with the token key. */
export const twoStepModule = defineModule({
  name: 'two-step',
  services: ({ config, db, secret, now, box, limits, passwords, firebaseIdentity }: Core) => ({
    twoStep: createTwoStepService({
      db,
      box,
      secret,
      limits,
      reauth: createReauthenticator({ db, passwords, limits, identity: firebaseIdentity, now }),
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      appName: config.TWO_STEP_ISSUER,
      challengeTtlSeconds: config.TWO_STEP_CHALLENGE_TTL,
      now,
    }),
  }),
  rest: mountTwoStepRoutes,
})
