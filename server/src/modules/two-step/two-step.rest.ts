import type { Hono } from 'hono'
import { AppError, isAppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { isRateLimited } from '../../auth/rate-limit'
import { twoStepMessages } from './two-step.service'

/**
 * Two-step verification (docs/features/sign-in.md):
 * - POST /jwt/login/two-step {twoStepToken, code}: the second step of a sign-in; answers the
 *   same {userData, accessToken, refreshToken} as /jwt/login, or 400 {error:{code:[msg]}},
 *   401 {error: msg} for an expired or foreign token, 429 with Retry-After.
 * - /jwt/two-step: status, setup ({password} → secret, otpauth URI, QR SVG), confirm (first
 *   code → ten recovery codes, shown once, and a fresh two-step sign-in for this device as
 *   `session`: every other sign-in ends), disable ({password, code}), recovery-codes
 *   ({password, code} → ten new ones), policy (admins). Firebase accounts send a fresh
 *   `idToken` instead of the password. Code checks are rate limited like sign-in (429 +
 *   Retry-After).
 */
/** The routes below are registered signed-in: the principal is there. */
function signedIn(principal: Principal | null): Principal {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in first')
  return principal
}

export function mountTwoStepRoutes(app: Hono<AppEnv>) {
  guarded(app, 'POST', '/jwt/login/two-step', async (c) => {
    try {
      return c.json(await c.get('services').auth.loginTwoStep(await jsonBody(c), c.get('clientKey'), c.req.header('user-agent')))
    } catch (e) {
      if (isRateLimited(e)) {
        c.header('Retry-After', String(e.retryAfterSeconds))
        return c.json({ error: { code: [e.message] } }, 429)
      }
      if (isAppError(e) && e.code === 'INVALID_CREDENTIALS') return c.json({ error: { code: e.fields?.code ?? [e.message] } }, 400)
      if (isAppError(e) && e.code === 'INVALID_TOKEN') return c.json({ error: twoStepMessages.challengeExpired }, 401)
      throw e
    }
  })
  guarded(app, 'GET', '/jwt/two-step', async (c, principal) => c.json(await c.get('services').twoStep.status(signedIn(principal))))
  guarded(app, 'POST', '/jwt/two-step/setup', async (c, principal) =>
    c.json(await c.get('services').twoStep.begin(signedIn(principal), await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'POST', '/jwt/two-step/confirm', async (c, principal) => {
    const me = signedIn(principal)
    const { twoStep, auth } = c.get('services')
    const confirmed = await twoStep.confirm(me, await jsonBody(c), c.get('clientKey'))
    return c.json({ ...confirmed, session: await auth.signInAfterTwoStepSetup(me.userId, c.req.header('user-agent')) })
  })
  guarded(app, 'POST', '/jwt/two-step/disable', async (c, principal) =>
    c.json(await c.get('services').twoStep.disable(signedIn(principal), await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'POST', '/jwt/two-step/recovery-codes', async (c, principal) =>
    c.json(await c.get('services').twoStep.regenerateRecoveryCodes(signedIn(principal), await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'PUT', '/jwt/two-step/policy', async (c, principal) => c.json(await c.get('services').twoStep.setPolicy(signedIn(principal), await jsonBody(c))))
}
