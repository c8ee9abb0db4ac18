import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'
import { readSse } from '../support/bot-harness'
import { createLogger } from '../../server/src/logger'
import { createRealtime } from '../../server/src/realtime/pubsub'
import { createSupportChatService } from '../../server/src/modules/support-chat/support-chat.service'

const CONTACT_KEYS = ['about', 'avatar', 'fullName', 'id', 'role', 'status']
const TASK_KEYS = ['assignee', 'description', 'dueDate', 'id', 'isCompleted', 'isDeleted', 'isImportant', 'tags', 'title']
const STATUSES = ['online', 'offline', 'busy', 'away']

describe.each(engines)('support chat and tasks on %s', (engine) => {
  let t: TestApp
  const tok: Record<string, string> = {}
  const id: Record<string, number> = {}
  const as = (who: string) => ({ authorization: `Bearer ${tok[who]}` })
  const get = (path: string, who: string) => t.json('GET', path, undefined, as(who))
  const post = (path: string, body: unknown, who: string) => t.json('POST', path, body, as(who))
  const rows = async (table: string) => {
    const r = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))
    const list = (Array.isArray(r) ? r : (r as unknown as { rows: Array<{ n: number }> }).rows) as Array<{ n: number }>
    return Number(list[0]!.n)
  }
  const { ok, gql } = gqlCaller(
    () => t,
    () => tok.client!,
  )

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const role of ['admin', 'reseller', 'client'] as const) {
      const s = await t.loginAs(role)
      tok[role] = s.accessToken
      id[role] = Number(s.userData.id)
    }
    // A client of no reseller: in nobody's scope but the admins'.
    const reg = await t.json('POST', '/jwt/register', { username: 'stranger', email: 'stranger@example.com', password: 'Str0ng-Passw0rd!x' })
    expect(reg.status).toBe(200)
    tok.stranger = reg.body.accessToken
    id.stranger = Number(reg.body.userData.id)
  })
  afterAll(() => t.close())

  describe('support chat', () => {
    it('answers chats-and-contacts in the spec shapes, contacts in scope only', async () => {
      const res = await get('/apps/chat/chats-and-contacts', 'client')
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['chatsContacts', 'contacts', 'profileUser'])
      expect(res.body.profileUser).toEqual({ id: id.client, avatar: null, fullName: 'Demo Client', status: 'online' })
      expect(res.body.contacts.map((c: any) => c.id).sort()).toEqual([id.admin, id.reseller].sort())
      for (const c of res.body.contacts) {
        expect(Object.keys(c).sort()).toEqual(CONTACT_KEYS)
        expect(STATUSES).toContain(c.status)
      }
      // Nobody is connected: everyone reads offline whatever they chose.
      expect(res.body.contacts.every((c: any) => c.status === 'offline')).toBe(true)
      const withAdmin = res.body.chatsContacts.find((c: any) => c.id === id.admin)
      expect(Object.keys(withAdmin).sort()).toEqual([...CONTACT_KEYS, 'chat'].sort())
      expect(Object.keys(withAdmin.chat).sort()).toEqual(['id', 'lastMessage', 'unseenMsgs'])
      expect(withAdmin.chat.unseenMsgs).toBe(1)
      expect(Object.keys(withAdmin.chat.lastMessage).sort()).toEqual(['message', 'senderId', 'time'])
      expect(withAdmin.chat.lastMessage.senderId).toBe(id.admin)

      const reseller = await get('/apps/chat/chats-and-contacts', 'reseller')
      expect(reseller.body.contacts.map((c: any) => c.id).sort()).toEqual([id.admin, id.client].sort())
      const stranger = await get('/apps/chat/chats-and-contacts', 'stranger')
      expect(stranger.body.contacts.map((c: any) => c.id)).toEqual([id.admin])
      const admin = await get('/apps/chat/chats-and-contacts?q=strang', 'admin')
      expect(admin.body.contacts.map((c: any) => c.id)).toEqual([id.stranger])
    })

    it('answers the profile user with about, status and settings', async () => {
      const res = await get('/apps/chat/users/profile-user', 'reseller')
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['about', 'avatar', 'fullName', 'id', 'role', 'settings', 'status'])
      expect(res.body).toMatchObject({
        id: id.reseller,
        role: 'reseller',
        status: 'busy',
        settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
      })
      expect(res.body.about).toContain('reseller')
    })

    it('reads a thread, clearing its unseen count', async () => {
      const res = await get(`/apps/chat/chats/${id.admin}`, 'client')
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['chat', 'contact'])
      expect(Object.keys(res.body.chat).sort()).toEqual(['id', 'messages', 'unseenMsgs', 'userId'])
      expect(res.body.chat).toMatchObject({ userId: id.admin, unseenMsgs: 0 })
      expect(res.body.chat.messages[0]).toEqual({ message: expect.stringContaining('Starter'), time: expect.any(String), senderId: id.admin })
      const after = await get('/apps/chat/chats-and-contacts', 'client')
      expect(after.body.chatsContacts.find((c: any) => c.id === id.admin).chat.unseenMsgs).toBe(0)
    })

    it('posts a message (201 {newMessageData}); the other side sees it unseen', async () => {
      const unseen = async () =>
        (await get('/apps/chat/chats-and-contacts', 'reseller')).body.chatsContacts.find((c: any) => c.id === id.client).chat.unseenMsgs
      const unseenBefore = await unseen()
      expect(unseenBefore).toBe(1) // the seeded thread ends with the client's thanks
      const res = await post(`/apps/chat/chats/${id.reseller}`, { message: '  Is the Kick channel in my plan? ', senderId: id.client }, 'client')
      expect(res.status).toBe(201)
      expect(res.body).toEqual({ newMessageData: { message: 'Is the Kick channel in my plan?', time: expect.any(String), senderId: id.client } })
      const seen = await get('/apps/chat/chats-and-contacts', 'reseller')
      const thread = seen.body.chatsContacts.find((c: any) => c.id === id.client)
      expect(thread.chat.unseenMsgs).toBe(unseenBefore + 1)
      expect(thread.chat.lastMessage.message).toBe('Is the Kick channel in my plan?')
      expect(seen.body.chatsContacts[0].id).toBe(id.client)
      // A first message answers the new chat too.
      const first = await post(`/apps/chat/chats/${id.admin}`, { message: 'Hello admins', senderId: id.stranger }, 'stranger')
      expect(first.status).toBe(201)
      expect(first.body.chat).toMatchObject({ userId: id.admin, unseenMsgs: 0, messages: [{ message: 'Hello admins', senderId: id.stranger }] })
    })

    it('refuses another senderId, out-of-scope ids and bad input, writing nothing', async () => {
      const before = await rows('support_chat_messages')
      const spoof = await post(`/apps/chat/chats/${id.reseller}`, { message: 'as someone else', senderId: id.reseller }, 'client')
      expect(spoof.status).toBe(403)
      expect(spoof.body.code).toBe('FORBIDDEN')
      const spoofGql = await gql('mutation($c: ID!, $s: ID) { sendSupportChatMessage(contactId: $c, message: "x", senderId: $s) { message } }', {
        c: String(id.reseller),
        s: String(id.admin),
      })
      expect(spoofGql.body.errors[0].extensions.code).toBe('FORBIDDEN')
      for (const [path, who] of [
        [`/apps/chat/chats/${id.stranger}`, 'client'],
        [`/apps/chat/chats/${id.client}`, 'stranger'],
        [`/apps/chat/chats/${id.reseller}`, 'stranger'],
        ['/apps/chat/chats/999999', 'client'],
      ] as const) {
        const g = await get(path, who)
        expect([path, who, g.status, g.body]).toEqual([path, who, 404, null])
        const p = await post(path, { message: 'hi', senderId: id[who] }, who)
        expect([path, who, p.status, p.body]).toEqual([path, who, 404, null])
      }
      expect((await gql('query($c: ID!) { supportChat(contactId: $c) { contact { id } } }', { c: String(id.stranger) })).body.data.supportChat).toBeNull()
      for (const body of [{ message: '   ' }, { message: 'x'.repeat(2001) }, { message: 42 }, {}]) {
        const r = await post(`/apps/chat/chats/${id.reseller}`, body, 'client')
        expect([JSON.stringify(body).slice(0, 30), r.status, r.body.code]).toEqual([JSON.stringify(body).slice(0, 30), 400, 'BAD_USER_INPUT'])
      }
      expect((await get('/apps/chat/chats/abc', 'client')).status).toBe(400)
      const badStatus = await gql('mutation { updateSupportChatProfile(input: { about: "' + 'x'.repeat(501) + '" }) { about } }')
      expect(badStatus.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect(await rows('support_chat_messages')).toBe(before)
    })

    it('delivers messages and presence live through the subscription', async () => {
      const res = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...as('reseller') },
        body: JSON.stringify({ query: 'subscription { supportChatEvents { kind contactId chatId status message { message senderId time } } }' }),
      })
      expect(res.headers.get('content-type')).toContain('text/event-stream')
      const event = readSse(res, (d) => (d.data?.supportChatEvents?.kind === 'message' ? d.data.supportChatEvents : undefined))
      // Connected: the client now sees the reseller's chosen status.
      let contacts: any[] = []
      for (let i = 0; i < 100 && contacts.find((c) => c.id === id.reseller)?.status !== 'busy'; i++) {
        contacts = (await get('/apps/chat/chats-and-contacts', 'client')).body.contacts
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(contacts.find((c) => c.id === id.reseller).status).toBe('busy')
      await ok('mutation($c: ID!) { sendSupportChatMessage(contactId: $c, message: "live hello") { message } }', { c: String(id.reseller) })
      expect(await event).toMatchObject({
        kind: 'message',
        contactId: String(id.client),
        status: null,
        message: { message: 'live hello', senderId: String(id.client) },
      })
      // Disconnected: offline again.
      for (let i = 0; i < 100 && contacts.find((c) => c.id === id.reseller)?.status !== 'offline'; i++) {
        contacts = (await get('/apps/chat/chats-and-contacts', 'client')).body.contacts
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(contacts.find((c) => c.id === id.reseller).status).toBe('offline')
    })
  })

  // Two server processes (two services, each with its own Redis connection) on one database.
  it.skipIf(!process.env.TEST_REDIS_URL)('delivers a message sent on one process to a subscriber on another through Redis', async () => {
    const log = createLogger('silent')
    const prefix = `test-${Date.now()}-${engine}:`
    const [ra, rb] = [
      createRealtime({ redisUrl: process.env.TEST_REDIS_URL, log, prefix }),
      createRealtime({ redisUrl: process.env.TEST_REDIS_URL, log, prefix }),
    ]
    try {
      const a = createSupportChatService({ db: t.database.db, now: () => new Date(), pubsub: ra.pubsub })
      const b = createSupportChatService({ db: t.database.db, now: () => new Date(), pubsub: rb.pubsub })
      const principal = (who: 'client' | 'reseller') => ({ userId: id[who]!, role: who, admin: false, ability: [] })
      const iter = (await b.events(principal('reseller')))[Symbol.asyncIterator]()
      let got: any
      const next = (async () => {
        for (;;) {
          const r = await iter.next()
          if (r.done || (r.value.kind === 'message' && r.value.message === 'through redis')) return r.value
        }
      })().then((v) => (got = v))
      // The SUBSCRIBE reaches Redis asynchronously: send until the other process hears it (bounded).
      for (let i = 0; i < 50 && !got; i++) {
        await a.send(principal('client'), id.reseller!, { message: 'through redis', senderId: id.client })
        await new Promise((r) => setTimeout(r, 50))
      }
      await next
      expect(got).toMatchObject({ kind: 'message', contactId: id.client, senderId: id.client, message: 'through redis' })
      await iter.return?.()
    } finally {
      await ra.close()
      await rb.close()
    }
  })

  describe('tasks', () => {
    let created: any

    it("lists tasks in the spec shape, the caller's only", async () => {
      const res = await get('/apps/todo/tasks', 'client')
      expect(res.status).toBe(200)
      expect(Array.isArray(res.body)).toBe(true)
      expect(res.body.length).toBe(3)
      for (const task of res.body) {
        expect(Object.keys(task).sort()).toEqual(TASK_KEYS)
        if (task.assignee) expect(Object.keys(task.assignee).sort()).toEqual(['avatar', 'fullName'])
      }
      expect((await get('/apps/todo/tasks', 'stranger')).body).toEqual([])
      // The reseller sees their own task, the one assigned to them and their client's.
      expect((await get('/apps/todo/tasks', 'reseller')).body.length).toBe(4)
    })

    it('creates (201 {task}), updates and soft-deletes', async () => {
      const res = await post(
        '/apps/todo/tasks',
        {
          task: {
            title: 'Ask about raids',
            dueDate: '2030-01-15',
            description: 'Cooldown?',
            assigneeId: id.reseller,
            tags: ['team', 'high'],
            isImportant: true,
          },
        },
        'client',
      )
      expect(res.status).toBe(201)
      created = res.body.task
      expect(created).toEqual({
        id: expect.any(Number),
        title: 'Ask about raids',
        dueDate: '2030-01-15',
        description: 'Cooldown?',
        assignee: { fullName: 'Demo Reseller', avatar: null },
        tags: ['team', 'high'],
        isCompleted: false,
        isDeleted: false,
        isImportant: true,
      })
      const upd = await post(`/apps/todo/tasks/${created.id}`, { task: { isCompleted: true } }, 'reseller')
      expect(upd.status).toBe(200)
      expect(upd.body.task).toMatchObject({ id: created.id, isCompleted: true, title: 'Ask about raids' })
      const del = await t.json('DELETE', `/apps/todo/tasks/${created.id}`, undefined, as('client'))
      expect(del.status).toBe(200)
      expect(del.body.task.isDeleted).toBe(true)
      expect((await get('/apps/todo/tasks', 'client')).body.map((x: any) => x.id)).not.toContain(created.id)
      expect((await get('/apps/todo/tasks?filter=deleted', 'client')).body.map((x: any) => x.id)).toEqual([created.id])
      const restored = await ok('mutation($id: ID!) { updateTodoTask(id: $id, input: { isDeleted: false }) { isDeleted assignee { id fullName } } }', {
        id: String(created.id),
      })
      expect(restored.updateTodoTask).toEqual({ isDeleted: false, assignee: { id: String(id.reseller), fullName: 'Demo Reseller' } })
    })

    it('searches, filters, tags and sorts in the database', async () => {
      const titles = async (qs: string) => (await get(`/apps/todo/tasks?${qs}`, 'client')).body.map((x: any) => x.title)
      expect(await titles('q=TIMER')).toEqual(['Set a timer for the schedule'])
      expect(await titles('filter=important&sortBy=title-asc')).toEqual(['Ask about raids', 'Set a timer for the schedule'])
      expect(await titles('filter=completed')).toEqual(['Ask about raids'])
      expect(await titles('tag=team&sortBy=title-desc')).toEqual(['Connect the Kick channel', 'Ask about raids'])
      const asc = await titles('sortBy=title-asc')
      expect(asc).toEqual([...asc].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
      expect(await titles('sortBy=due-date')).toEqual(['Add a !discord command', 'Set a timer for the schedule', 'Connect the Kick channel', 'Ask about raids'])
      expect((await titles('sortBy=assignee')).slice(0, 2).sort()).toEqual(['Add a !discord command', 'Set a timer for the schedule'])
      expect(await titles('sortBy=latest&perPage=1&page=2')).toEqual(['Connect the Kick channel'])
      const page = await ok('{ todoTasks(tag: team, sortBy: TITLE_ASC, perPage: 1) { total tasks { title } } }')
      expect(page.todoTasks).toEqual({ total: 2, tasks: [{ title: 'Ask about raids' }] })
    })

    it("keeps assignees in scope, another user's task missing, bad input coded 400", async () => {
      const assignees = (await get('/apps/todo/assignees', 'client')).body.map((a: any) => a.id).sort()
      expect(assignees).toEqual([id.admin, id.reseller, id.client].sort())
      const before = await rows('todo_tasks')
      const out = await post('/apps/todo/tasks', { task: { title: 'x', assigneeId: id.stranger } }, 'client')
      expect(out.status).toBe(400)
      expect(out.body.fields.assigneeId).toBeDefined()
      for (const task of [
        { title: '' },
        { title: 'x', tags: ['nope'] },
        { title: 'x', dueDate: '2026-02-30' },
        { title: 'x', isImportant: 'yes' },
        'not an object',
        null,
      ]) {
        const r = await post('/apps/todo/tasks', { task }, 'client')
        expect([JSON.stringify(task), r.status, r.body.code]).toEqual([JSON.stringify(task), 400, 'BAD_USER_INPUT'])
      }
      for (const qs of ['filter=bogus', 'sortBy=bogus', 'tag=bogus', 'perPage=1000', 'page=x']) {
        const r = await get(`/apps/todo/tasks?${qs}`, 'client')
        expect([qs, r.status, r.body.code]).toEqual([qs, 400, 'BAD_USER_INPUT'])
      }
      expect(await rows('todo_tasks')).toBe(before)
      const upd = await post(`/apps/todo/tasks/${created.id}`, { task: { title: 'mine now' } }, 'stranger')
      expect([upd.status, upd.body]).toEqual([404, null])
      const del = await t.json('DELETE', `/apps/todo/tasks/${created.id}`, undefined, as('stranger'))
      expect([del.status, del.body]).toEqual([404, null])
      expect((await ok('query($id: ID!) { todoTask(id: $id) { id } }', { id: String(created.id) }, tok.stranger)).todoTask).toBeNull()
      expect(
        (await gql('mutation($id: ID!) { deleteTodoTask(id: $id) { id } }', { id: String(created.id) }, tok.stranger)).body.errors[0].extensions.code,
      ).toBe('NOT_FOUND')
    })
  })
})
