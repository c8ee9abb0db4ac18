import { readFileSync } from 'node:fs'
import { buildSchema as parseSDL, isObjectType } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleOf } from '../../server/src/graphql/authorize'
import { buildSchema } from '../../server/src/graphql/schema'
import { printedSchema } from '../../server/src/graphql/print-schema'
import { graphqlRules } from '../../server/src/permissions/graphql-rules'
import { restRules } from '../../server/src/permissions/rest-rules'
import { createTestApp, type TestApp } from '../support/test-app'

const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8')

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
    const rule = ruleOf(buildSchema(), graphqlRules, type, field)
    expect(rule, `${type}.${field} needs a rule: authScopes on the field (or guardedByParent on its type)`).toBeDefined()
    if (roots.has(type)) expect(rule!.kind).not.toBe('parent')
  })

  it('has no rule for a field that no longer exists', () => {
    const known = new Set(fields.map(([t, f]) => `${t}.${f}`))
    const types = new Set(fields.map(([t]) => t))
    const stale = Object.keys(graphqlRules).filter((k) => (k.endsWith('.*') ? !types.has(k.slice(0, -2)) : !known.has(k)))
    expect(stale).toEqual([])
  })

  describe('REST', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp('pglite')
    })
    afterAll(() => t.close())

    it('every API route is registered under a rule, and every rule names a route', () => {
      const api = t.app.routes.filter(
        (r) => r.method !== 'ALL' && /^\/(jwt|apps|healthz|readyz|graphiql|pricing|card|blog|good-table|overlay|[a-z-]+\/data)/.test(r.path),
      )
      const registered = new Set(api.map((r) => `${r.method} ${r.path}`))
      expect([...registered].filter((k) => !restRules[k])).toEqual([])
      expect(Object.keys(restRules).filter((k) => !registered.has(k))).toEqual([])
    })

    it('refuses a field without a rule (deny is the default)', async () => {
      const { applyRules } = await import('../../server/src/graphql/authorize')
      const probe = applyRules(parseSDL('type Query { secret: String open: String }'), { 'Query.open': { kind: 'public' } })
      const { graphql } = await import('graphql')
      const res = await graphql({
        schema: probe,
        source: '{ secret open }',
        rootValue: { secret: 'x', open: 'y' },
        contextValue: { principal: null },
      })
      expect(res.data).toEqual({ secret: null, open: 'y' })
      expect(res.errors?.[0]?.message).toBe('Not allowed')
    })
  })
})
