/**
 * A bounded bad-input fuzzer over every GraphQL root field with arguments (from the printed
 * schema) and every REST route (as mounted with its rule, which a test proves covers the
 * route table), as every role (anonymous, client, reseller, admin). Two kinds of cases:
 * - hostile: wrong types, missing and extra fields, huge strings, NUL, unpaired surrogates,
 *   huge, negative and fractional numbers, deep nesting, unknown enum values. None of them
 *   may write a row.
 * - well-formed but extreme (tests/support/edge-inputs.ts): every argument of the right type
 *   and shape with ids, counts and amounts at their edges (0, -1, the int4 end and one past
 *   it, 2^53, the validators' bounds) and strings at common maximum lengths ±1; REST routes
 *   with edge ids in the path and edge numbers in every numeric field. Some are valid and
 *   may write, so only the answers are checked.
 * A new field or route is fuzzed without anyone remembering to add it. Seeded, so a failure
 * repeats. Asserts: no 5xx, no INTERNAL_SERVER_ERROR, a request error (variables that do not
 * coerce) a 4xx under GraphQL over HTTP.
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
import { mountedRoutes } from '../../server/src/permissions/mounted-routes'
import { engines, type Engine } from './databases'
import { ID_EDGES, argsAt, distinct, lengthEdges, numericEdges, numericFieldNames } from './edge-inputs'
import { UNLIMITED_ABUSE, createTestApp, type TestApp } from './test-app'

const SEED = 1607
const RUNS_PER_TARGET = 15
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
  fc
    .tuple(...args.map((a) => fc.oneof({ weight: 3, arbitrary: shaped(a.type) }, { weight: 1, arbitrary: hostile })))
    .map((values) => Object.fromEntries(args.map((a, i) => [a.name, values[i]])))

const selection = (field: GraphQLField<unknown, unknown>) => (isLeafType(getNamedType(field.type)) ? '' : ' { __typename }')

interface Target {
  name: string
  query: string
  args: fc.Arbitrary<Record<string, unknown>>
  fields: readonly GraphQLArgument[]
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
      out.push({
        name: `${op} ${field.name}`,
        query: `${op}(${vars}) { ${field.name}(${call})${selection(field)} }`,
        args: argsOf(field.args),
        fields: field.args,
      })
    }
  }
  return out
}

/**
 * Every REST route but the ones that end a session or only report health. (Starting a two-step
 * set-up is fuzzed too: it needs the password, so a bad body stores no pending secret.)
 */
const NOT_FUZZED = new Set(['/healthz', '/readyz', '/jwt/logout'])
const restTargets = (): Array<[string, string]> =>
  mountedRoutes()
    .filter((r) => !NOT_FUZZED.has(r.path))
    .map((r) => [r.method, r.path])

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))
const fill = (path: string, value: unknown) => path.replace(/:[a-zA-Z]+/g, encodeURIComponent(text(value).slice(0, 200)).replace(/%2F/gi, '') || 'x')

const ROLES = ['anonymous', 'client', 'reseller', 'admin'] as const
type Role = (typeof ROLES)[number]

/**
 * The fuzzer's cases on one engine, as a describe block; skipped when the engine is not in the
 * run (PostgreSQL without TEST_DATABASE_URL). One test file per engine
 * (tests/integration/bad-input-fuzz*.test.ts), so that the two engines run in two workers side
 * by side instead of one after the other in the run's longest file.
 */
