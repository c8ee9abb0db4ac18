import type { Db } from '../../db/client'
import type { roles, AbilityRule } from '../../db/schema'
import type { FirebaseHashParams } from '../../auth/firebase-scrypt'
import type { AuditService } from '../audit/audit.service'
import type { readAuthExport, SourceRecord } from './import-source'

/** A password no hash verifies: users without an exported hash reset their password. */
export const NO_PASSWORD = '!imported-without-password'

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

export interface Prepared {
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

/** What importUsers is given. */
export interface ImportOptions {
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
}

/** One run of the import: its options, clock, audit log and the summary its steps count into. */
export interface ImportRun {
  opts: ImportOptions
  now: () => Date
  audit: AuditService
  summary: ImportSummary
  /** E-mails met so far in the file (a later duplicate is skipped). */
  seen: Set<string>
}

export const skip = (run: ImportRun, source: SourceRecord, reason: string) => run.summary.skipped.push({ at: source.at, id: source.id, reason })

export function count(run: ImportRun, p: Prepared, outcome: 'created' | 'updated' | 'unchanged') {
  run.summary[outcome] += 1
  if (outcome === 'created') {
    if (p.user.passwordHash === NO_PASSWORD) run.summary.withoutPassword += 1
    else run.summary.passwordsKept += 1
  }
}
