import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { botPanels, licences, users, type UserRow } from '../../db/schema'
import { IMPORT_ACTOR, type AuditEvent } from '../audit/audit.service'
import { count, skip, type ImportRun, type Prepared } from './import-run'

/** What a batch meets in the database, read in bulk: users by e-mail, username holders, licence key owners, bot panels. */
async function readExisting(tx: Db, batch: Prepared[]) {
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
  const panels = new Map(existingIds.length ? (await tx.select().from(botPanels).where(inArray(botPanels.userId, existingIds))).map((b) => [b.userId, b]) : [])
  return { existing, holders, keyOwners, panels }
}

type Existing = Awaited<ReturnType<typeof readExisting>>

/** Decides conflicts before anything is written: a username or licence key of another account skips the record. */
function accept(run: ImportRun, batch: Prepared[], { existing, holders, keyOwners }: Existing): Prepared[] {
  const accepted: Prepared[] = []
  const claimedKeys = new Map<string, string>()
  for (const p of batch) {
    const holder = holders.get(p.user.username.toLowerCase())
    if (holder !== undefined && holder !== p.email) {
      skip(run, p.source, 'the username belongs to another account')
      continue
    }
    const key = p.licence?.licensekey
    const owner = key ? keyOwners.get(key) : undefined
    const mine = existing.get(p.email)?.id
    if (key && ((owner !== undefined && owner !== mine) || (claimedKeys.has(key) && claimedKeys.get(key) !== p.email))) {
      skip(run, p.source, 'the licence key belongs to another account')
      continue
    }
    if (key) claimedKeys.set(key, p.email)
    holders.set(p.user.username.toLowerCase(), p.email)
    accepted.push(p)
  }
  return accepted
}

/** New users with their panels, and new licences, in bulk; answers the e-mails that got a licence. */
async function insertNew(run: ImportRun, tx: Db, accepted: Prepared[], { existing, keyOwners }: Existing): Promise<Set<string>> {
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
    run.summary.licences += newLicences.length
  }
  return new Set(newLicences.map((p) => p.email))
}

/** Updates an existing account where the export differs; answers whether anything changed, and the role change to audit. */
async function updateExisting(run: ImportRun, tx: Db, p: Prepared, before: UserRow, panel: typeof botPanels.$inferSelect | undefined) {
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
        updatedAt: run.now(),
      })
      .where(eq(users.id, before.id))
  }
  // The export is the source of truth for the accounts it holds, so a role it says changed
  // is applied (refusing would leave a re-import unable to finish a migration), but never
  // silently: every role change lands in the admins' audit log, in the batch's transaction.
  const roleChange: AuditEvent | null =
    before.role !== p.user.role
      ? { action: 'user.update', entity: 'user', entityId: before.id, before: { role: before.role }, after: { role: p.user.role, by: 'import' } }
      : null
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
      .onConflictDoUpdate({ target: botPanels.userId, set: { ...p.panel, updatedAt: run.now() } })
  }
  return { changed: changed || panelChanged, roleChange }
}

/**
 * Writes one batch inside `tx` with a handful of statements: what exists is read in bulk
 * (users by e-mail and username, bot panels, licence keys), conflicts are decided before
 * anything is written, new users, panels and licences are inserted in bulk, and only
 * changed users are updated one by one.
 */
export async function writeBatch(run: ImportRun, tx: Db, batch: Prepared[]): Promise<void> {
  const found = await readExisting(tx, batch)
  const accepted = accept(run, batch, found)
  const licensed = await insertNew(run, tx, accepted, found)
  const roleChanges: AuditEvent[] = []
  for (const p of accepted) {
    const before = found.existing.get(p.email)
    if (!before) {
      count(run, p, 'created')
      continue
    }
    const { changed, roleChange } = await updateExisting(run, tx, p, before, found.panels.get(before.id))
    if (roleChange) roleChanges.push(roleChange)
    count(run, p, changed || licensed.has(p.email) ? 'updated' : 'unchanged')
  }
  await run.audit.write(tx, IMPORT_ACTOR, roleChanges)
}