export function describeBadInput(engine: Engine): void {
  describe.skipIf(!engines.includes(engine))(`bad input on ${engine}`, () => {
    let t: TestApp
    const tokens: Partial<Record<Role, string>> = {}
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

    const failures: string[] = []
    let cases = 0
    const check = (label: string, status: number, body: unknown) => {
      const text = JSON.stringify(body)
      if (status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) failures.push(`${label} → ${status} ${text.slice(0, 300)}`)
    }
    const auth = (role: Role): Record<string, string> => (tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {})

    /** One GraphQL case as a GraphQL-over-HTTP client: a request the server refuses before running it is a 4xx. */
    async function sendGraphql(target: Target, variables: Record<string, unknown>, role: Role, label: string) {
      cases++
      const headers = { accept: 'application/graphql-response+json', ...auth(role) }
      const res = await t.json('POST', '/graphql', { query: target.query, variables }, headers)
      const where = `${target.name} ${label} ${role} ${JSON.stringify(variables).slice(0, 200)}`
      check(where, res.status, res.body)
      if (res.body && typeof res.body === 'object' && !('data' in res.body) && (res.status < 400 || res.status >= 500)) {
        failures.push(`${where} → a request error answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
      }
    }

    /** One REST case: `query` goes in the query string of a GET, else the body (a string is sent as it is). */
    async function sendRest(method: string, url: string, query: Record<string, unknown>, body: unknown, role: Role, label: string) {
      cases++
      const res =
        method === 'GET'
          ? await t.json('GET', `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, text(v).slice(0, 500)]))}`, undefined, auth(role))
          : await t.json(method, url, body, auth(role))
      check(`${method} ${url} ${label} ${role}`, res.status, res.body)
    }

    beforeAll(async () => {
      // Deadlines and admission stay as in production; the cases are sent one at a time.
      t = await createTestApp(engine, UNLIMITED_ABUSE)
      for (const role of ROLES) if (role !== 'anonymous') tokens[role] = (await t.loginAs(role)).accessToken
    })
    afterAll(() => t.close())

    it('answers every hostile case without a 5xx or INTERNAL_SERVER_ERROR, and writes nothing', { timeout: 240_000 }, async () => {
      failures.length = 0
      cases = 0
      const before = await counts()
      for (const target of graphqlTargets()) {
        const samples = fc.sample(target.args, { seed: SEED, numRuns: RUNS_PER_TARGET })
        for (const [i, variables] of samples.entries()) for (const role of ROLES) await sendGraphql(target, variables, role, `#${i}`)
      }
      for (const [method, path] of restTargets()) {
        const samples = fc.sample(fc.tuple(hostile, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 }), hostile), {
          seed: SEED,
          numRuns: RUNS_PER_TARGET,
        })
        for (const [i, [param, fields, raw]] of samples.entries()) {
          const body = i % 3 === 2 ? JSON.stringify(raw) : { ...fields, user: fields, task: fields, event: fields }
          for (const role of ROLES) await sendRest(method, fill(path, param), fields, body, role, `#${i}`)
        }
      }
      console.log(`bad-input fuzz (hostile) on ${engine}: ${cases} cases`)
      expect(failures).toEqual([])
      expect(cases).toBeGreaterThan(1000)
      const after = await counts()
      const changed = Object.keys(after)
        .filter((k) => after[k] !== before[k])
        .map((k) => `${k}: ${before[k]} → ${after[k]}`)
      expect(changed).toEqual([])
    })

    it('answers well-formed input at every edge without a 5xx or INTERNAL_SERVER_ERROR', { timeout: 240_000 }, async () => {
      failures.length = 0
      cases = 0
      for (const target of graphqlTargets()) {
        for (const [i, variables] of distinct(numericEdges().map((e) => argsAt(target.fields, e))).entries()) {
          for (const role of ROLES) await sendGraphql(target, variables, role, `edge #${i}`)
        }
        // Long strings are for the callers who get past authorization with most fields.
        for (const [i, variables] of distinct(lengthEdges().map((e) => argsAt(target.fields, e))).entries()) {
          for (const role of ['client', 'admin'] as const) await sendGraphql(target, variables, role, `length #${i}`)
        }
      }
      const numericNames = numericFieldNames(schema)
      for (const [method, path] of restTargets()) {
        for (const id of ID_EDGES) {
          const fields = Object.fromEntries(numericNames.map((n) => [n, id]))
          for (const role of ROLES) await sendRest(method, fill(path, id), fields, fields, role, `edge ${id}`)
        }
      }
      console.log(`bad-input fuzz (edges) on ${engine}: ${cases} cases`)
      expect(failures).toEqual([])
    })
  })
}
