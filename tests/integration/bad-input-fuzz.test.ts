/**
 * A bounded bad-input fuzzer over every GraphQL root field with arguments (from the printed
 * schema) and every REST route (from the rule table, which a test proves equals the route
 * table), as anonymous and as an admin: wrong types, missing and extra fields, huge strings,
 * NUL, unpaired surrogates, huge, negative and fractional numbers, deep nesting, unknown enum
 * values. A new field or route is fuzzed without anyone remembering to add it. Seeded, so a
 * failure repeats. Asserts: no 5xx, no INTERNAL_SERVER_ERROR, a request error (variables that
 * do not coerce) a 4xx under GraphQL over HTTP, and no row written anywhere.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restRules } from '../../server/src/permissions/rest-rules'
import { engines } from '../support/databases'
import { UNLIMITED_ABUSE, createTestApp, type TestApp } from '../support/test-app'

const SEED = 1607
const RUNS_PER_TARGET = 20
const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'))

/** Values that are wrong for almost any field. */
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'a\u0000b', 'x\ud800y', '\udfff', ' '.repeat(300), 'x'.repeat(100_000), '1e309', '-1', '0', 'null', '__proto__', "' or 1=1 --"),
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, -1, 0, 0.5, 1e308, -1e308),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.constant({ a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } }),
)

/** A value shaped like `type` but with hostile leaves, missing fields and extra ones. */
function shaped(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return shaped(type.ofType, depth)
  if (isListType(type)) return fc.array(shaped(type.ofType, depth + 1), { maxLength: 3 })
  const named = getNamedType(type)
  if (isEnumType(named)) return fc.oneof(fc.constantFrom(...named.getValues().map((v) => v.name)), fc.constant('NOT_A_VALUE'), hostile)
  if (isInputObjectType(named) && depth < 3) {
    const fields = Object.values(named.getFields())
    return fc.tuple(...fields.map((f) => fc.option(fc.oneof(shaped(f.type, depth + 1), hostile), { nil: undefined })), fc.boolean()).map((values) => {
      const out: Record<string, unknown> = {}
      fields.forEach((f, i) => {
        if (values[i] !== undefined) out[f.name] = values[i]
      })
      if (values[fields.length]) out.unexpectedExtraField = 'extra'
      return out
    })
  }
  if (isLeafType(named)) return hostile
  return hostile
}

const argsOf = (args: readonly GraphQLArgument[]) =>
  fc.tuple(...args.map((a) => fc.oneof({ weight: 3, arbitrary: shaped(a.type) }, { weight: 1, arbitrary: hostile }))).map((values) =>
    Object.fromEntries(args.map((a, i) => [a.name, values[i]])),
  )

const selection = (field: GraphQLField<unknown, unknown>) => (isLeafType(getNamedType(field.type)) ? '' : ' { __typename }')

interface Target {
  name: string
  query: string
  args: fc.Arbitrary<Record<string, unknown>>
}

function graphqlTargets(): Target[] {
  const out: Target[] = []
  for (const [op, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (field.args.length === 0 || field.name === 'logout') continue
      const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')
      const call = field.args.map((a) => `${a.name}: $${a.name}`).join(', ')
      out.push({ name: `${op} ${field.name}`, query: `${op}(${vars}) { ${field.name}(${call})${selection(field)} }`, args: argsOf(field.args) })
    }
  }
  return out
}

/**
 * Every REST route but the ones that end a session or only report health. (Starting a two-step
 * set-up is fuzzed too: it needs the password, so a bad body stores no pending secret.)
 */
const NOT_FUZZED = new Set(['/healthz', '/readyz', '/jwt/logout'])
const restTargets = Object.keys(restRules)
  .map((k) => k.split(' ') as [string, string])
  .filter(([, path]) => !NOT_FUZZED.has(path))

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))
const fill = (path: string, value: unknown) => path.replace(/:[a-zA-Z]+/g, encodeURIComponent(text(value).slice(0, 200)).replace(/%2F/gi, '') || 'x')

describe.each(engines)('bad input on %s', (engine) => {
  let t: TestApp
  let admin: string
  const counts = async (): Promise<Record<string, number>> => {
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> }
    const out: Record<string, number> = {}
    for (const { table_name } of tables.rows) {
      const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`))) as unknown as { rows: Array<{ n: number }> }
      out[table_name] = Number(r.rows[0]!.n)
    }
    return out
  }

  beforeAll(async () => {
    // Deadlines and admission stay as in production; the cases are sent one at a time.
    t = await createTestApp(engine, UNLIMITED_ABUSE)
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it('answers every case without a 5xx or INTERNAL_SERVER_ERROR, and writes nothing', { timeout: 240_000 }, async () => {
    const before = await counts()
    const failures: string[] = []
    let cases = 0
    const check = (label: string, status: number, body: unknown) => {
      const text = JSON.stringify(body)
      if (status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) failures.push(`${label} → ${status} ${text.slice(0, 300)}`)
    }
    for (const target of graphqlTargets()) {
      const samples = fc.sample(target.args, { seed: SEED, numRuns: RUNS_PER_TARGET })
      for (const [i, variables] of samples.entries()) {
        for (const token of [undefined, admin]) {
          cases++
          // As a GraphQL-over-HTTP client: a request the server refuses before running it
          // (variables that do not coerce, a query that does not validate) is a 4xx.
          const headers: Record<string, string> = { accept: 'application/graphql-response+json', ...(token ? { authorization: `Bearer ${token}` } : {}) }
          const res = await t.json('POST', '/graphql', { query: target.query, variables }, headers)
          const label = `${target.name} #${i} ${token ? 'admin' : 'anonymous'} ${JSON.stringify(variables).slice(0, 200)}`
          check(label, res.status, res.body)
          if (res.body && typeof res.body === 'object' && !('data' in res.body) && (res.status < 400 || res.status >= 500)) {
            failures.push(`${label} → a request error answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
          }
        }
      }
    }
    for (const [method, path] of restTargets) {
      const samples = fc.sample(fc.tuple(hostile, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 }), hostile), { seed: SEED, numRuns: RUNS_PER_TARGET })
      for (const [i, [param, fields, raw]] of samples.entries()) {
        for (const token of [undefined, admin]) {
          cases++
          const url = fill(path, param)
          const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
          const res =
            method === 'GET'
              ? await t.json('GET', `${url}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v).slice(0, 500)]))}`, undefined, headers)
              : await t.json(method, url, i % 3 === 2 ? JSON.stringify(raw) : { ...fields, user: fields, task: fields, event: fields }, headers)
          check(`${method} ${url} #${i} ${token ? 'admin' : 'anonymous'}`, res.status, res.body)
        }
      }
    }
    console.log(`bad-input fuzz on ${engine}: ${cases} cases`)
    expect(failures).toEqual([])
    expect(cases).toBeGreaterThan(1000)
    const after = await counts()
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]).map((k) => `${k}: ${before[k]} → ${after[k]}`)
    expect(changed).toEqual([])
  })
})
