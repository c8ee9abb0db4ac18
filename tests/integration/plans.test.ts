import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const PLAN_KEYS = ['img', 'monthlyPrice', 'planAdditions', 'planBenefits', 'popular', 'subtitle', 'title', 'yearlyPlan']
const PLANS =
  '{ plans { id name subtitle monthlyPrice yearlyPerMonth yearlyTotal benefits additions popular sortOrder limits { channels commands timers conversationAnswersPerMonth raidsPerDay } } }'

describe.each(engines)('plans and pricing on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it('offers the plans publicly, with coherent prices (in the spec shapes) and limits on real features only', async () => {
    const res = await t.gql(PLANS)
    expect(res.body.errors).toBeUndefined()
    const plans = res.body.data.plans
    expect(plans.map((p: any) => [p.name, p.monthlyPrice, p.yearlyPerMonth, p.yearlyTotal])).toEqual([
      ['Starter', 8, 6, 72],
      ['Headstarter', 15, 12, 144],
      ['Pro', 25, 20, 240],
      ['Custom', null, null, null],
    ])
    // A coherent catalogue: yearly is cheaper per month than monthly, and its total is 12 months of it.
    for (const plan of plans.slice(0, 3)) {
      expect(plan.yearlyPerMonth).toBeLessThan(plan.monthlyPrice)
      expect(plan.yearlyTotal).toBe(plan.yearlyPerMonth * 12)
    }
    expect(plans[0].limits).toEqual({ channels: 1, commands: 25, timers: 3, conversationAnswersPerMonth: 500, raidsPerDay: 1 })
    expect(plans[3].limits).toEqual({ channels: null, commands: null, timers: null, conversationAnswersPerMonth: null, raidsPerDay: 1 })
    // No audience faking anywhere in the plans (SCOPE.md).
    expect(JSON.stringify(plans)).not.toMatch(/viewbot|live viewers|chatters|views|follow bot/i)
  })

  it('answers /pricing/data in the spec shape, from the plans table', async () => {
    const res = await t.json('GET', '/pricing/data')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['basicPlan', 'standardPlan', 'enterprisePlan', 'customPlan', 'qandA'])
    for (const key of ['basicPlan', 'standardPlan', 'enterprisePlan', 'customPlan']) expect(Object.keys(res.body[key]).sort()).toEqual(PLAN_KEYS)
    expect(res.body.basicPlan).toEqual({
      title: 'Starter',
      img: null,
      subtitle: 'For channels getting started',
      monthlyPrice: 8,
      yearlyPlan: { perMonth: 6, totalAnual: 72 },
      planBenefits: ['Chat bot with custom commands', 'Timers', 'Follower analytics', 'VOD and clip library'],
      planAdditions: ['1 channel', '25 commands, 3 timers', '500 conversation answers a month'],
      popular: false,
    })
    expect(res.body.standardPlan).toMatchObject({ title: 'Headstarter', popular: true, monthlyPrice: 15, yearlyPlan: { perMonth: 12, totalAnual: 144 } })
    expect(res.body.customPlan).toMatchObject({ title: 'Custom', monthlyPrice: null, yearlyPlan: { perMonth: null, totalAnual: null } })
    expect(res.body.qandA.map((q: any) => Object.keys(q).sort())).toEqual(res.body.qandA.map(() => ['ans', 'question']))
    const questions = res.body.qandA.map((q: any) => q.question)
    expect(questions).toContain('Which languages does the assistant speak?')
    expect(questions).toContain('How often can I raid?')
    expect(questions).not.toContain('How often can I raid on Kick?')
    expect(res.body.basicPlan.planBenefits).not.toContain('One raid per 24 h')
  })

  it('answers /pricing/kick/data with the Kick raid rule', async () => {
    const res = await t.json('GET', '/pricing/kick/data')
    expect(res.status).toBe(200)
    for (const key of ['basicPlan', 'standardPlan', 'enterprisePlan', 'customPlan']) {
      expect(res.body[key].planBenefits.at(-1)).toBe('One raid per 24 h')
    }
    expect(res.body.qandA).toContainEqual({ question: 'How often can I raid on Kick?', ans: 'One raid per 24 h per channel.' })
    expect(res.body.qandA.map((q: any) => q.question)).not.toContain('How often can I raid?')
    const gql = await t.gql('{ pricingQuestions(platform: kick) { question ans } }')
    expect(gql.body.data.pricingQuestions).toEqual(res.body.qandA)
  })

  it('lets only admins change a plan; the pricing follows at once; audited', async () => {
    const UPDATE = 'mutation($id: ID!, $i: UpdatePlanInput!) { updatePlan(id: $id, input: $i) { name monthlyPrice benefits limits { timers channels } } }'
    const client = await t.loginAs('client')
    const reseller = await t.loginAs('reseller')
    for (const token of [client.accessToken, reseller.accessToken]) {
      expect((await t.gql(UPDATE, { id: '1', i: { monthlyPrice: 1 } }, token)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    }
    expect((await t.gql(UPDATE, { id: '1', i: { monthlyPrice: 1 } })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    const admin = (await t.loginAs('admin')).accessToken
    for (const i of [{ monthlyPrice: -1 }, { monthlyPrice: 1.234 }, { benefits: [''] }, { limits: { timers: -3 } }]) {
      const bad = await t.gql(UPDATE, { id: '1', i }, admin)
      expect(bad.body.errors[0].extensions.code, JSON.stringify(i)).toBe('BAD_USER_INPUT')
    }
    expect((await t.gql(UPDATE, { id: '99', i: { monthlyPrice: 9 } }, admin)).body.errors[0].extensions.code).toBe('NOT_FOUND')
    const ok = await t.gql(UPDATE, { id: '1', i: { monthlyPrice: 9.5, benefits: ['Chat bot'], limits: { timers: 5 } } }, admin)
    expect(ok.body.data.updatePlan).toEqual({ name: 'Starter', monthlyPrice: 9.5, benefits: ['Chat bot'], limits: { timers: 5, channels: 1 } })
    const pricing = await t.json('GET', '/pricing/data')
    expect(pricing.body.basicPlan).toMatchObject({ monthlyPrice: 9.5, planBenefits: ['Chat bot'] })
    const log = await t.gql('{ auditLog(first: 1, entity: "plan") { edges { node { action entityId before after } } } }', {}, admin)
    const entry = log.body.data.auditLog.edges[0].node
    expect(entry).toMatchObject({ action: 'plan.update', entityId: '1' })
    expect(JSON.parse(entry.before)).toMatchObject({ monthlyPrice: 8 })
    expect(JSON.parse(entry.after)).toMatchObject({ monthlyPrice: 9.5, limits: { timers: 5 } })
  })

  it("answers plan texts and the Q and A in the caller's language (argument, else Accept-Language), English where not translated", async () => {
    const german = await t.json('GET', '/pricing/data', undefined, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    expect(german.body.basicPlan).toMatchObject({ title: 'Starter', subtitle: 'Für Kanäle, die gerade anfangen' })
    expect(german.body.standardPlan.planBenefits[0]).toBe('Alles aus Starter')
    expect(german.body.qandA[0]).toEqual({ question: 'Welche Sprachen spricht der Assistent?', ans: expect.stringContaining('Portugiesisch') })
    const kick = await t.json('GET', '/pricing/kick/data', undefined, { 'accept-language': 'fr' })
    expect(kick.body.basicPlan.planBenefits.at(-1)).toBe('Un raid par 24 h')
    // Accept-Language through GraphQL; the argument wins over it; an unknown language is English.
    const viaHeader = await t.json(
      'POST',
      '/graphql',
      { query: '{ plans { name subtitle locale translated } pricingQuestions { question locale } }' },
      { 'accept-language': 'pt' },
    )
    expect(viaHeader.body.data.plans[1]).toEqual({
      name: 'Headstarter',
      subtitle: 'Para canais em crescimento',
      locale: 'pt',
      translated: ['en', 'de', 'fr', 'pt'],
    })
    expect(viaHeader.body.data.pricingQuestions[1]).toEqual({ question: 'Como posso pagar?', locale: 'pt' })
    const viaArg = await t.json('POST', '/graphql', { query: '{ plans(locale: en) { subtitle } }' }, { 'accept-language': 'pt' })
    expect(viaArg.body.data.plans[1].subtitle).toBe('For growing channels')
    const unknown = await t.json('GET', '/pricing/data', undefined, { 'accept-language': 'ja' })
    expect(unknown.body.basicPlan.subtitle).toBe('For channels getting started')
    // The languages answer claims only what the product does.
    expect((await t.json('GET', '/pricing/data')).body.qandA[0].ans).not.toBe('English, German and French, in chat and in the dashboard.')
  })

  it("lets admins write a plan's texts and a question per language; the other languages keep theirs; bad input changes nothing", async () => {
    const UPDATE =
      'mutation($id: ID!, $i: UpdatePlanInput!, $l: PlanLocale) { updatePlan(id: $id, input: $i, locale: $l) { subtitle benefits locale monthlyPrice } }'
    const QUESTION =
      'mutation($id: ID!, $l: PlanLocale, $q: String!, $a: String!) { updatePricingQuestion(id: $id, locale: $l, question: $q, answer: $a) { id question ans locale } }'
    const admin = (await t.loginAs('admin')).accessToken
    const client = (await t.loginAs('client')).accessToken
    expect((await t.gql(UPDATE, { id: '3', i: { subtitle: 'x' }, l: 'fr' }, client)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    expect((await t.gql(QUESTION, { id: '1', l: 'fr', q: 'x', a: 'y' }, client)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    const fr = await t.gql(UPDATE, { id: '3', i: { subtitle: 'Pour les grandes chaînes', benefits: ['Tout', 'Plus'], monthlyPrice: 26 }, l: 'fr' }, admin)
    expect(fr.body.data.updatePlan).toEqual({ subtitle: 'Pour les grandes chaînes', benefits: ['Tout', 'Plus'], locale: 'fr', monthlyPrice: 26 })
    const plans = async (l: string) => (await t.gql(`{ plans(locale: ${l}) { subtitle benefits monthlyPrice } }`)).body.data.plans[2]
    expect(await plans('en')).toEqual({
      subtitle: 'For established channels',
      benefits: ['Everything in Headstarter', 'Twitch and Kick', 'Priority support'],
      monthlyPrice: 26,
    })
    expect((await plans('de')).subtitle).toBe('Für etablierte Kanäle')
    expect((await plans('fr')).subtitle).toBe('Pour les grandes chaînes')
    for (const [q, a] of [
      ['', 'y'],
      ['x', ''],
      ['x'.repeat(301), 'y'],
    ]) {
      expect((await t.gql(QUESTION, { id: '2', l: 'de', q, a }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    }
    expect((await t.gql(QUESTION, { id: '999', l: 'de', q: 'x', a: 'y' }, admin)).body.errors[0].extensions.code).toBe('NOT_FOUND')
    const de = await t.gql(QUESTION, { id: '2', l: 'de', q: 'Wie zahle ich?', a: 'Per Überweisung.' }, admin)
    expect(de.body.data.updatePricingQuestion).toEqual({ id: '2', question: 'Wie zahle ich?', ans: 'Per Überweisung.', locale: 'de' })
    const questions = async (l: string) =>
      (await t.gql(`{ pricingQuestions(locale: ${l}) { id question } }`)).body.data.pricingQuestions.find((q: any) => q.id === '2').question
    expect(await questions('de')).toBe('Wie zahle ich?')
    expect(await questions('en')).toBe('How can I pay?')
    expect(await questions('pt')).toBe('Como posso pagar?')
    const log = await t.gql('{ auditLog(first: 1, entity: "pricingQuestion") { edges { node { action entityId } } } }', {}, admin)
    expect(log.body.data.auditLog.edges[0].node).toEqual({ action: 'pricingQuestion.update', entityId: '2' })
  })

  it("tells a licence product made from a plan in the caller's language; a description an admin wrote stays as written", async () => {
    const token = (await t.loginAs('client')).accessToken
    const shop = async (lang: string) =>
      (
        await t.json(
          'POST',
          '/graphql',
          { query: '{ shopProducts(perPage: 50) { products { name description } } }' },
          { authorization: `Bearer ${token}`, 'accept-language': lang },
        )
      ).body.data.shopProducts.products
    const english = (await shop('en')).find((p: any) => p.name === 'Headstarter — 30 days')
    const german = (await shop('de')).find((p: any) => p.name === 'Headstarter — 30 days')
    expect(english.description).toBe('For growing channels. Everything in Starter. Conversation bot. Raid panel. Category command sets')
    expect(german.description).toBe('Für wachsende Kanäle. Alles aus Starter. Gesprächsbot. Raid-Panel. Befehlssets je Kategorie')
  })
})
