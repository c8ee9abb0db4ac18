import { randomBytes, randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { PasswordHasher } from '../server/src/auth/passwords'
import type { Db } from '../server/src/db/client'
import { botPanels, licences, plans, users, type Role } from '../server/src/db/schema'
import type { DemoAccount, DemoSeeding } from '../server/src/demo-seeding'
import { ADMIN_ABILITY, DEFAULT_ABILITY } from '../server/src/permissions/abilities'
import { seedBackOffice } from './backoffice'
import { seedBlog } from './blog'
import { seedCalendar } from './calendar'
import { seedDemoInvoices } from './invoices'
import { seedDemoMail } from './mailbox'

const readable = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')).join('-')
}

/**
 * Demo accounts (admin, reseller, client brought by the reseller) with a licence for the
 * client. Only on an empty database; returns the accounts created, or [] when there were users.
 * Passwords are random unless given (tests give them).
 */
export async function seedDemo(db: Db, passwords: PasswordHasher, given: Partial<Record<Role, string>> = {}): Promise<DemoAccount[]> {
  // The template's demo invoices (ids 4987–5036), inserted once by id.
  await seedDemoInvoices(db)
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  if (count > 0) {
    await seedBackOffice(db)
    return []
  }
  const accounts: DemoAccount[] = (['admin', 'reseller', 'client'] as const).map((role) => ({
    role,
    email: `${role}@demo.local`,
    password: given[role] ?? randomBytes(12).toString('base64url'),
  }))
  const ids: Partial<Record<Role, number>> = {}
  await db.transaction(async (tx) => {
    for (const a of accounts) {
      const [row] = await tx
        .insert(users)
        .values({
          email: a.email,
          username: `demo-${a.role}`,
          fullName: `Demo ${a.role[0]?.toUpperCase()}${a.role.slice(1)}`,
          role: a.role,
          passwordHash: await passwords.hash(a.password),
          ability: a.role === 'admin' ? ADMIN_ABILITY : DEFAULT_ABILITY,
          package: a.role === 'client' ? 'Starter' : 'None',
          resellerId: a.role === 'client' ? ids.reseller : undefined,
        })
        .returning({ id: users.id })
      if (!row) throw new Error('demo user not created')
      ids[a.role] = row.id
      await tx.insert(botPanels).values({ userId: row.id })
    }
    const [starter] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Starter'))
    await tx.insert(licences).values({
      licensekey: readable(),
      planId: starter?.id,
      userId: ids.client,
      resellerId: ids.reseller,
      totalDays: 30,
      licensebeginning: new Date().toISOString().slice(0, 10),
      status: 'active',
      createdBy: ids.admin,
    })
  })
  await seedBackOffice(db)
  await seedCalendar(db)
  await seedBlog(db)
  return accounts
}

/**
 * The demo client's sandbox channel (connected through the sandbox's OAuth flow, active, with
 * !hello, !uptime, !lurk and a timer), so a first start shows a working assistant.
 */
export async function seedDemoSandbox(db: Db, services: { sandbox: { seedDemo(userId: number): Promise<unknown> } }, email: string): Promise<void> {
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  if (client) await services.sandbox.seedDemo(client.id)
}

/** DEMO's seeding as the server takes it (seed/start.ts hands it over): the accounts and their mail, then the sandbox channel. */
export const demoSeeding: DemoSeeding = {
  async seed(db, passwords, given) {
    const accounts = await seedDemo(db, passwords, given)
    await seedDemoMail(db)
    return accounts
  },
  async afterStart(db, services, accounts) {
    const client = accounts.find((a) => a.role === 'client')
    if (client && services.platforms.sandbox) await seedDemoSandbox(db, services, client.email)
  },
}
