import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authDocs } from '../../server/src/auth/auth.api-doc'
import { openApiPath } from '../../server/src/http/openapi'
import { mountedRoutes } from '../../server/src/permissions/mounted-routes'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

/**
 * Issue 32: GET /openapi.json is the REST routes' OpenAPI 3.1 document, generated from what each
 * route declares where it is mounted (guarded(…, doc, handler)); it is valid, lists every
 * mounted route, and the answers it describes are the answers the routes give.
 */
describe.each(engines)('the OpenAPI document on %s', (engine) => {
  let t: TestApp
  let doc: any
  beforeAll(async () => {
    t = await createTestApp(engine)
    const res = await t.json('GET', '/openapi.json')
    expect(res.status).toBe(200)
    doc = res.body
  })
  afterAll(() => t.close())

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0')
    // validate() dereferences in place: hand it a copy.
    const result = await validate(structuredClone(doc))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })

  it('lists every mounted route with a summary, its rule and a described answer', () => {
    const routes = mountedRoutes()
    expect(routes.length).toBeGreaterThan(50)
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`)
    expect(missing).toEqual([])
    const documentedPaths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    )
    expect(documentedPaths.length).toBe(routes.length)
    const undocumented = routes.filter((r) => !r.doc).map((r) => `${r.method} ${r.path}`)
    expect(undocumented, 'pass a RouteDoc to guarded(app, method, path, rule, doc, handler)').toEqual([])
    for (const [, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(ops)) {
        expect(op.summary).toBeTruthy()
        expect(op['x-rule']).toBeDefined()
        expect(Object.keys(op.responses).length).toBeGreaterThan(0)
      }
    }
  })

  it('marks public routes as needing no token and the others as needing a Bearer token', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.paths['/jwt/login'].post.security).toEqual([])
    expect(doc.paths['/apps/todo/tasks'].get.security).toBeUndefined()
    expect(doc.paths['/apps/todo/tasks'].get.responses['401']).toBeDefined()
  })

  it('says what a personal access token needs on each route: its scope, or that tokens are refused', () => {
    expect(doc.paths['/api/v1/channels/{channelId}/commands'].get.description).toContain('**Personal access token:** needs the `commands:read` scope.')
    expect(doc.paths['/api/v1/channels/{channelId}/commands'].post.description).toContain('`commands:write`')
    expect(doc.paths['/jwt/two-step/setup'].post.description).toContain('**Personal access token:** refused; a sign-in only.')
    expect(doc.paths['/jwt/login'].post.description ?? '').not.toContain('Personal access token')
  })

  it('describes /jwt as the routes answer (the spec shapes)', async () => {
    const login = await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: DEMO_PASSWORDS.client })
    expect(login.status).toBe(200)
    expect(() => authDocs.login.responses[200].body.parse(login.body)).not.toThrow()
    const wrong = await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: 'not-the-password' })
    expect(wrong.status).toBe(400)
    expect(() => authDocs.login.responses[400].body.parse(wrong.body)).not.toThrow()
    const refreshed = await t.json('POST', '/jwt/refresh-token', { refreshToken: login.body.refreshToken })
    expect(() => authDocs.refresh.responses[200].body.parse(refreshed.body)).not.toThrow()
    const unknown = await t.json('POST', '/jwt/refresh-token', { refreshToken: 'x'.repeat(43) })
    expect(unknown.status).toBe(401)
    expect(() => authDocs.refresh.responses[401].body.parse(unknown.body)).not.toThrow()
    expect(JSON.stringify(doc.paths['/jwt/login'].post.responses['200'])).toContain('#/components/schemas/Session')
    expect(Object.keys(doc.components.schemas.Session.properties)).toEqual(['userData', 'accessToken', 'refreshToken'])
  })

  // The GET routes an admin can read on the demo data: each answer parses with the zod schema its route documents.
  it.each([
    '/apps/user/users',
    '/apps/todo/tasks',
    '/apps/todo/assignees',
    '/good-table/basic',
    '/good-table/row-group',
    '/good-table/table_ssr',
    '/apps/calendar/events',
    '/blog/list/data',
    '/blog/list/data/sidebar',
    '/kb/data/knowledge_base',
    '/kb/data/category',
    '/apps/ecommerce/products',
    '/apps/ecommerce/cart',
    '/account-setting/data',
    '/apps/email/emails',
    '/apps/chat/chats-and-contacts',
    '/apps/invoice/invoices',
    '/jwt/two-step',
    '/jwt/auth-config',
    '/pricing/data',
    '/healthz',
    '/readyz',
  ])('GET %s answers what its document says', async (path) => {
    const { accessToken } = await t.loginAs('admin')
    const res = await t.json('GET', path, undefined, { authorization: `Bearer ${accessToken}` })
    const route = mountedRoutes().find((r) => r.method === 'GET' && r.path === path)
    const documented = route?.doc?.responses[res.status]
    expect(documented, `${res.status} is not documented for ${path}`).toBeDefined()
    const parsed = documented!.body!.safeParse(res.body)
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true)
  })
})
