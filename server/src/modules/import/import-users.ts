import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { botPanels, licences, roles, users, type AbilityRule } from '../../db/schema'
import { normalizeEmail } from '../../auth/auth.service'
import { encodeFirebaseHash, type FirebaseHashParams } from '../../auth/firebase-scrypt'
import { createAuditService, IMPORT_ACTOR, type AuditEvent } from '../audit/audit.service'

/**
 * npm run import:users (docs/features/sign-in.md): user documents exported from
 * Firestore (spec §3 fields) and, optionally, a `firebase auth:export` with the project's
 * password-hash parameters, so imported users keep their passwords (verified with Firebase's
 * modified scrypt at their first sign-in, then rehashed to argon2id).
 *
 * Idempotent: users are matched by e-mail; a second run finds nothing to change. Records are
 * validated, and conflicts (a username or licence key of another account) decided, before
 * anything is written; each batch is one transaction, so a record is never half-written. Botpanel.Viewbot and Botpanel.Views
 * (declined features: the product never fakes an audience) are dropped and counted.
 */

/** A password no hash verifies: users without an exported hash reset their password. */
export const NO_PASSWORD = '!imported-without-password'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/

const firestoreTime = z.union([
  z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a date'),
  z.number().finite(),
  z.object({ _seconds: z.number(), _nanoseconds: z.number().optional() }).passthrough(),
  z.object({ seconds: z.number(), nanoseconds: z.number().optional() }).passthrough(),
])
type FirestoreTime = z.infer<typeof firestoreTime>

const toDate = (v: FirestoreTime): Date => {
  if (typeof v === 'string') return new Date(v)
  if (typeof v === 'number') return new Date(v < 1e12 ? v * 1000 : v)
  return new Date(('_seconds' in v ? Number(v._seconds) : Number((v as { seconds: number }).seconds)) * 1000)
}

const userDocument = z.object({
  email: z.string().max(320),
  username: z.string().max(64),
  role: z.enum(roles).optional(),
  Package: z.string().max(64).optional(),
  timestamp: firestoreTime.optional(),
  twitchname: z.string().max(64).nullable().optional(),
  ability: z
    .array(z.object({ action: z.string().max(64), subject: z.string().max(64) }))
    .max(50)
    .optional(),
  Botpanel: z
    .object({
      Active: z.boolean().optional(),
      Autostart: z.boolean().optional(),
      CategoryChatbot: z.boolean().optional(),
      Chatbot: z.boolean().optional(),
      Viewbot: z.unknown().optional(),
      Views: z.unknown().optional(),
    })
    .optional(),
  License: z
    .object({
      licensebeginning: firestoreTime.nullable().optional(),
      TotalDays: z.coerce.number().int().min(0).max(100_000),
      licensekey: z.string().min(1).max(128),
    })
    .optional(),
})

export interface AuthExportUser {
  localId?: string
  email?: string
  passwordHash?: string
  salt?: string
}

export interface SourceRecord {
  /** Where it was in the input: `line N` (NDJSON) or `index N` (a JSON array or map). */
  at: string
  /** The Firestore document id, when the export has one. */
  id?: string
  doc: unknown
}

export interface ImportSummary {
  total: number
  created: number
  updated: number
  unchanged: number
  skipped: { at: string; id?: string; reason: string }[]
  droppedFields: { 'Botpanel.Viewbot': number; 'Botpanel.Views': number }
  passwordsKept: number
  withoutPassword: number
  licences: number
  batches: number
  dryRun: boolean
}

interface Prepared {
  source: SourceRecord
  email: string
  user: {
    email: string
    username: string
    fullName: string
    role: (typeof roles)[number]
    package: string
    twitchname: string | null
    ability: AbilityRule[]
    createdAt: Date
    passwordHash: string
  }
  panel: { active: boolean; autostart: boolean; categoryChatbot: boolean; chatbot: boolean }
  licence: { licensekey: string; totalDays: number; licensebeginning: string | null } | null
}

