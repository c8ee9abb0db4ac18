import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { isAppError } from '../../errors'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { messages } from '../../auth/messages'
import { isRateLimited } from '../../auth/rate-limit'
import { firebaseAuthDocs } from './firebase-auth.api-doc'

/**
 * GET /jwt/auth-config: the sign-in provider and the Firebase web config (public by design).
 * POST /jwt/firebase {idToken, username?}: a Firebase ID token exchanged for the product's
 * tokens, answered like /jwt/login ({userData, accessToken, refreshToken} or the two-step
 * step); a registration's refusals are /jwt/register's 400 {error:{password, email, username}};
 * a bad, expired or revoked token is 401 {error:{email:['Email or Password is Invalid']}}.
 */
export function mountFirebaseAuthRoutes(app: Hono<AppEnv>) {
  // AUTH_PROVIDER=firebase (modules/firebase-auth): the provider and public web config, and the ID-token exchange.
  guarded(app, 'GET', '/jwt/auth-config', rule.public, firebaseAuthDocs.config, (c) => c.json(c.get('services').firebaseAuth.publicConfig()))

  guarded(app, 'POST', '/jwt/firebase', rule.public, firebaseAuthDocs.exchange, async (c) => {
    try {
      return c.json(await c.get('services').firebaseAuth.exchange(await jsonBody(c), c.get('clientKey'), c.req.header('user-agent')))
    } catch (e) {
      if (isRateLimited(e)) c.header('Retry-After', String(e.retryAfterSeconds))
      if (!isAppError(e)) throw e
      if (e.code === 'INVALID_TOKEN') return c.json({ error: { email: [messages.loginInvalid] } }, 401)
      if (e.code === 'INVALID_CREDENTIALS') return c.json({ error: { email: [messages.loginInvalid] } }, 400)
      if ((e.code === 'BAD_USER_INPUT' || e.code === 'RATE_LIMITED') && e.fields) {
        const { password = null, email = null, username = null } = e.fields
        return c.json({ error: { password, email, username } }, e.code === 'RATE_LIMITED' ? 429 : 400)
      }
      throw e
    }
  })
}
