/** OAuth of the local Twitch (id.twitch.tv/oauth2): authorize with PKCE, token grants, revoke, validate. */
import { createHash, randomBytes } from 'node:crypto'
import { bearer, type Req, type Res } from './http-util'
import type { TwitchWorld } from './twitch-world'

/** Answers an OAuth request, or null for a path that is not OAuth's. */
export function oauthRoute(w: TwitchWorld, req: Req): Res | null {
  const { clientId, clientSecret, state, codes, tokens, refreshTokens, revoked, users, now, ttl, issue, faults } = w
  const p = req.path
  if (p === '/oauth2/authorize' && req.method === 'GET') {
    const redirect = req.query.get('redirect_uri') ?? ''
    const stateParam = req.query.get('state') ?? ''
    if (req.query.get('client_id') !== clientId) return { status: 400, body: { status: 400, message: 'invalid client' } }
    if (req.query.get('response_type') !== 'code') return { status: 400, body: { status: 400, message: 'unsupported response_type' } }
    const challenge = req.query.get('code_challenge')
    if (challenge !== null && req.query.get('code_challenge_method') !== 'S256') {
      return { status: 400, body: { status: 400, message: 'code_challenge_method must be S256' } }
    }
    const target = new URL(redirect)
    if (state.denyNext) {
      state.denyNext = false
      target.searchParams.set('error', 'access_denied')
      target.searchParams.set('error_description', 'The user denied you access')
    } else {
      const code = randomBytes(15).toString('hex')
      const scopes = (req.query.get('scope') ?? '').split(' ').filter(Boolean)
      codes.set(code, { userId: state.consentingUser, redirectUri: redirect, scopes, challenge })
      target.searchParams.set('code', code)
      target.searchParams.set('scope', scopes.join(' '))
    }
    target.searchParams.set('state', stateParam)
    return { status: 302, headers: { location: target.toString() } }
  }
  if (p === '/oauth2/token' && req.method === 'POST') {
    const f = req.form()
    if (f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) {
      return { status: 403, body: { status: 403, message: 'invalid client secret' } }
    }
    if (f.get('grant_type') === 'authorization_code') {
      const c = codes.get(f.get('code') ?? '')
      codes.delete(f.get('code') ?? '')
      if (!c || c.redirectUri !== f.get('redirect_uri')) return { status: 400, body: { status: 400, message: 'Invalid authorization code' } }
      // PKCE (RFC 7636): a code issued for a challenge needs the matching verifier.
      if (
        c.challenge !== null &&
        createHash('sha256')
          .update(f.get('code_verifier') ?? '')
          .digest('base64url') !== c.challenge
      ) {
        return { status: 400, body: { status: 400, message: 'Invalid code_verifier' } }
      }
      return { status: 200, body: issue(c.userId, c.scopes) }
    }
    if (f.get('grant_type') === 'client_credentials') {
      // An app access token (no user; no refresh token), as conduits need.
      const access = randomBytes(15).toString('hex')
      tokens.set(access, { userId: '', scopes: [], expiresAt: now() + ttl * 1000, refresh: '', revoked: false })
      return { status: 200, body: { access_token: access, expires_in: ttl, token_type: 'bearer' } }
    }
    if (f.get('grant_type') === 'refresh_token') {
      const access = refreshTokens.get(f.get('refresh_token') ?? '')
      const old = access ? tokens.get(access) : undefined
      if (!old || old.revoked) return { status: 400, body: { status: 400, message: 'Invalid refresh token' } }
      refreshTokens.delete(old.refresh)
      tokens.delete(access!)
      return { status: 200, body: issue(old.userId, old.scopes) }
    }
    return { status: 400, body: { status: 400, message: 'unsupported grant_type' } }
  }
  if (p === '/oauth2/revoke' && req.method === 'POST') {
    const f = req.form()
    const t = tokens.get(f.get('token') ?? '')
    if (f.get('client_id') !== clientId) return { status: 400, body: { status: 400, message: 'Invalid client' } }
    if (!t) return { status: 400, body: { status: 400, message: 'Invalid token' } }
    // Fault hook: Twitch refuses or fails the revocation (the token stays valid).
    if (faults.revokeStatus !== null) return { status: faults.revokeStatus, body: { status: faults.revokeStatus, message: 'revocation failed' } }
    t.revoked = true
    revoked.push(f.get('token')!)
    return { status: 200 }
  }
  if (p === '/oauth2/validate') {
    const t = bearer(req)
    const token = t ? tokens.get(t) : undefined
    if (!token || token.revoked || token.expiresAt <= now()) return { status: 401, body: { status: 401, message: 'invalid access token' } }
    const u = users.get(token.userId)
    return {
      status: 200,
      body: { client_id: clientId, login: u?.login, scopes: token.scopes, user_id: token.userId, expires_in: Math.round((token.expiresAt - now()) / 1000) },
    }
  }
  return null
}