/** Reads an export: a JSON array, a map {docId: doc}, {documents|users: [...]}, or NDJSON (one document a line). */
export function readUserDocuments(text: string): SourceRecord[] {
  const trimmed = text.trim()
  if (!trimmed) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    return trimmed.split(/\r?\n/).flatMap((line, i): SourceRecord[] => {
      if (!line.trim()) return []
      try {
        const doc = JSON.parse(line) as Record<string, unknown>
        return [{ at: `line ${i + 1}`, id: typeof doc?.id === 'string' ? doc.id : undefined, doc }]
      } catch {
        return [{ at: `line ${i + 1}`, doc: Symbol.for('unparsable') }]
      }
    })
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object'
      ? (((parsed as Record<string, unknown>).documents ?? (parsed as Record<string, unknown>).users) as unknown[] | undefined)
      : undefined
  if (Array.isArray(list)) {
    return list.map((doc, i) => ({ at: `index ${i}`, id: docId(doc), doc }))
  }
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed as Record<string, unknown>).map(([id, doc], i) => ({ at: `index ${i}`, id, doc }))
  }
  return [{ at: 'index 0', doc: parsed }]
}

function docId(doc: unknown): string | undefined {
  if (!doc || typeof doc !== 'object') return undefined
  const r = doc as Record<string, unknown>
  const id = r.id ?? r.uid ?? r.localId
  return typeof id === 'string' ? id : undefined
}

/** Reads `firebase auth:export` JSON ({users: [...]}) into lookups by localId and e-mail. */
export function readAuthExport(text: string): { byId: Map<string, AuthExportUser>; byEmail: Map<string, AuthExportUser> } {
  const parsed = JSON.parse(text) as { users?: AuthExportUser[] }
  const byId = new Map<string, AuthExportUser>()
  const byEmail = new Map<string, AuthExportUser>()
  for (const user of parsed.users ?? []) {
    if (typeof user.localId === 'string') byId.set(user.localId, user)
    if (typeof user.email === 'string') byEmail.set(normalizeEmail(user.email), user)
  }
  return { byId, byEmail }
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10)

