import { describe, expect, it } from 'vitest'
import { injectAdConversionScript } from '../../../client/src/lib/ad-conversion'
import { DEFAULT_APP_TITLE, parseClientEnv } from '../../../client/src/lib/env'
import { ERROR_CODES, errorCodeOf, fieldErrorsOf, needsGeneralMessage, serverMessageOf } from '../../../client/src/lib/error-code'
import { errorStatus } from '../../../server/src/errors'
import { decodeJwtPayload, hasAdminClaim } from '../../../client/src/lib/jwt'
import { parseAuthPayload } from '../../../client/src/lib/session-types'

describe('client env', () => {
  it('uses the configured title or the default', () => {
    expect(parseClientEnv({ VITE_APP_TITLE: ' Streamdesk ' }).appTitle).toBe('Streamdesk')
    expect(parseClientEnv({}).appTitle).toBe(DEFAULT_APP_TITLE)
  })

  it('accepts only well-formed ad-conversion ids', () => {
    expect(parseClientEnv({ VITE_AD_CONVERSION_ID: 'AW-123456789' }).adConversionId).toBe('AW-123456789')
    expect(parseClientEnv({ VITE_AD_CONVERSION_ID: '' }).adConversionId).toBeNull()
    expect(parseClientEnv({ VITE_AD_CONVERSION_ID: '"><script>' }).adConversionId).toBeNull()
  })
})

function fakeWindow() {
  const appended: Array<{ src: string; async: boolean; dataset: Record<string, string> }> = []
  const document = {
    querySelector: () => (appended.length > 0 ? appended[0] : null),
    createElement: () => ({ src: '', async: false, dataset: {} as Record<string, string> }),
    head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
  }
  return { win: { document } as unknown as Window & { dataLayer?: unknown[] }, appended }
}

describe('ad-conversion script', () => {
  it('injects nothing without an id', () => {
    const { win, appended } = fakeWindow()
    expect(injectAdConversionScript(null, win)).toBe(false)
    expect(appended).toHaveLength(0)
    expect(win.dataLayer).toBeUndefined()
  })

  it('injects the gtag script once with the id', () => {
    const { win, appended } = fakeWindow()
    expect(injectAdConversionScript('AW-1', win)).toBe(true)
    expect(injectAdConversionScript('AW-1', win)).toBe(true)
    expect(appended).toHaveLength(1)
    expect(appended[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=AW-1')
    expect(appended[0]?.async).toBe(true)
    expect(win.dataLayer).toHaveLength(2)
  })
})

describe('errorCodeOf', () => {
  it('reads GraphQL extensions.code, HTTP status and network failures', () => {
    expect(errorCodeOf({ errors: [{ message: 'x', extensions: { code: 'INVALID_TOKEN' } }] })).toBe('INVALID_TOKEN')
    expect(errorCodeOf({ errors: [{ message: 'x', extensions: { code: 'SOMETHING_NEW' } }] })).toBe('INTERNAL_SERVER_ERROR')
    expect(errorCodeOf({ statusCode: 429 })).toBe('RATE_LIMITED')
    expect(errorCodeOf({ statusCode: 403 })).toBe('FORBIDDEN')
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('NETWORK')
    expect(errorCodeOf('boom')).toBe('INTERNAL_SERVER_ERROR')
  })

  it('knows every code the server sends', () => {
    expect(Object.keys(errorStatus).filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([])
    expect(errorCodeOf({ errors: [{ message: 'Your plan allows 25 commands per channel', extensions: { code: 'PLAN_LIMIT' } }] })).toBe('PLAN_LIMIT')
    expect(errorCodeOf({ errors: [{ message: 'Twitch refused the token', extensions: { code: 'PLATFORM_ERROR' } }] })).toBe('PLATFORM_ERROR')
    expect(errorCodeOf({ errors: [{ message: 'used', extensions: { code: 'LICENCE_USED' } }] })).toBe('LICENCE_USED')
  })
})

describe('server messages and field errors', () => {
  const badInput = {
    errors: [
      {
        message: 'A trigger is …; Unknown variable ${foo}',
        extensions: { code: 'BAD_USER_INPUT', fields: { trigger: ['A trigger is …'], response: ['Unknown variable ${foo}'], bad: 3 } },
      },
    ],
  }

  it('puts field messages under their fields', () => {
    expect(fieldErrorsOf(badInput)).toEqual({ trigger: ['A trigger is …'], response: ['Unknown variable ${foo}'] })
    expect(fieldErrorsOf(new Error('x'))).toEqual({})
  })

  it('keeps the server message (e.g. when to try again)', () => {
    expect(
      serverMessageOf({ errors: [{ message: 'Chat limit reached (20 messages per 30 s); try again in 4 s', extensions: { code: 'RATE_LIMITED' } }] }),
    ).toBe('Chat limit reached (20 messages per 30 s); try again in 4 s')
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeNull()
  })

  it('asks for a message above the form unless every field message has its field', () => {
    expect(needsGeneralMessage(badInput, ['trigger', 'response', 'bad'])).toBe(false)
    expect(needsGeneralMessage(badInput, ['trigger'])).toBe(true)
    expect(needsGeneralMessage({ errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT' } }] }, ['trigger'])).toBe(true)
    expect(needsGeneralMessage({ errors: [{ message: 'x', extensions: { code: 'LICENCE_USED', fields: { licenseKey: ['used'] } } }] }, ['licenseKey'])).toBe(
      true,
    )
  })
})

describe('jwt payload', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  it('decodes without verifying and finds the admin claim', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ role: 'admin', admin: true, name: 'Zoë' })}.sig`
    expect(decodeJwtPayload(token)).toMatchObject({ role: 'admin', name: 'Zoë' })
    expect(hasAdminClaim(token)).toBe(true)
    expect(hasAdminClaim(`${encode({})}.${encode({ admin: 'true' })}.sig`)).toBe(false)
    expect(hasAdminClaim('not-a-jwt')).toBe(false)
    expect(hasAdminClaim(null)).toBe(false)
  })
})

describe('parseAuthPayload', () => {
  it('accepts the REST shape and normalises the id', () => {
    const parsed = parseAuthPayload({
      userData: {
        id: 5,
        fullName: null,
        username: 'u',
        avatar: null,
        email: 'u@x.io',
        role: 'client',
        ability: [{ action: 'read', subject: 'ACL' }],
        extras: { eCommerceCartItemsCount: 0 },
      },
      accessToken: 'a',
      refreshToken: 'r',
    })
    expect(parsed?.userData.id).toBe('5')
    expect(parseAuthPayload({ userData: {}, accessToken: 'a', refreshToken: 'r' })).toBeNull()
  })
})
