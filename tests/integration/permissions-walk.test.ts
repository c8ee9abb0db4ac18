import { readFileSync } from 'node:fs'
import { buildSchema as parseSDL, isObjectType } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeToTokens, requireRules, rootTokenScopes, ruleOf } from '../../server/src/graphql/authorize'
import { createBuilder } from '../../server/src/graphql/builder'
import { buildSchema } from '../../server/src/graphql/schema'
import { printedSchema } from '../../server/src/graphql/print-schema'
import { mountedRoutes } from '../../server/src/permissions/mounted-routes'
import { createTestApp, type TestApp } from '../support/test-app'
import type { AppEnv } from '../../server/src/http/guarded'

const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8')
/** What declares no token scope yet (closed to tokens); see its `_why`. */
const closedToTokens = JSON.parse(readFileSync(new URL('./closed-to-tokens.json', import.meta.url), 'utf8')) as { fields: string[]; routes: string[] }

describe('schema contract', () => {
  it('schema/schema.graphql is what the code builds (run `npm run schema` after changing the schema)', () => {
    expect(printedSchema()).toBe(committed)
  })
})

describe('deny by default', () => {
  const schema = parseSDL(committed)
  const roots = new Set(['Query', 'Mutation', 'Subscription'])
  const fields = Object.values(schema.getTypeMap())
    .filter((t) => isObjectType(t) && !t.name.startsWith('__'))
    .flatMap((t) => Object.keys((t as ReturnType<typeof schema.getTypeMap>[string] & { getFields(): object }).getFields()).map((f) => [t.name, f] as const))

  it('walks a non-trivial schema', () => {
    expect(fields.length).toBeGreaterThan(20)
  })

  it.each(fields.map(([type, field]) => [`${type}.${field}`, type, field] as const))('%s has an explicit rule', (_k, type, field) => {
    const rule = ruleOf(buildSchema(), type, field)
    expect(rule, `${type}.${field} needs a rule: authScopes on the field (or guardedByParent on its type)`).toBeDefined()
    if (roots.has(type)) expect(rule!.kind).not.toBe('parent')
  })

  it('refuses to build a schema with a field that declares no rule, naming it (deny is the default)', () => {
    const probe = createBuilder()
    const Secret = probe.objectRef<{ value: string }>('Secret').implement({ fields: (t) => ({ value: t.exposeString('value') }) })
    probe.queryType({
      fields: (t) => ({
        open: t.string({ authScopes: { public: true }, resolve: () => 'y' }),
        secret: t.string({ resolve: () => 'x' }),
        nested: t.field({ type: Secret, authScopes: { public: true }, resolve: () => ({ value: 'z' }) }),
      }),
    })
    expect(() => requireRules(probe.toSchema())).toThrow(/No authorization rule for Query\.secret, Secret\.value:/)
  })

  it('refuses a root field that only says its parent guards it', () => {
    const probe = createBuilder()
    probe.queryType({ extensions: { rule: 'parent' }, fields: (t) => ({ open: t.string({ resolve: () => 'x' }) }) })
    expect(() => requireRules(probe.toSchema())).toThrow(/Query\.open/)
  })

  describe('token scopes (issue 32)', () => {
    const roots = rootTokenScopes(buildSchema()).filter((f) => f.rule?.kind !== 'public')
    it('walks the root fields', () => expect(roots.length).toBeGreaterThan(100))
    it.each(roots.map((f) => [f.field, f.scope] as const))('%s states its token scope (or is listed as closed to tokens)', (field, scope) => {
      const listed = closedToTokens.fields.includes(field)
      expect(scope || listed, `${field}: declare authScopes.token (graphql/field-auth.ts), or list it in closed-to-tokens.json`).toBeTruthy()
      expect(scope && listed, `${field} has a scope now: remove it from closed-to-tokens.json`).toBeFalsy()
    })
    it('every field listed as closed to tokens exists', () => {
      const known = new Set(roots.map((f) => f.field))
      expect(closedToTokens.fields.filter((f) => !known.has(f))).toEqual([])
    })
    it('a root field without a scope refuses a token; with one, a token needs that scope', async () => {
      const probe = createBuilder()
      probe.queryType({
        fields: (t) => ({
          open: t.string({ authScopes: { public: true }, resolve: () => 'y' }),
          closed: t.withAuth({ signedIn: true }).string({ nullable: true, resolve: () => 'c' }),
          scoped: t.withAuth({ signedIn: true, token: 'commands:read' }).string({ nullable: true, resolve: () => 's' }),
        }),
      })
      const { graphql } = await import('graphql')
      const schema = closeToTokens(requireRules(probe.toSchema()))
      const owner = { userId: 1, role: 'client' as const, admin: false, ability: [] }
      const run = async (token?: { id: number; scopes: string[]; channelId: null }) =>
        graphql({ schema, source: '{ open closed scoped }', contextValue: { principal: { ...owner, token } } })
      expect((await run()).data).toEqual({ open: 'y', closed: 'c', scoped: 's' })
      const right = await run({ id: 1, scopes: ['commands:read'], channelId: null })
      expect(right.data).toEqual({ open: 'y', closed: null, scoped: 's' })
      expect(right.errors?.map((e) => (e.originalError as { code?: string }).code)).toEqual(['FORBIDDEN'])
      const wrong = await run({ id: 1, scopes: ['chat:read'], channelId: null })
      expect(wrong.data).toEqual({ open: 'y', closed: null, scoped: null })
    })
  })

  describe('REST', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp('pglite')
    })
    afterAll(() => t.close())

    it('every API route is mounted under the rule it declares, and every recorded route is mounted', () => {
      const api = t.app.routes.filter(
        (r) => r.method !== 'ALL' && /^\/(api|jwt|apps|healthz|readyz|graphiql|openapi\.json|pricing|card|blog|good-table|overlay|[a-z-]+\/data)/.test(r.path),
      )
      const registered = new Set(api.map((r) => `${r.method} ${r.path}`))
      const declared = new Set(mountedRoutes().map((r) => `${r.method} ${r.path}`))
      expect(declared.size).toBeGreaterThan(50)
      expect([...registered].filter((k) => !declared.has(k))).toEqual([])
      expect([...declared].filter((k) => !registered.has(k))).toEqual([])
    })

    it('every route that is not public states its token scope (or is listed as closed to tokens)', () => {
      const routes = mountedRoutes().filter((r) => r.rule.kind !== 'public')
      const key = (r: (typeof routes)[number]) => `${r.method} ${r.path}`
      const scoped = (r: (typeof routes)[number]) => 'token' in r.rule && !!r.rule.token
      expect(routes.filter((r) => !scoped(r) && !closedToTokens.routes.includes(key(r))).map(key)).toEqual([])
      expect(routes.filter((r) => scoped(r) && closedToTokens.routes.includes(key(r))).map(key)).toEqual([])
      const known = new Set(routes.map(key))
      expect(closedToTokens.routes.filter((r) => !known.has(r))).toEqual([])
      expect(routes.filter(scoped).length).toBeGreaterThan(0)
    })

    it('refuses to mount a route without a rule, with a parent rule, or under a second rule', async () => {
      const { Hono } = await import('hono')
      const { guarded } = await import('../../server/src/http/guarded')
      const { rule } = await import('../../server/src/permissions/abilities')
      const probe = new Hono<AppEnv>()
      // @ts-expect-error a route must declare its rule
      expect(() => guarded(probe, 'GET', '/probe/none', (c) => c.text('x'))).toThrow()
      expect(() => guarded(probe, 'GET', '/probe/parent', rule.parent as never, (c) => c.text('x'))).toThrow(/no parent/)
      expect(() => guarded(probe, 'GET', '/healthz', rule.signedIn, (c) => c.text('x'))).toThrow(/two different rules/)
      expect(mountedRoutes().some((r) => r.path.startsWith('/probe/'))).toBe(false)
    })

    it('a declared rule refuses at run time: anonymous is UNAUTHENTICATED, a public field answers', async () => {
      const probe = createBuilder()
      probe.queryType({
        fields: (t) => ({
          open: t.string({ authScopes: { public: true }, resolve: () => 'y' }),
          member: t.withAuth({ signedIn: true }).string({ nullable: true, resolve: (_r, _a, ctx) => String(ctx.principal.userId) }),
        }),
      })
      const { graphql } = await import('graphql')
      const res = await graphql({ schema: requireRules(probe.toSchema()), source: '{ member open }', contextValue: { principal: null } })
      expect(res.data).toEqual({ member: null, open: 'y' })
      expect((res.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('UNAUTHENTICATED')
    })
  })
})