export async function importUsers(opts: {
  db: Db
  records: SourceRecord[]
  auth?: ReturnType<typeof readAuthExport>
  hashParams?: FirebaseHashParams
  dryRun?: boolean
  batchSize?: number
  /** Skips the records before this index (a resumed run; the import is idempotent anyway). */
  startAt?: number
  /** Called after each committed batch with the index of the next record (for --resume). */
  onBatch?: (nextIndex: number) => void | Promise<void>
  now?: () => Date
}): Promise<ImportSummary> {
  const { db, records, dryRun = false, batchSize = 500, startAt = 0 } = opts
  const now = opts.now ?? (() => new Date())
  const audit = createAuditService(db, now)
  const summary: ImportSummary = {
    total: records.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    droppedFields: { 'Botpanel.Viewbot': 0, 'Botpanel.Views': 0 },
    passwordsKept: 0,
    withoutPassword: 0,
    licences: 0,
    batches: 0,
    dryRun,
  }
  const skip = (source: SourceRecord, reason: string) => summary.skipped.push({ at: source.at, id: source.id, reason })
  const seen = new Set<string>()

  function prepare(source: SourceRecord): Prepared | null {
    const parsed = userDocument.safeParse(source.doc)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      skip(source, `invalid: ${issue ? `${issue.path.join('.') || 'document'} ${issue.message}` : 'not a user document'}`)
      return null
    }
    const doc = parsed.data
    const email = normalizeEmail(doc.email)
    if (!EMAIL.test(email)) return (skip(source, 'invalid: email is not an e-mail address'), null)
    const username = doc.username.trim()
    if (!USERNAME.test(username)) return (skip(source, 'invalid: username needs 3 to 32 letters, digits, dots, dashes or underscores'), null)
    if (seen.has(email)) return (skip(source, 'duplicate: the same e-mail appears earlier in the file'), null)
    seen.add(email)
    if (doc.Botpanel && 'Viewbot' in doc.Botpanel) summary.droppedFields['Botpanel.Viewbot'] += 1
    if (doc.Botpanel && 'Views' in doc.Botpanel) summary.droppedFields['Botpanel.Views'] += 1
    const account = (source.id && opts.auth?.byId.get(source.id)) || opts.auth?.byEmail.get(email)
    const passwordHash =
      account?.passwordHash && account.salt && opts.hashParams ? encodeFirebaseHash(opts.hashParams, account.salt, account.passwordHash) : NO_PASSWORD
    const beginning = doc.License?.licensebeginning
    return {
      source,
      email,
      user: {
        email,
        username,
        fullName: username,
        role: doc.role ?? 'client',
        package: doc.Package ?? 'None',
        twitchname: doc.twitchname ?? null,
        ability: doc.ability ?? [
          { action: 'read', subject: 'ACL' },
          { action: 'read', subject: 'all' },
        ],
        createdAt: doc.timestamp !== undefined ? toDate(doc.timestamp) : now(),
        passwordHash,
      },
      panel: {
        active: doc.Botpanel?.Active ?? false,
        autostart: doc.Botpanel?.Autostart ?? true,
        categoryChatbot: doc.Botpanel?.CategoryChatbot ?? true,
        chatbot: doc.Botpanel?.Chatbot ?? true,
      },
      licence: doc.License
        ? { licensekey: doc.License.licensekey, totalDays: doc.License.TotalDays, licensebeginning: beginning ? dateOnly(toDate(beginning)) : null }
        : null,
    }
  }

  /**
   * Writes one batch inside `tx` with a handful of statements: what exists is read in bulk
   * (users by e-mail and username, bot panels, licence keys), conflicts are decided before
   * anything is written, new users, panels and licences are inserted in bulk, and only
   * changed users are updated one by one.
   */
  async function writeBatch(tx: Db, batch: Prepared[]): Promise<void> {
    const emails = batch.map((p) => p.email)
    const existing = new Map((await tx.select().from(users).where(inArray(users.email, emails))).map((u) => [u.email, u]))
    const names = batch.map((p) => p.user.username.toLowerCase())
    const holders = new Map(
      (
        await tx
          .select({ email: users.email, name: sql<string>`lower(${users.username})` })
          .from(users)
          .where(inArray(sql`lower(${users.username})`, names))
      ).map((h) => [h.name, h.email]),
    )
    const keys = batch.flatMap((p) => (p.licence ? [p.licence.licensekey] : []))
    const keyOwners = new Map(
      keys.length
        ? (await tx.select({ key: licences.licensekey, userId: licences.userId }).from(licences).where(inArray(licences.licensekey, keys))).map((k) => [
            k.key,
            k.userId,
          ])
        : [],
    )
    const existingIds = [...existing.values()].map((u) => u.id)
    const panels = new Map(
      existingIds.length ? (await tx.select().from(botPanels).where(inArray(botPanels.userId, existingIds))).map((b) => [b.userId, b]) : [],
    )

    const accepted: Prepared[] = []
    const claimedKeys = new Map<string, string>()
    for (const p of batch) {
      const holder = holders.get(p.user.username.toLowerCase())
      if (holder !== undefined && holder !== p.email) {
        skip(p.source, 'the username belongs to another account')
        continue
      }
      const key = p.licence?.licensekey
      const owner = key ? keyOwners.get(key) : undefined
      const mine = existing.get(p.email)?.id
      if (key && ((owner !== undefined && owner !== mine) || (claimedKeys.has(key) && claimedKeys.get(key) !== p.email))) {
        skip(p.source, 'the licence key belongs to another account')
        continue
      }
      if (key) claimedKeys.set(key, p.email)
      holders.set(p.user.username.toLowerCase(), p.email)
      accepted.push(p)
    }

    const fresh = accepted.filter((p) => !existing.has(p.email))
    const ids = new Map<string, number>([...existing.values()].map((u) => [u.email, u.id]))
    if (fresh.length) {
      const inserted = await tx
        .insert(users)
        .values(fresh.map((p) => p.user))
        .returning({ id: users.id, email: users.email })
      for (const row of inserted) ids.set(row.email, row.id)
      await tx.insert(botPanels).values(fresh.map((p) => ({ userId: ids.get(p.email)!, ...p.panel })))
    }
    const newLicences = accepted.filter((p) => p.licence && !keyOwners.has(p.licence.licensekey))
    if (newLicences.length) {
      await tx.insert(licences).values(
        newLicences.map((p) => ({
          ...p.licence!,
          userId: ids.get(p.email)!,
          status: p.licence!.licensebeginning ? ('active' as const) : ('assigned' as const),
          activatedAt: p.licence!.licensebeginning ? new Date(p.licence!.licensebeginning) : null,
        })),
      )
      summary.licences += newLicences.length
    }
    const licensed = new Set(newLicences.map((p) => p.email))

    const roleChanges: AuditEvent[] = []
    for (const p of accepted) {
      const before = existing.get(p.email)
      if (!before) {
        count(p, 'created')
        continue
      }
      // An existing account keeps its password (it may have been changed since the export).
      const changed =
        before.username !== p.user.username ||
        before.role !== p.user.role ||
        before.package !== p.user.package ||
        before.twitchname !== p.user.twitchname ||
        JSON.stringify(before.ability) !== JSON.stringify(p.user.ability)
      if (changed) {
        await tx
          .update(users)
          .set({
            username: p.user.username,
            role: p.user.role,
            package: p.user.package,
            twitchname: p.user.twitchname,
            ability: p.user.ability,
            updatedAt: now(),
          })
          .where(eq(users.id, before.id))
      }
      // The export is the source of truth for the accounts it holds, so a role it says changed
      // is applied (refusing would leave a re-import unable to finish a migration), but never
      // silently: every role change lands in the admins' audit log, in the batch's transaction.
      if (before.role !== p.user.role) {
        roleChanges.push({
          action: 'user.update',
          entity: 'user',
          entityId: before.id,
          before: { role: before.role },
          after: { role: p.user.role, by: 'import' },
        })
      }
      const panel = panels.get(before.id)
      const panelChanged =
        !panel ||
        panel.active !== p.panel.active ||
        panel.autostart !== p.panel.autostart ||
        panel.categoryChatbot !== p.panel.categoryChatbot ||
        panel.chatbot !== p.panel.chatbot
      if (panelChanged) {
        await tx
          .insert(botPanels)
          .values({ userId: before.id, ...p.panel })
          .onConflictDoUpdate({ target: botPanels.userId, set: { ...p.panel, updatedAt: now() } })
      }
      count(p, changed || panelChanged || licensed.has(p.email) ? 'updated' : 'unchanged')
    }
    await audit.write(tx, IMPORT_ACTOR, roleChanges)
  }

  for (let start = startAt; start < records.length; start += batchSize) {
    const batch = records
      .slice(start, start + batchSize)
      .map(prepare)
      .filter((p): p is Prepared => p !== null)
    if (!dryRun && batch.length) {
      // One transaction per batch: a batch is written whole or not at all.
      await db.transaction((tx) => writeBatch(tx, batch))
    } else if (dryRun && batch.length) {
      const existing = new Set(
        (
          await db
            .select({ email: users.email })
            .from(users)
            .where(
              inArray(
                users.email,
                batch.map((p) => p.email),
              ),
            )
        ).map((r) => r.email),
      )
      for (const p of batch) count(p, existing.has(p.email) ? 'updated' : 'created')
    }
    summary.batches += 1
    await opts.onBatch?.(Math.min(start + batchSize, records.length))
  }
  return summary

  function count(p: Prepared, outcome: 'created' | 'updated' | 'unchanged') {
    summary[outcome] += 1
    if (outcome === 'created') {
      if (p.user.passwordHash === NO_PASSWORD) summary.withoutPassword += 1
      else summary.passwordsKept += 1
    }
  }
}
