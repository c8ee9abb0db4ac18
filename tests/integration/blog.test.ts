import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'
import { blogSeed } from '../../seed/blog'

const POSTS =
  'query($q: String, $tag: String, $status: BlogStatus, $page: Int, $perPage: Int) { blogPosts(q: $q, tag: $tag, status: $status, page: $page, perPage: $perPage) { total page perPage posts { id slug title status tags commentCount author { name } } } }'
const POST =
  'query($ref: String!) { blogPost(ref: $ref) { id slug title status content coverImage commentCount comments { id text hidden mine author { name } } } }'
const SAVE = 'mutation($id: ID, $input: BlogPostInput!) { saveBlogPost(id: $id, input: $input) { id slug title status content tags coverImage publishedAt } }'
const DELETE = 'mutation($id: ID!) { deleteBlogPost(id: $id) }'
const COMMENT = 'mutation($postId: ID!, $text: String!) { addBlogComment(postId: $postId, text: $text) { id text mine hidden author { name } } }'
const DELETE_COMMENT = 'mutation($id: ID!) { deleteBlogComment(id: $id) }'
const MODERATE = 'mutation($id: ID!, $hidden: Boolean!) { moderateBlogComment(id: $id, hidden: $hidden) { id hidden } }'

describe.each(engines)('blog on %s', (engine) => {
  let t: TestApp
  let client: string
  let reseller: string
  let admin: string
  const { ok, code } = gqlCaller(
    () => t,
    () => admin,
  )

  const get = (path: string, token: string | null = client) => t.json('GET', path, undefined, token ? { authorization: `Bearer ${token}` } : {})
  const post = (path: string, body: unknown, token: string | null = admin) => t.json('POST', path, body, token ? { authorization: `Bearer ${token}` } : {})

  /** Rows of the blog tables and the audit log: a refused change leaves all of them alone. */
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {}
    for (const table of ['blog_posts', 'blog_comments', 'audit_log']) {
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

  it('answers GET /blog/list/data in the documented shape, newest first, paged and searched in the database', async () => {
    const res = await t.app.request('/blog/list/data?perPage=50', { headers: { authorization: `Bearer ${client}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total-count')).toBe(String(blogSeed.length))
    const items = (await res.json()) as any[]
    expect(items.map((p) => p.slug)).toEqual([...blogSeed].sort((a, b) => a.daysAgo - b.daysAgo).map((p) => p.slug))
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['avatar', 'blogPosted', 'comment', 'excerpt', 'id', 'img', 'slug', 'status', 'tags', 'title', 'userFullName'])
      expect(item.blogPosted).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      expect(item.userFullName).toBe('Demo Admin')
      expect(item.status).toBe('Published')
    }
    expect(items.find((p) => p.slug === 'chat-commands-in-five-minutes').comment).toBe(2)
    const all = JSON.stringify(items)
    expect(all).not.toMatch(/lorem|ipsum|viewer bot|follow bot|buy (viewers|followers)/i)

    const page2 = await get('/blog/list/data?perPage=2&page=2')
    expect(page2.body.map((p: any) => p.slug)).toEqual(items.slice(2, 4).map((p) => p.slug))
    const searched = await get('/blog/list/data?q=SANDBOX')
    expect(searched.body.map((p: any) => p.slug)).toEqual(['try-everything-in-the-sandbox-channel', 'chat-commands-in-five-minutes'])
    const tagged = await get('/blog/list/data?tag=Raids')
    expect(tagged.body.map((p: any) => p.slug)).toEqual(['raid-panel-end-your-stream-with-a-raid'])
    // LIKE wildcards are plain characters; bad paging is a coded 400.
    expect((await get('/blog/list/data?q=%25%25')).body).toEqual([])
    expect(await get('/blog/list/data?page=0')).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', fields: { page: expect.any(Array) } } })
    expect(await get('/blog/list/data?perPage=500')).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } })
  })

  it('answers the sidebar and detail shapes; an unknown post is a 404 with no body', async () => {
    const sidebar = await get('/blog/list/data/sidebar')
    expect(sidebar.status).toBe(200)
    expect(Object.keys(sidebar.body).sort()).toEqual(['categories', 'recentPosts'])
    expect(sidebar.body.recentPosts).toHaveLength(5)
    for (const r of sidebar.body.recentPosts) expect(Object.keys(r).sort()).toEqual(['createdTime', 'id', 'img', 'slug', 'title'])
    // Counted independently from the seed.
    const expected = new Map<string, number>()
    for (const p of blogSeed) for (const tag of p.tags) expected.set(tag, (expected.get(tag) ?? 0) + 1)
    expect(new Map(sidebar.body.categories.map((c: any) => [c.category, c.count]))).toEqual(expected)
    expect(sidebar.body.categories[0]).toEqual({ category: 'How-to', count: 4 })

    const list = (await get('/blog/list/data?perPage=50')).body
    const commands = list.find((p: any) => p.slug === 'chat-commands-in-five-minutes')
    for (const ref of [String(commands.id), commands.slug]) {
      const detail = await get(`/blog/list/data/detail?id=${ref}`)
      expect(detail.status).toBe(200)
      expect(Object.keys(detail.body).sort()).toEqual(['blog', 'comments'])
      expect(Object.keys(detail.body.blog).sort()).toEqual([
        'avatar',
        'comments',
        'content',
        'createdTime',
        'excerpt',
        'id',
        'img',
        'slug',
        'status',
        'tags',
        'title',
        'userFullName',
      ])
      expect(detail.body.blog.comments).toBe(2)
      expect(detail.body.blog.content).toContain('<h2>Step by step</h2>')
      expect(detail.body.comments).toHaveLength(2)
      for (const c of detail.body.comments) expect(Object.keys(c).sort()).toEqual(['avatar', 'commentText', 'commentedAt', 'hidden', 'id', 'userFullName'])
    }
    for (const path of ['/blog/list/data/detail', '/blog/list/data/detail?id=999999', '/blog/list/data/detail?id=no-such-post']) {
      const res = await t.app.request(path, { headers: { authorization: `Bearer ${client}` } })
      expect([path, res.status, await res.text()]).toEqual([path, 404, ''])
    }
    expect(await get('/blog/list/data/detail?id=Not%20A%20Slug')).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } })
  })

  it('refuses anonymous callers everywhere, and the edit routes and writes to clients and resellers', async () => {
    for (const path of ['/blog/list/data', '/blog/list/data/sidebar', '/blog/list/data/detail?id=1', '/blog/list/data/edit?id=1']) {
      expect((await get(path, null)).status, path).toBe(401)
    }
    const before = await counts()
    for (const token of [client, reseller]) {
      expect((await get('/blog/list/data/edit?id=1', token)).status).toBe(403)
      expect((await post('/blog/list/data/edit', { blogTitle: 'Mine', content: '<p>x</p>' }, token)).status).toBe(403)
      expect(await code(SAVE, { input: { title: 'Mine', content: '<p>x</p>' } }, token)).toBe('FORBIDDEN')
      expect(await code(DELETE, { id: '1' }, token)).toBe('FORBIDDEN')
      expect(await code(MODERATE, { id: '1', hidden: true }, token)).toBe('FORBIDDEN')
    }
    expect(await code(POSTS, {}, '')).toBe('UNAUTHENTICATED')
    expect(await code(COMMENT, { postId: '1', text: 'hi' }, '')).toBe('UNAUTHENTICATED')
    expect(await counts()).toEqual(before)
  })

  it('lets an admin write a draft (seen by admins only), publish it, and edit it over REST; sanitizes the content', async () => {
    const draft = (
      await ok(SAVE, {
        input: {
          title: 'Kick support, step by step',
          excerpt: 'Connecting a Kick channel.',
          content:
            '<p onclick="steal()">Connect <a href="javascript:alert(1)">Kick</a></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="x()">',
          tags: ['How-to', 'Kick'],
        },
      })
    ).saveBlogPost
    expect(draft).toMatchObject({ slug: 'kick-support-step-by-step', status: 'Draft', publishedAt: null, coverImage: null })
    expect(draft.content).toBe('<p>Connect <a rel="noopener noreferrer">Kick</a></p><img src="https://example.com/a.png" />')

    // Drafts: admins only, in the list, detail and sidebar.
    for (const token of [client, reseller]) {
      const { blogPosts } = await ok(POSTS, { perPage: 50, status: 'Draft' }, token)
      expect(blogPosts.posts.map((p: any) => p.id)).not.toContain(draft.id)
      expect((await ok(POST, { ref: draft.slug }, token)).blogPost).toBeNull()
      expect((await get(`/blog/list/data/detail?id=${draft.id}`, token)).status).toBe(404)
      expect(JSON.stringify((await get('/blog/list/data/sidebar', token)).body)).not.toContain('Kick')
      expect(await code(COMMENT, { postId: draft.id, text: 'early!' }, token)).toBe('NOT_FOUND')
    }
    expect((await ok(POSTS, { status: 'Draft' })).blogPosts.posts.map((p: any) => p.id)).toEqual([draft.id])

    const edit = await get(`/blog/list/data/edit?id=${draft.id}`, admin)
    expect(edit.status).toBe(200)
    expect(Object.keys(edit.body).sort()).toEqual([
      'avatar',
      'blogCategories',
      'blogTitle',
      'content',
      'createdTime',
      'excerpt',
      'featuredImage',
      'id',
      'slug',
      'status',
      'userFullName',
    ])
    const cover = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
    // The GET's body comes back with the changes (read-only fields included).
    const published = await post('/blog/list/data/edit', {
      ...edit.body,
      status: 'Published',
      featuredImage: cover,
      blogCategories: ['How-to', 'Kick', 'Release notes'],
    })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({
      id: Number(draft.id),
      status: 'Published',
      featuredImage: cover,
      blogCategories: ['How-to', 'Kick', 'Release notes'],
    })
    const seen = (await ok(POST, { ref: String(draft.id) }, client)).blogPost
    expect(seen).toMatchObject({ title: 'Kick support, step by step', status: 'Published', coverImage: cover })
    const listed = await get('/blog/list/data?perPage=1', client)
    expect(listed.body[0]).toMatchObject({ id: Number(draft.id), img: cover, tags: ['How-to', 'Kick', 'Release notes'] })

    // A new post over REST: 201; the audit log holds every step.
    const created = await post('/blog/list/data/edit', { blogTitle: 'Second post', excerpt: '', content: '<p>Body</p>', status: 'Draft' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ slug: 'second-post', status: 'Draft', featuredImage: null, userFullName: 'Demo Admin' })
    const audit = await t.database.db.execute(sql.raw(`select action from audit_log where entity = 'blogPost' order by id`))
    const actions = ((Array.isArray(audit) ? audit : (audit as unknown as { rows: unknown[] }).rows) as Array<{ action: string }>).map((r) => r.action)
    expect(actions).toEqual(['blogPost.create', 'blogPost.publish', 'blogPost.create'])
    expect(await ok(DELETE, { id: created.body.id })).toEqual({ deleteBlogPost: true })
    expect(await code(DELETE, { id: created.body.id })).toBe('NOT_FOUND')
  })

  it('refuses bad input with coded errors naming the field, and writes nothing', async () => {
    const before = await counts()
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'BAD_USER_INPUT', 'title'],
      [{ title: 'x'.repeat(161) }, 'BAD_USER_INPUT', 'title'],
      [{ title: 'Fine', slug: 'Not a slug' }, 'BAD_USER_INPUT', 'slug'],
      [{ title: 'Fine', tags: ['ok', 'OK'] }, 'BAD_USER_INPUT', 'tags'],
      [{ title: 'Fine', tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }, 'BAD_USER_INPUT', 'tags'],
      [{ title: 'Fine', coverImage: 'javascript:alert(1)' }, 'BAD_USER_INPUT', 'coverImage'],
      [{ title: 'Fine', coverImage: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'BAD_USER_INPUT', 'coverImage'],
      [{ title: 'Fine', status: 'Published', content: '<script>only()</script>' }, 'BAD_USER_INPUT', 'content'],
      [{ title: 'Taken', slug: 'chat-commands-in-five-minutes' }, 'CONFLICT', 'slug'],
    ]
    for (const [input, expected, field] of bad) {
      const res = await t.gql(SAVE, { input }, admin)
      expect([JSON.stringify(input).slice(0, 60), res.body.errors?.[0]?.extensions?.code]).toEqual([JSON.stringify(input).slice(0, 60), expected])
      expect(Object.keys(res.body.errors[0].extensions.fields ?? {}), JSON.stringify(input).slice(0, 60)).toContain(field)
    }
    // The same over REST: a 400 or 409 with the code and the field.
    expect(await post('/blog/list/data/edit', { blogTitle: '' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', fields: { title: expect.any(Array) } },
    })
    expect(await post('/blog/list/data/edit', { blogTitle: 'x', unknown: 1 })).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } })
    expect(await post('/blog/list/data/edit', { id: 'abc', blogTitle: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', fields: { id: expect.any(Array) } },
    })
    expect(await post('/blog/list/data/edit', { id: 999999, blogTitle: 'x' })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    // An update that fails on the slug leaves the post as it was.
    const first = (await ok(POST, { ref: 'welcome-to-the-product-news' })).blogPost
    expect(await code(SAVE, { id: first.id, input: { title: 'Renamed', slug: 'try-everything-in-the-sandbox-channel' } })).toBe('CONFLICT')
    expect((await ok(POST, { ref: first.id })).blogPost.title).toBe(first.title)
    expect(await code(COMMENT, { postId: first.id, text: '   ' }, client)).toBe('BAD_USER_INPUT')
    expect(await code(COMMENT, { postId: first.id, text: 'x'.repeat(2001) }, client)).toBe('BAD_USER_INPUT')
    expect(await code(COMMENT, { postId: 'abc', text: 'hi' }, client)).toBe('BAD_USER_INPUT')
    expect(await counts()).toEqual(before)
  })

  it('lets users comment and delete their own comments; admins hide, show and delete any', async () => {
    const raid = (await ok(POST, { ref: 'raid-panel-end-your-stream-with-a-raid' }, client)).blogPost
    expect(raid.commentCount).toBe(1)
    const mine = (await ok(COMMENT, { postId: raid.id, text: '  Thanks, this helped!  ' }, reseller)).addBlogComment
    expect(mine).toMatchObject({ text: 'Thanks, this helped!', mine: true, hidden: false, author: { name: 'Demo Reseller' } })
    const clients = (await ok(POST, { ref: raid.id }, client)).blogPost.comments
    expect(clients.map((c: any) => [c.text, c.mine])).toEqual([
      ['Raided a friend last night with the panel, the countdown made it easy to say goodbye in chat.', true],
      ['Thanks, this helped!', false],
    ])
    // Someone else's comment: a client may not delete it.
    expect(await code(DELETE_COMMENT, { id: mine.id }, client)).toBe('FORBIDDEN')

    // Hidden by an admin: gone for everyone else, not counted; shown to admins with the flag.
    expect((await ok(MODERATE, { id: mine.id, hidden: true })).moderateBlogComment).toEqual({ id: mine.id, hidden: true })
    expect((await ok(POST, { ref: raid.id }, client)).blogPost).toMatchObject({ commentCount: 1, comments: [{ text: expect.stringContaining('Raided') }] })
    expect((await get(`/blog/list/data/detail?id=${raid.id}`, reseller)).body.comments).toHaveLength(1)
    expect(await code(DELETE_COMMENT, { id: mine.id }, reseller)).toBe('NOT_FOUND')
    expect((await ok(POST, { ref: raid.id })).blogPost.comments.map((c: any) => c.hidden)).toEqual([false, true])
    await ok(MODERATE, { id: mine.id, hidden: false })
    expect(await ok(DELETE_COMMENT, { id: mine.id }, reseller)).toEqual({ deleteBlogComment: true })
    expect(await code(DELETE_COMMENT, { id: mine.id }, reseller)).toBe('NOT_FOUND')

    // An admin deletes any comment; deleting the post removes its comments.
    const other = (await ok(COMMENT, { postId: raid.id, text: 'Another one' }, client)).addBlogComment
    expect(await ok(DELETE_COMMENT, { id: other.id })).toEqual({ deleteBlogComment: true })
    expect((await ok(POST, { ref: raid.id }, client)).blogPost.commentCount).toBe(1)
  })
})
