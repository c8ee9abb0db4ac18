/**
 * npm run import:users against both databases: good, duplicate and broken documents, a second
 * run that changes nothing, the dry run, a migrated user signing in with the old Firebase
 * password (then stored as argon2id), and a realistic 10,000-document export.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firebaseScrypt, parseFirebaseHashParams } from '../../server/src/auth/firebase-scrypt'
import { botPanels, licences, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { importUsers, readAuthExport, readUserDocuments } from '../../server/src/modules/import/import-users'
import { engines } from '../support/databases'
import { EXAMPLE_HASH_PARAMS, EXAMPLE_PARAMS, makeFirebaseExport } from '../support/firebase-export'
import { createTestApp, type TestApp } from '../support/test-app'

const params = parseFirebaseHashParams(EXAMPLE_HASH_PARAMS)!

it("Firebase's modified scrypt gives the published example's hash", async () => {
  // github.com/firebase/scrypt README: user1password with salt 42xEC+ixf3L2lw==.
  expect(await firebaseScrypt('user1password', '42xEC+ixf3L2lw==', EXAMPLE_PARAMS)).toBe(
    'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
  )
  expect(await firebaseScrypt('user1password!', '42xEC+ixf3L2lw==', EXAMPLE_PARAMS)).not.toBe(
    'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
  )
})

describe.each(engines)('import:users on %s', (engine) => {
  let t: TestApp
  let exported: Awaited<ReturnType<typeof makeFirebaseExport>>
  const countOf = async (table: typeof users | typeof licences | typeof botPanels) => (await t.database.db.select({ n: count() }).from(table))[0]!.n

  beforeAll(async () => {
    t = await createTestApp(engine)
    exported = await makeFirebaseExport(5, { 1: 'old-firebase-pass' })
  })
  afterAll(() => t.close())

  const file = () =>
    JSON.stringify([
      ...exported.documents,
      { ...exported.documents[0], username: 'someone_else' },
      { username: 'no_email' },
      { email: 'bad-licence@example.com', username: 'bad_licence', License: { TotalDays: 'many', licensekey: 'X' } },
      { email: 'taken@example.com', username: 'demo-admin' },
      'not a document',
    ])

  it('imports good documents, and reports duplicate and broken ones by index without writing them', async () => {
    const usersBefore = await countOf(users)
    const licencesBefore = await countOf(licences)
    const summary = await importUsers({
      db: t.database.db,
      records: readUserDocuments(file()),
      auth: readAuthExport(JSON.stringify(exported.auth)),
      hashParams: params,
      batchSize: 3,
    })
    expect(summary).toMatchObject({ total: 10, created: 5, updated: 0, unchanged: 0, passwordsKept: 5, licences: 3, batches: 4 })
    expect(summary.droppedFields).toEqual({ 'Botpanel.Viewbot': 5, 'Botpanel.Views': 5 })
    expect(summary.skipped).toEqual([
      { at: 'index 5', id: exported.documents[0]!.id, reason: expect.stringMatching(/^duplicate/) },
      { at: 'index 6', reason: expect.stringMatching(/^invalid: email/) },
      { at: 'index 7', reason: expect.stringMatching(/^invalid: License\.TotalDays/) },
      { at: 'index 8', reason: 'the username belongs to another account' },
      { at: 'index 9', reason: expect.stringMatching(/^invalid/) },
    ])
    expect((await countOf(users)) - usersBefore).toBe(5)
    expect((await countOf(licences)) - licencesBefore).toBe(3)
    const [imported] = await t.database.db.select().from(users).where(eq(users.email, 'fb.user1@example.com'))
    expect(imported).toMatchObject({ username: 'fb_user_1', package: 'Starter', twitchname: 'fbtwitch1', role: 'client' })
    expect(imported!.createdAt.toISOString()).toBe('2021-01-01T01:00:00.000Z')
    const [panel] = await t.database.db.select().from(botPanels).where(eq(botPanels.userId, imported!.id))
    expect(panel).toMatchObject({ active: false, autostart: true, chatbot: true })
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.userId, imported!.id))
    expect(licence).toMatchObject({ licensekey: 'FB-KEY-1', totalDays: 31, licensebeginning: '2021-01-02', status: 'active' })
  })

  it('a second run changes nothing; a changed document is updated', async () => {
    const again = await importUsers({
      db: t.database.db,
      records: readUserDocuments(file()),
      auth: readAuthExport(JSON.stringify(exported.auth)),
      hashParams: params,
    })
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5, licences: 0 })
    const changed = JSON.stringify([{ ...exported.documents[2], Package: 'Business', Botpanel: { Active: true } }])
    expect(await importUsers({ db: t.database.db, records: readUserDocuments(changed) })).toMatchObject({ updated: 1, created: 0 })
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fb.user2@example.com'))
    expect(row!.package).toBe('Business')
  })

  it("records every role change of an existing account in the admins' audit log (actor: the import), and nothing when the role stays", async () => {
    const auditOf = async (id: number) =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
      ).map((r) => ({
        actorId: r.actorId,
        actorRole: r.actorRole,
        action: r.action,
        before: r.before,
        after: r.after,
      }))
    const doc = exported.documents[3]!
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, doc.email as string))
    expect(before!.role).toBe('client')
    const promoted = JSON.stringify([{ ...doc, role: 'admin' }])
    expect(await importUsers({ db: t.database.db, records: readUserDocuments(promoted) })).toMatchObject({ updated: 1 })
    const [after] = await t.database.db.select().from(users).where(eq(users.id, before!.id))
    expect(after!.role).toBe('admin')
    const entry = { actorId: null, actorRole: 'import', action: 'user.update', before: { role: 'client' }, after: { role: 'admin', by: 'import' } }
    expect(await auditOf(before!.id)).toEqual([entry])
    // The same export again changes nothing and records nothing; the way back is recorded too.
    await importUsers({ db: t.database.db, records: readUserDocuments(promoted) })
    expect(await auditOf(before!.id)).toEqual([entry])
    await importUsers({ db: t.database.db, records: readUserDocuments(JSON.stringify([{ ...doc, role: 'client' }])) })
    expect(await auditOf(before!.id)).toEqual([entry, { ...entry, before: { role: 'admin' }, after: { role: 'client', by: 'import' } }])
    // The admins read it through the audit log query.
    const admin = await t.loginAs('admin')
    const log = await t.gql(
      'query($id: String) { auditLog(first: 5, entity: "user", entityId: $id) { edges { node { action actorRole actorId } } } }',
      { id: String(before!.id) },
      admin.accessToken,
    )
    expect(log.body.data.auditLog.edges.map((e: any) => e.node)).toEqual([
      { action: 'user.update', actorRole: 'import', actorId: null },
      { action: 'user.update', actorRole: 'import', actorId: null },
    ])
  })

  it('the dry run counts without writing; NDJSON is reported by line', async () => {
    const fresh = await makeFirebaseExport(3, {}, 'dry')
    const ndjson = [...fresh.documents.map((doc) => JSON.stringify(doc)), '{broken'].join('\n')
    const before = await countOf(users)
    const summary = await importUsers({ db: t.database.db, records: readUserDocuments(ndjson), dryRun: true })
    expect(summary).toMatchObject({ dryRun: true, created: 3, withoutPassword: 3, skipped: [{ at: 'line 4', reason: expect.stringMatching(/^invalid/) }] })
    expect(await countOf(users)).toBe(before)
  })

  it('a migrated user signs in with the old Firebase password, which is then stored as argon2id', async () => {
    const wrong = await t.json('POST', '/jwt/login', { email: 'fb.user1@example.com', password: 'not-the-password' })
    expect(wrong.status).toBe(400)
    const first = await t.json('POST', '/jwt/login', { email: 'fb.user1@example.com', password: 'old-firebase-pass' })
    expect(first.status).toBe(200)
    expect(first.body.userData).toMatchObject({ email: 'fb.user1@example.com', username: 'fb_user_1' })
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fb.user1@example.com'))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    expect((await t.json('POST', '/jwt/login', { email: 'fb.user1@example.com', password: 'old-firebase-pass' })).status).toBe(200)
  })

  it('imports a realistic 10,000-document export in resumable batches', async () => {
    const big = await makeFirebaseExport(10_000, {}, 'big')
    const records = readUserDocuments(JSON.stringify(big.documents))
    const checkpoints: number[] = []
    const started = performance.now()
    const summary = await importUsers({
      db: t.database.db,
      records,
      auth: readAuthExport(JSON.stringify(big.auth)),
      hashParams: params,
      batchSize: 1000,
      onBatch: (next) => {
        checkpoints.push(next)
      },
    })
    const seconds = (performance.now() - started) / 1000
    console.log(`import:users on ${engine}: 10,000 documents in ${seconds.toFixed(1)} s`)
    expect(summary).toMatchObject({ created: 10_000, skipped: [], licences: 7_500 })
    expect(summary.droppedFields['Botpanel.Viewbot']).toBe(10_000)
    expect(checkpoints).toHaveLength(10)
    // Resuming from the last checkpoint finds nothing left to do.
    expect(await importUsers({ db: t.database.db, records, startAt: 9_000, batchSize: 1000 })).toMatchObject({ created: 0, unchanged: 1000 })
  }, 300_000)
})
