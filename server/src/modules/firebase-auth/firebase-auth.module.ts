import type { AuthService } from '../../auth/auth.service'
import type { AuditService } from '../audit/audit.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createFirebaseAuthService } from './firebase-auth.service'
import { mountFirebaseAuthRoutes } from './firebase-auth.rest'
import './firebase-auth.schema'

/** AUTH_PROVIDER=firebase: sign-in with a Firebase ID token, and the client's Firebase settings. */
export const firebaseAuthModule = defineModule({
  name: 'firebase-auth',
  services: ({ config, db, limits, firebaseIdentity, auth, audit }: Core & { auth: AuthService; audit: AuditService }) => ({
    firebaseAuth: createFirebaseAuthService({
      db,
      identity: firebaseIdentity,
      auth,
      audit,
      limits,
      config: {
        provider: config.AUTH_PROVIDER,
        firebase:
          config.AUTH_PROVIDER === 'firebase' && config.FIREBASE_PROJECT_ID
            ? {
                apiKey: config.FIREBASE_API_KEY,
                authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
                projectId: config.FIREBASE_PROJECT_ID,
                emulatorUrl: config.FIREBASE_AUTH_EMULATOR_HOST ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` : null,
              }
            : null,
      },
    }),
  }),
  rest: mountFirebaseAuthRoutes,
})
