import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { isAppError } from '../../errors'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { isRateLimited } from '../../auth/rate-limit'
import { twoStepMessages } from './two-step.service'
import { twoStepDocs } from './two-step.api-doc'

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
export function mountTwoStepRoutes(app: Hono<AppEnv>) {
  // The second step of a sign-in: the body's short-lived challenge token names the user.
  guarded(app, 'POST', '/jwt/login/two-step', rule.public, twoStepDocs.login, async (c) => {
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
  // Status, set-up and confirm stay open to a staff sign-in the two-step policy holds back: it sets it up there.
  guarded(app, 'GET', '/jwt/two-step', rule.twoStepSetup, twoStepDocs.status, async (c, principal) => c.json(await c.get('services').twoStep.status(principal)))
  guarded(app, 'POST', '/jwt/two-step/setup', rule.twoStepSetup, twoStepDocs.setup, async (c, principal) =>
    c.json(await c.get('services').twoStep.begin(principal, await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'POST', '/jwt/two-step/confirm', rule.twoStepSetup, twoStepDocs.confirm, async (c, principal) => {
    const me = principal
    const { twoStep, auth } = c.get('services')
    const confirmed = await twoStep.confirm(me, await jsonBody(c), c.get('clientKey'))
    return c.json({ ...confirmed, session: await auth.signInAfterTwoStepSetup(me.userId, c.req.header('user-agent')) })
  })
  guarded(app, 'POST', '/jwt/two-step/disable', rule.signedIn, twoStepDocs.disable, async (c, principal) =>
    c.json(await c.get('services').twoStep.disable(principal, await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'POST', '/jwt/two-step/recovery-codes', rule.signedIn, twoStepDocs.recoveryCodes, async (c, principal) =>
    c.json(await c.get('services').twoStep.regenerateRecoveryCodes(principal, await jsonBody(c), c.get('clientKey'))),
  )
  guarded(app, 'PUT', '/jwt/two-step/policy', rule.can('manage', 'all'), twoStepDocs.policy, async (c, principal) =>
    c.json(await c.get('services').twoStep.setPolicy(principal, await jsonBody(c))),
  )
}
