import { normalizeEmail } from '../../auth/auth.service'

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
