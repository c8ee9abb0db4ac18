import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'
import { markdownToHtml } from '../../server/src/modules/help/markdown'

const SAVE = 'mutation($kind: HelpEntryKind!, $id: ID, $input: HelpEntryInput!) { saveHelpEntry(kind: $kind, id: $id, input: $input) }'
const DELETE = 'mutation($kind: HelpEntryKind!, $id: ID!) { deleteHelpEntry(kind: $kind, id: $id) }'
const MOVE = 'mutation($kind: HelpEntryKind!, $id: ID!, $d: MoveDirection!) { moveHelpEntry(kind: $kind, id: $id, direction: $d) }'
const FAQ = 'query($locale: HelpLocale, $q: String) { faq(locale: $locale, q: $q) { id key icon title subtitle questions { id question answer } } }'
const EDITOR =
  '{ helpEditor { faq { entryId kind slug position translations { locale title body } children { entryId kind position translations { locale title body } } } knowledgeBase { entryId slug children { entryId slug } } } }'

const HELP_TABLES = [
  'help_faq_categories',
  'help_faq_category_texts',
  'help_faq_questions',
  'help_faq_question_texts',
  'help_kb_categories',
  'help_kb_category_texts',
  'help_kb_articles',
  'help_kb_article_texts',
  'audit_log',
]

