import { rule } from '../permissions/abilities'
import type { Hono } from 'hono'
import { isAppError } from '../errors'
import { guarded, jsonBody, type AppEnv } from '../http/guarded'
import { authDocs } from './auth.api-doc'
import { messages } from './messages'
import { isRateLimited } from './rate-limit'

/**
 * The spec's /jwt calls, with its exact bodies (section 7):
 * login 400 {error:{email:[msg]}}, register 400 {error:{password,email,username}},
 * refresh 401 {error:'Invalid refresh token'}.
 */
export function mountAuthRoutes(app: Hono<AppEnv>) {
  guarded(app, 'POST', '/jwt/login', rule.public, authDocs.login, async (c) => {
    try {
      return c.json(await c.get('services').auth.login(await jsonBody(c), c.get('clientKey'), c.req.header('user-agent')))
    } catch (e) {
      if (isRateLimited(e)) c.header('Retry-After', String(e.retryAfterSeconds))
      if (isAppError(e) && (e.code === 'INVALID_CREDENTIALS' || e.code === 'RATE_LIMITED')) {
        return c.json({ error: { email: e.fields?.email ?? [e.message] } }, e.code === 'RATE_LIMITED' ? 429 : 400)
      }
      throw e
    }
  })

  guarded(app, 'POST', '/jwt/register', rule.public, authDocs.register, async (c) => {
    try {
      return c.json(await c.get('services').auth.register(await jsonBody(c), c.get('clientKey'), c.req.header('user-agent')))
    } catch (e) {
      if (isRateLimited(e)) c.header('Retry-After', String(e.retryAfterSeconds))
      if (isAppError(e) && (e.code === 'BAD_USER_INPUT' || e.code === 'RATE_LIMITED') && e.fields) {
        const { password = null, email = null, username = null } = e.fields
        return c.json({ error: { password, email, username } }, e.code === 'RATE_LIMITED' ? 429 : 400)
      }
      throw e
    }
  })

  guarded(app, 'POST', '/jwt/refresh-token', rule.public, authDocs.refresh, async (c) => {
    try {
      return c.json(await c.get('services').auth.refresh(await jsonBody(c)))
    } catch (e) {
      if (isAppError(e) && e.code === 'INVALID_TOKEN') return c.json({ error: messages.invalidRefresh }, 401)
      throw e
    }
  })

  guarded(app, 'POST', '/jwt/logout', rule.public, authDocs.logout, async (c) => {
    await c.get('services').auth.logout(await jsonBody(c))
    return c.json({ ok: true })
  })
}
