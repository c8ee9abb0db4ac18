import { z } from 'zod'
import { normalizeEmail } from '../../auth/auth.service'
import { encodeFirebaseHash } from '../../auth/firebase-scrypt'
import { roles } from '../../db/schema'
import { NO_PASSWORD, skip, type ImportRun, type Prepared } from './import-run'
import type { SourceRecord } from './import-source'

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

const dateOnly = (d: Date) => d.toISOString().slice(0, 10)

/** One record validated and mapped to the rows it becomes, or null (skipped, with the reason in the summary). */
export function prepare(run: ImportRun, source: SourceRecord): Prepared | null {
  const { opts, summary, seen } = run
  const parsed = userDocument.safeParse(source.doc)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    skip(run, source, `invalid: ${issue ? `${issue.path.join('.') || 'document'} ${issue.message}` : 'not a user document'}`)
    return null
  }
  const doc = parsed.data
  const email = normalizeEmail(doc.email)
  if (!EMAIL.test(email)) return (skip(run, source, 'invalid: email is not an e-mail address'), null)
  const username = doc.username.trim()
  if (!USERNAME.test(username)) return (skip(run, source, 'invalid: username needs 3 to 32 letters, digits, dots, dashes or underscores'), null)
  if (seen.has(email)) return (skip(run, source, 'duplicate: the same e-mail appears earlier in the file'), null)
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
      createdAt: doc.timestamp !== undefined ? toDate(doc.timestamp) : run.now(),
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