describe.each(engines)('help centre on %s', (engine) => {
  let t: TestApp
  let client: string
  let reseller: string
  let admin: string

  const get = (path: string, token: string | null = client, headers: Record<string, string> = {}) =>
    t.json('GET', path, undefined, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers })

  /** Row counts of every help table and the audit log: a refused change must leave all of them alone. */
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {}
    for (const table of HELP_TABLES) {
      const rows = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))
      const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ n: number }> }).rows) as Array<{ n: number }>
      out[table] = Number(list[0]!.n)
    }
    return out
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    client = (await t.loginAs('client')).accessToken
    reseller = (await t.loginAs('reseller')).accessToken
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it('answers GET /faq/data in the spec shape, seeded for this product', async () => {
    const res = await get('/faq/data')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['getting-started', 'bot-modules', 'plans-and-limits', 'fair-play', 'troubleshooting'])
    for (const category of Object.values<any>(res.body)) {
      expect(Object.keys(category).sort()).toEqual(['icon', 'qandA', 'subtitle', 'title'])
      expect(category.qandA.length).toBeGreaterThanOrEqual(3)
      for (const qa of category.qandA) expect(Object.keys(qa).sort()).toEqual(['ans', 'question'])
    }
    expect(res.body['bot-modules'].title).toBe('Bot modules')
    expect(res.body['fair-play'].qandA[0]).toEqual({
      question: 'Do you offer viewer bots or follow bots?',
      ans: expect.stringContaining('never fakes an audience'),
    })
    const all = JSON.stringify(res.body)
    for (const topic of ['conversation bot', 'category chat bot', 'timer', 'raid', 'licence', 'Kick', 'sandbox', 'Starter']) expect(all).toContain(topic)
    expect(all).not.toMatch(/lorem|ipsum|cupcake/i)
  })

  it('searches in the database in each language, any case, question and answer', async () => {
    const cases: Array<[string, string, string]> = [
      ['en', 'SANDBOX', 'What is the sandbox channel?'],
      ['de', 'zuschauer-bots', 'Bietet ihr Zuschauer-Bots oder Follow-Bots an?'],
      ['fr', 'minuteur', 'Comment fonctionnent les minuteurs ?'],
      ['pt', 'licença', 'Como ativo a minha licença?'],
    ]
    for (const [lang, q, question] of cases) {
      const res = await get(`/faq/data?lang=${lang}&q=${encodeURIComponent(q)}`)
      expect(res.status, lang).toBe(200)
      const questions = Object.values<any>(res.body).flatMap((c) => c.qandA.map((x: any) => x.question))
      expect(questions, lang).toContain(question)
      // Every hit holds the query in its own language's text.
      for (const c of Object.values<any>(res.body)) for (const x of c.qandA) expect(`${x.question} ${x.ans}`.toLowerCase()).toContain(q.toLowerCase())
    }
    // A German word is not found in the English texts, and the answer text is searched too.
    expect(await get('/faq/data?lang=en&q=zuschauer')).toEqual({ status: 200, body: {} })
    const byAnswer = await get('/faq/data?lang=en&q=AES-256')
    expect(byAnswer.status).toBe(200)
    // LIKE wildcards are plain characters.
    expect((await get('/faq/data?q=%25%25%25')).body).toEqual({})
    expect((await get('/faq/data?q=___')).body).toEqual({})
    // Accept-Language picks the language when no lang is given.
    const de = await get('/faq/data', client, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })
    expect(de.body['bot-modules'].title).toBe('Bot-Module')
  })

  it('answers the knowledge-base routes in the spec shapes; an unknown slug is a 404 with no body', async () => {
    const home = await get('/kb/data/knowledge_base?lang=en')
    expect(home.status).toBe(200)
    expect(home.body.map((c: any) => c.category)).toEqual(['getting-started', 'bot-modules', 'fair-play-and-privacy'])
    for (const c of home.body) expect(Object.keys(c).sort()).toEqual(['category', 'desc', 'id', 'img', 'title'])

    const category = await get('/kb/data/category?category=bot-modules&lang=de')
    expect(category.status).toBe(200)
    expect(category.body).toHaveLength(1)
    expect(Object.keys(category.body[0]).sort()).toEqual(['icon', 'iconColor', 'id', 'questions', 'title'])
    expect(category.body[0].title).toBe('Bot-Module')
    expect(category.body[0].questions[0]).toEqual({ id: expect.any(Number), question: 'Chatbefehle schreiben', slug: 'chat-commands' })
    expect((await get('/kb/data/category')).body).toHaveLength(3)

    const question = await get('/kb/data/question?slug=fair-play-rule&lang=fr')
    expect(question.status).toBe(200)
    expect(Object.keys(question.body).sort()).toEqual(['content', 'lastUpdated', 'relatedQuestions', 'title'])
    expect(question.body.title).toBe('La règle du fair-play')
    expect(question.body.content).toContain('<li>pas de bots de spectateurs</li>')
    expect(question.body.lastUpdated).toMatch(/^\d{1,2} \S+ \d{4}$/)
    expect(question.body.relatedQuestions).toEqual([{ id: expect.any(Number), question: 'Tes jetons et tes données' }])

    for (const path of [
      '/kb/data/question?slug=no-such-article',
      '/kb/data/category?category=no-such-category',
      '/kb/data/question?slug=raids&category=getting-started',
      '/kb/data/nothing',
      '/faq/elsewhere',
    ]) {
      const res = await t.app.request(path, { headers: { authorization: `Bearer ${client}` } })
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toBe('')
    }
  })

  it('searches the knowledge base in each language, any case', async () => {
    const cases: Array<[string, string, string]> = [
      ['en', 'pkce', 'connect-twitch-and-kick'],
      ['de', 'ABKLINGZEITEN', 'chat-commands'],
      ['fr', 'FAUX CHATTEURS', 'fair-play-rule'],
      ['pt', 'temporizador', 'timers-and-categories'],
    ]
    for (const [lang, q, slug] of cases) {
      const gql = await t.gql('query($l: HelpLocale, $q: String) { knowledgeBase(locale: $l, q: $q) { slug articles { slug } } }', { l: lang, q }, client)
      const slugs = gql.body.data.knowledgeBase.flatMap((c: any) => c.articles.map((a: any) => a.slug))
      expect(slugs, lang).toContain(slug)
    }
    // REST: the categories holding a match, and their matching questions.
    const home = await get('/kb/data/knowledge_base?lang=de&q=abklingzeiten')
    expect(home.body.map((c: any) => c.category)).toEqual(['bot-modules'])
    const category = await get('/kb/data/category?category=bot-modules&lang=pt&q=temporizador')
    expect(category.body[0].questions.map((x: any) => x.slug)).toEqual(['timers-and-categories'])
  })

  it('refuses bad input with a coded 400', async () => {
    for (const path of [
      '/faq/data?lang=es',
      `/faq/data?q=${'x'.repeat(101)}`,
      '/kb/data/question',
      '/kb/data/question?slug=Not%20A%20Slug',
      '/kb/data/category?category=%3Cscript%3E',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(res.body.code, path).toBe('BAD_USER_INPUT')
    }
    const gql = await t.gql('{ kbArticle(slug: "../etc") { id } }', {}, client)
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
  })

  it('needs a sign-in to read, as its pages do', async () => {
    for (const path of ['/faq/data', '/kb/data/knowledge_base', '/kb/data/category', '/kb/data/question?slug=raids']) {
      const res = await get(path, null)
      expect(res.status, path).toBe(401)
      expect(res.body.code).toBe('UNAUTHENTICATED')
    }
    expect((await t.gql(FAQ, {})).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    for (const token of [client, reseller, admin]) {
      const res = await t.gql(FAQ, { locale: 'pt' }, token)
      expect(res.body.errors).toBeUndefined()
      expect(res.body.data.faq[0].title).toBe('Primeiros passos')
    }
  })

  it('answers the same through GraphQL as through REST', async () => {
    const rest = await get('/faq/data?lang=de&q=bot')
    const gql = await t.gql(FAQ, { locale: 'de', q: 'bot' }, client)
    const asRest = Object.fromEntries(
      gql.body.data.faq.map((c: any) => [
        c.key,
        { icon: c.icon, title: c.title, subtitle: c.subtitle, qandA: c.questions.map((q: any) => ({ question: q.question, ans: q.answer })) },
      ]),
    )
    expect(asRest).toEqual(rest.body)

    const kb = await t.gql('query { knowledgeBase(locale: fr, q: "PKCE") { slug articles { slug title } } }', {}, client)
    expect(kb.body.data.knowledgeBase).toEqual([
      { slug: 'getting-started', articles: [{ slug: 'connect-twitch-and-kick', title: 'Connecter Twitch et Kick' }] },
    ])
    const article = await t.gql('query { kbArticle(slug: "raids", locale: pt) { title html category { slug title } related { slug } } }', {}, client)
    expect(article.body.data.kbArticle).toMatchObject({ title: 'Raids e anúncios de raid', category: { slug: 'bot-modules', title: 'Módulos do bot' } })
    expect(article.body.data.kbArticle.related.map((r: any) => r.slug)).toEqual(['chat-commands', 'timers-and-categories', 'conversation-bot'])
    expect((await t.gql('{ kbArticle(slug: "nope") { id } kbCategory(slug: "nope") { id } }', {}, client)).body.data).toEqual({
      kbArticle: null,
      kbCategory: null,
    })
  })

  it('lets only admins edit; a missing translation reads in English; audited in the same transaction', async () => {
    const input = {
      categoryId: '1',
      translations: [{ locale: 'en', title: 'Can moderators edit commands?', body: 'Not yet: only the channel owner edits commands.' }],
    }
    for (const [token, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [client, 'FORBIDDEN'],
      [reseller, 'FORBIDDEN'],
    ] as const) {
      const before = await counts()
      const res = await t.gql(SAVE, { kind: 'faqQuestion', input }, token)
      expect(res.body.errors[0].extensions.code).toBe(code)
      expect((await t.gql(EDITOR, {}, token)).body.errors[0].extensions.code).toBe(code)
      expect((await t.gql(DELETE, { kind: 'faqQuestion', id: '1' }, token)).body.errors[0].extensions.code).toBe(code)
      expect((await t.gql(MOVE, { kind: 'faqQuestion', id: '1', d: 'down' }, token)).body.errors[0].extensions.code).toBe(code)
      expect(await counts()).toEqual(before)
    }

    const created = await t.gql(SAVE, { kind: 'faqQuestion', input }, admin)
    expect(created.body.errors).toBeUndefined()
    const id = created.body.data.saveHelpEntry
    // Only English exists: every language finds it, in English.
    for (const lang of ['en', 'de', 'fr', 'pt']) {
      const res = await get(`/faq/data?lang=${lang}&q=moderators%20edit`)
      expect(res.body['getting-started'].qandA, lang).toEqual([
        { question: 'Can moderators edit commands?', ans: 'Not yet: only the channel owner edits commands.' },
      ])
    }
    // Now in German too: the German text is found in German, the English one no longer.
    const updated = await t.gql(
      SAVE,
      {
        kind: 'faqQuestion',
        id,
        input: { categoryId: '1', translations: [...input.translations, { locale: 'de', title: 'Dürfen Moderatoren Befehle ändern?', body: 'Noch nicht.' }] },
      },
      admin,
    )
    expect(updated.body.errors).toBeUndefined()
    expect((await get('/faq/data?lang=de&q=moderatoren')).body['getting-started'].qandA).toEqual([
      { question: 'Dürfen Moderatoren Befehle ändern?', ans: 'Noch nicht.' },
    ])
    expect((await get('/faq/data?lang=de&q=moderators%20edit')).body).toEqual({})

    const log = await t.gql(
      'query($id: String) { auditLog(entity: "faqQuestion", entityId: $id) { edges { node { action actorRole before after } } } }',
      { id },
      admin,
    )
    const entries = log.body.data.auditLog.edges.map((e: any) => e.node)
    expect(entries.map((e: any) => e.action)).toEqual(['faqQuestion.update', 'faqQuestion.create'])
    expect(entries[1].before).toBeNull()
    expect(JSON.parse(entries[0].before).translations).toHaveLength(1)
    expect(JSON.parse(entries[0].after).translations.map((x: any) => x.locale)).toEqual(['en', 'de'])

    const moved = await t.gql(MOVE, { kind: 'faqQuestion', id, d: 'up' }, admin)
    expect(moved.body.data.moveHelpEntry).toBe(true)
    const order = (await t.gql(EDITOR, {}, admin)).body.data.helpEditor.faq[0].children.map((c: any) => c.entryId)
    expect(order.at(-2)).toBe(id)

    const deleted = await t.gql(DELETE, { kind: 'faqQuestion', id }, admin)
    expect(deleted.body.data.deleteHelpEntry).toBe(true)
    expect((await get('/faq/data?q=moderators%20edit')).body).toEqual({})
    const afterDelete = await t.gql('query($id: String) { auditLog(entity: "faqQuestion", entityId: $id) { edges { node { action } } } }', { id }, admin)
    expect(afterDelete.body.data.auditLog.edges.map((e: any) => e.node.action)).toEqual([
      'faqQuestion.delete',
      'faqQuestion.move',
      'faqQuestion.update',
      'faqQuestion.create',
    ])
    expect((await t.gql(DELETE, { kind: 'faqQuestion', id }, admin)).body.errors[0].extensions.code).toBe('NOT_FOUND')
  })

  it('refuses bad edits with a coded error and writes nothing', async () => {
    const en = (title: string, body: string) => ({ locale: 'en', title, body })
    const bad: Array<[string, string | undefined, Record<string, unknown>, string]> = [
      ['faqQuestion', undefined, { categoryId: '1', translations: [{ locale: 'de', title: 'Nur Deutsch', body: 'Kein Englisch.' }] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { categoryId: '1', translations: [en('Q', 'A'), en('Q2', 'A2')] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { categoryId: '1', translations: [en('', 'A')] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { categoryId: '1', translations: [en('Q', 'x'.repeat(4001))] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { categoryId: '999999', translations: [en('Q', 'A')] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { categoryId: 'abc', translations: [en('Q', 'A')] }, 'BAD_USER_INPUT'],
      ['faqQuestion', undefined, { slug: 'no-slug-here', categoryId: '1', translations: [en('Q', 'A')] }, 'BAD_USER_INPUT'],
      ['faqCategory', undefined, { key: 'Bad Key', translations: [en('T', '')] }, 'BAD_USER_INPUT'],
      ['faqCategory', undefined, { key: 'getting-started', translations: [en('T', '')] }, 'CONFLICT'],
      ['kbArticle', undefined, { categoryId: '1', slug: 'raids', translations: [en('T', 'Body')] }, 'CONFLICT'],
      ['kbCategory', undefined, { slug: 'new-one', img: 'javascript:alert(1)', translations: [en('T', '')] }, 'BAD_USER_INPUT'],
      ['kbCategory', undefined, { slug: 'new-one', icon: '<svg onload=x>', translations: [en('T', '')] }, 'BAD_USER_INPUT'],
      ['kbArticle', '999999', { categoryId: '1', slug: 'x', translations: [en('T', 'Body')] }, 'NOT_FOUND'],
      ['faqQuestion', '0', { categoryId: '1', translations: [en('Q', 'A')] }, 'BAD_USER_INPUT'],
    ]
    const before = await counts()
    for (const [kind, id, input, code] of bad) {
      const res = await t.gql(SAVE, { kind, id, input }, admin)
      expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe(code)
    }
    expect((await t.gql(DELETE, { kind: 'kbArticle', id: '999999' }, admin)).body.errors[0].extensions.code).toBe('NOT_FOUND')
    expect((await t.gql(MOVE, { kind: 'kbArticle', id: 'x', d: 'up' }, admin)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect(await counts()).toEqual(before)
  })

  it('renders article bodies with every typed character escaped', async () => {
    expect(
      markdownToHtml('<script>alert(1)</script>\n\n**bold** [x](javascript:alert(1)) [ok](https://example.org/a?b=1&c=2) <img src=x onerror=alert(1)>'),
    ).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p><strong>bold</strong> [x](javascript:alert(1)) <a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">ok</a> &lt;img src=x onerror=alert(1)&gt;</p>',
    )
    const created = await t.gql(
      SAVE,
      {
        kind: 'kbArticle',
        input: {
          categoryId: '1',
          slug: 'escaped',
          translations: [{ locale: 'en', title: '<b>T</b>', body: '## Hi\n\n<script>x</script> "quoted" [y](/pages/faq)' }],
        },
      },
      admin,
    )
    expect(created.body.errors).toBeUndefined()
    const res = await get('/kb/data/question?slug=escaped&lang=de')
    expect(res.body.title).toBe('<b>T</b>')
    expect(res.body.content).toBe('<h3>Hi</h3><p>&lt;script&gt;x&lt;/script&gt; &quot;quoted&quot; <a href="/pages/faq" rel="noopener noreferrer">y</a></p>')
    const log = await t.gql(
      'query($id: String) { auditLog(entity: "kbArticle", entityId: $id) { edges { node { action after } } } }',
      { id: created.body.data.saveHelpEntry },
      admin,
    )
    expect(log.body.data.auditLog.edges[0].node.action).toBe('kbArticle.create')
    expect(JSON.parse(log.body.data.auditLog.edges[0].node.after)).toMatchObject({ slug: 'escaped', categoryId: 1 })
  })

  it('deletes a category with its entries, after which its slug is a 404', async () => {
    const editor = (await t.gql(EDITOR, {}, admin)).body.data.helpEditor
    const fair = editor.knowledgeBase.find((c: any) => c.slug === 'fair-play-and-privacy')
    const res = await t.gql(DELETE, { kind: 'kbCategory', id: fair.entryId }, admin)
    expect(res.body.data.deleteHelpEntry).toBe(true)
    expect((await get('/kb/data/category?category=fair-play-and-privacy')).status).toBe(404)
    expect((await get('/kb/data/question?slug=fair-play-rule')).status).toBe(404)
    const log = await t.gql(
      'query($id: String) { auditLog(entity: "kbCategory", entityId: $id) { edges { node { action before } } } }',
      { id: fair.entryId },
      admin,
    )
    expect(JSON.parse(log.body.data.auditLog.edges[0].node.before).articles).toHaveLength(2)
  })

  it('uses the trigram index for the search', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'))
      return JSON.stringify(
        await tx.execute(sql.raw(`explain select question_id from help_faq_question_texts where lower(question || ' ' || answer) like lower('%sandbox%')`)),
      )
    })
    expect(plan).toContain('help_faq_question_texts_trgm_idx')
  })
})
