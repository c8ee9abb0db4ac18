import { z } from 'zod'
import { AppError } from '../../errors'
import { blank, day, text, whole } from './table-params'

/**
 * The spec's data tables (§7 GET /good-table/*) answer the table component's demo rows:
 * `{id, avatar, fullName, email, startDate, salary, status}`, the row-group and
 * advanced-search sets with `post, city, experience` too. They are sample people made up for
 * the table component (every name is "<first name> Example|Sample|…", every address
 * @example.com), the same on every server and every call: made here from a fixed seed, never
 * from accounts. The product's own account tables are GraphQL `dataTable*`.
 */
export const demoStatuses = ['Professional', 'Resigned', 'Applied', 'Current', 'Rejected'] as const
export type DemoStatus = (typeof demoStatuses)[number]

export interface DemoRow {
  id: number
  /** No picture: a table shows the initials. */
  avatar: string | null
  fullName: string
  email: string
  /** YYYY-MM-DD. */
  startDate: string
  /** A yearly salary, two decimals. */
  salary: number
  status: DemoStatus
}

export interface DemoRowDetailed extends DemoRow {
  post: string
  city: string
  /** Years. */
  experience: number
}

export const DEMO_ROW_COUNT = 60

const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Elin', 'Femi', 'Gia', 'Hugo', 'Iris', 'Jonas', 'Kira', 'Luca']
const LAST = ['Example', 'Sample', 'Placeholder', 'Specimen', 'Demo']
const POSTS = ['Moderator', 'Editor', 'Community Manager', 'Streamer', 'Video Producer', 'Support Agent', 'Sound Engineer', 'Designer']
const CITIES = ['Lisbon', 'Lyon', 'Hamburg', 'Porto', 'Vienna', 'Ghent', 'Bern', 'Turin']

/** mulberry32: a small seeded generator, so every server makes the same rows. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ROWS: readonly DemoRowDetailed[] = (() => {
  const next = seeded(20_160_923)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const epoch = Date.UTC(2015, 0, 1)
  return Array.from({ length: DEMO_ROW_COUNT }, (_, i) => {
    const first = FIRST[i % FIRST.length]!
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!
    return {
      id: i + 1,
      avatar: null,
      fullName: `${first} ${last}`,
      email: `${first}.${last}@example.com`.toLowerCase(),
      startDate: new Date(epoch + Math.floor(next() * 3650) * 86_400_000).toISOString().slice(0, 10),
      salary: Math.round((18_000 + next() * 60_000) * 100) / 100,
      status: pick(demoStatuses),
      post: pick(POSTS),
      city: pick(CITIES),
      experience: 1 + Math.floor(next() * 15),
    }
  })
})()

const plain = ({ id, avatar, fullName, email, startDate, salary, status }: DemoRowDetailed): DemoRow => ({
  id,
  avatar,
  fullName,
  email,
  startDate,
  salary,
  status,
})

const status = z.preprocess(blank, z.enum(demoStatuses, { message: `status must be one of ${demoStatuses.join(', ')}` }).optional())

export const demoSortFields = ['id', 'fullName', 'email', 'startDate', 'salary', 'status'] as const
export const demoGroupings = ['status', 'post', 'city'] as const

/** GET /good-table/basic takes no parameter. */
export const demoBasicShape = z.object({})

/** GET /good-table/advanced-search: a filter per column, all together (text: a part, any case). */
export const demoFilterShape = z.object({
  q: text(100),
  fullName: text(100),
  email: text(100),
  post: text(100),
  city: text(100),
  status,
  startDateFrom: day('startDateFrom'),
  startDateTo: day('startDateTo'),
})

/** GET /good-table/row-group: the rows grouped by status (default), post or city. */
export const demoGroupShape = z.object({
  groupBy: z.preprocess(blank, z.enum(demoGroupings, { message: `groupBy must be one of ${demoGroupings.join(', ')}` }).optional()),
})

/** GET /good-table/table_ssr: the spec's list parameters (page, perPage, sortBy, sortDesc, q) and a status filter. */
export const demoPageShape = z.object({
  q: text(100),
  status,
  page: whole('page', 1, 1_000_000),
  perPage: whole('perPage', 1, 100),
  sortBy: z.preprocess(blank, z.enum(demoSortFields, { message: `sortBy must be one of ${demoSortFields.join(', ')}` }).optional()),
  sortDesc: z.preprocess(blank, z.enum(['true', 'false'], { message: 'sortDesc must be true or false' }).optional()),
})

/** Validates the query: an unknown parameter or a bad value is a 400 BAD_USER_INPUT naming its field. */
function parse<T extends z.ZodObject<z.ZodRawShape>>(shape: T, input: Record<string, unknown>): z.infer<T> {
  const fields: Record<string, string[]> = {}
  for (const k of Object.keys(input)) if (!(k in shape.shape)) fields[k] = ['Not a parameter of this table.']
  const parsed = shape.safeParse(input)
  if (!parsed.success) for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  if (Object.keys(fields).length) throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
  return parsed.data!
}

const has = (value: string, part: string | undefined) => !part || value.toLowerCase().includes(part.toLowerCase())

function matches(r: DemoRowDetailed, f: z.infer<typeof demoFilterShape>): boolean {
  return (
    (!f.q || has(r.fullName, f.q) || has(r.email, f.q) || has(r.post, f.q) || has(r.city, f.q)) &&
    has(r.fullName, f.fullName) &&
    has(r.email, f.email) &&
    has(r.post, f.post) &&
    has(r.city, f.city) &&
    (!f.status || r.status === f.status) &&
    (!f.startDateFrom || r.startDate >= f.startDateFrom) &&
    (!f.startDateTo || r.startDate <= f.startDateTo)
  )
}

/** GET /good-table/basic: every demo row. */
export function demoBasic(input: Record<string, unknown> = {}): DemoRow[] {
  parse(demoBasicShape, input)
  return ROWS.map(plain)
}

/** GET /good-table/advanced-search: the rows matching every filter given, with post, city and experience. */
export function demoAdvancedSearch(input: Record<string, unknown> = {}): DemoRowDetailed[] {
  const f = parse(demoFilterShape, input)
  return ROWS.filter((r) => matches(r, f)).map((r) => ({ ...r }))
}

/** GET /good-table/row-group: `[{mode: 'span', label, html: false, children}]`, groups by label, rows by id. */
export function demoRowGroups(input: Record<string, unknown> = {}) {
  const { groupBy = 'status' } = parse(demoGroupShape, input)
  const groups = new Map<string, DemoRowDetailed[]>()
  for (const r of ROWS) {
    const list = groups.get(r[groupBy]) ?? []
    list.push({ ...r })
    groups.set(r[groupBy], list)
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([label, children]) => ({ mode: 'span' as const, label, html: false as const, children }))
}

/** GET /good-table/table_ssr: one page → {rows, total}; sorted by sortBy (id by default), descending with sortDesc=true. */
export function demoPage(input: Record<string, unknown> = {}): { rows: DemoRow[]; total: number } {
  const { page = 1, perPage = 10, sortBy = 'id', sortDesc, q, status: wanted } = parse(demoPageShape, input)
  const found = ROWS.filter((r) => matches(r, { q, status: wanted }))
  const dir = sortDesc === 'true' ? -1 : 1
  const sorted = [...found].sort((a, b) => {
    const x = a[sortBy]
    const y = b[sortBy]
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
    return (c || a.id - b.id) * dir
  })
  return { rows: sorted.slice((page - 1) * perPage, page * perPage).map(plain), total: found.length }
}
