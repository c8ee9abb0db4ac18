/**
 * Ids at their columns' ends: plans, pricing questions and products have int4 ids, the rest
 * int8 read as JS numbers. One past the end is a malformed id (BAD_USER_INPUT on GraphQL, 404
 * on a REST path), answered before any SQL; it used to overflow the int4 column (a 500). The
 * bad-input fuzzer sends these edges to every field; this names the ones that failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const INT4_PAST = String(2 ** 31)
const INT8_PAST = '9007199254740992' // 2^53: no longer exact as a JS number

const FIELDS: Array<[string, string, Record<string, unknown>]> = [
  ['shopProduct', 'query($id: ID!) { shopProduct(id: $id) { id } }', {}],
  ['removeProduct', 'mutation($id: ID!) { removeProduct(id: $id) { id } }', {}],
  ['updatePlan', 'mutation($id: ID!) { updatePlan(id: $id, input: { popular: false }) { id } }', {}],
  ['updatePricingQuestion', 'mutation($id: ID!) { updatePricingQuestion(id: $id, question: "Q?", answer: "A.") { id } }', {}],
  ['licences(planId)', 'query($id: ID) { licences(planId: $id) { totalCount } }', {}],
  ['generateLicences(planId)', 'mutation($i: GenerateLicencesInput!) { generateLicences(input: $i) { id } }', { i: { totalDays: 1, count: 1 } }],
  ['user (int8)', 'query($id: ID!) { user(id: $id) { id } }', {}],
]

describe.each(engines)('ids past their column on %s', (engine) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it.each(FIELDS)('%s: one past the end is BAD_USER_INPUT, not SQL', async (name, query, extra) => {
    const id = name.includes('int8') ? INT8_PAST : INT4_PAST
    const variables = 'i' in extra ? { i: { ...(extra.i as object), planId: id } } : { id }
    const res = await t.gql(query, variables, admin)
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' })
  })

  it.each([
    ['/apps/ecommerce/products/', INT4_PAST],
    ['/apps/invoice/invoices/', INT8_PAST],
    ['/apps/user/users/', INT8_PAST],
  ])('GET %s<id past the end> is 404', async (path, id) => {
    const res = await t.json('GET', `${path}${id}`, undefined, { authorization: `Bearer ${admin}` })
    expect(res.status).toBe(404)
  })
})
