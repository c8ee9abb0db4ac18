import type { PasswordHasher } from './auth/passwords'
import type { Db } from './db/client'
import type { Role } from './db/schema'
import type { Services } from './services'

export interface DemoAccount {
  role: Role
  email: string
  password: string
}

export type DemoPasswords = Partial<Record<'admin' | 'client' | 'reseller', string>>

/**
 * What DEMO=on seeds, handed to the server by the demo's entry point (seed/start.ts): the
 * server never imports seed/, so the production bundle (server/src/main.ts) carries no demo
 * fixtures, and with none given DEMO seeds nothing.
 */
export interface DemoSeeding {
  /** Under the migration lock, after the product data: the demo accounts made (a first start only, else []). */
  seed(db: Db, passwords: PasswordHasher, given?: DemoPasswords): Promise<DemoAccount[]>
  /** After the services are up, once the accounts were made: the demo client's sandbox channel. */
  afterStart(db: Db, services: Services, accounts: DemoAccount[]): Promise<void>
}
