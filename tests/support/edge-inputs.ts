/**
 * Well-formed but extreme input for the bad-input fuzzer: values of the right type and shape
 * at each type's edges (ids just inside and outside an int4 and past 2^53, quantities and
 * amounts at the bounds the validators use, strings at common maximum lengths ±1). Random
 * hostile values rarely get past type coercion all at once, so these cases are enumerated
 * (each id edge alone, every count with every amount, each string length), deduplicated, and
 * a new field is covered without anyone listing it.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql'

const INT4_MAX = 2 ** 31 - 1

/** Ids around the int4 column's end and past a double's exact integers (none of them exists). */
export const ID_EDGES = [-1, 0, INT4_MAX, INT4_MAX + 1, 2 ** 53]
/** Counts and quantities: the int4 ends, and the bounds the validators use (10 000 units, 1 000 000). */
export const INT_EDGES = [-1, 0, 1, 10_000, 1_000_000, INT4_MAX, INT4_MAX + 1, 2 ** 53]
/** Amounts in the currency: below a cent, a cent, the price and payment bounds, past numeric(12,2), past 2^53. */
export const FLOAT_EDGES = [-0.01, 0.001, 0.01, 1_000_000, 100_000_000, 1e10, 2 ** 53]
/** The maximum lengths the validators use most, and one past each. */
export const STRING_LENGTHS = [64, 65, 100, 101, 200, 201, 320, 321, 2000, 2001]

/** An edge case: the value each scalar takes, and whether optional ids are sent or left out. */
export interface Edge {
  id: number
  int: number
  float: number
  text: string
  optionalIds: boolean
}

/** Strings that a validator checks for a format get a valid one (by the field's name), so the case gets past them. */
const FORMATS: Array<[RegExp, string]> = [
  [/email/i, 'fuzz@example.com'],
  [/date|^(start|end)$/i, '2026-01-15'],
  [/url|link|img|image|avatar|website/i, 'https://example.com/fuzz.png'],
  [/locale|lang/i, 'en'],
  [/colou?r/i, '#336699'],
  [/slug/i, 'fuzz-slug'],
]

/** Paging cursors are left out (the first page): any other string is not a cursor. */
const CURSORS = new Set(['after', 'before'])

/** Whether `edge` leaves this field or argument out. */
const leftOut = (name: string, type: GraphQLInputType, edge: Edge) =>
  CURSORS.has(name) || (!edge.optionalIds && !isNonNullType(type) && getNamedType(type).name === 'ID')

/** A value of `type` with every leaf at `edge`'s value for its scalar (a list holds one). */
export function wellFormed(type: GraphQLInputType, name: string, edge: Edge, depth = 0): unknown {
  if (isNonNullType(type)) return wellFormed(type.ofType, name, edge, depth)
  if (isListType(type)) return [wellFormed(type.ofType, name, edge, depth + 1)]
  const named = getNamedType(type)
  if (isEnumType(named)) return named.getValues()[0]!.name
  if (isInputObjectType(named)) {
    if (depth > 3) return {}
    const out: Record<string, unknown> = {}
    for (const f of Object.values(named.getFields())) {
      if (!leftOut(f.name, f.type, edge)) out[f.name] = wellFormed(f.type, f.name, edge, depth + 1)
    }
    return out
  }
  switch (named.name) {
    case 'ID':
      return String(edge.id)
    case 'Int':
      return edge.int
    case 'Float':
      return edge.float
    case 'Boolean':
      return false
    case 'DateTime':
      return '2026-01-15T00:00:00.000Z'
    default:
      return FORMATS.find(([re]) => re.test(name))?.[1] ?? edge.text
  }
}

/** Arguments at `edge`: optional top-level ids follow `optionalIds` like nested ones. */
export function argsAt(args: readonly GraphQLArgument[], edge: Edge): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const a of args) {
    if (!leftOut(a.name, a.type, edge)) out[a.name] = wellFormed(a.type, a.name, edge)
  }
  return out
}

/** In range everywhere: an id that exists nowhere, one unit, one currency unit. */
const BASE = { id: INT4_MAX, int: 1, float: 1, text: 'fuzz', optionalIds: false }

/**
 * The numeric edges: each id edge with everything else in range (optional ids sent and left
 * out), and every count with every amount (a quantity times a price is where totals overflow).
 */
export function numericEdges(): Edge[] {
  return [
    ...ID_EDGES.flatMap((id) => [true, false].map((optionalIds) => ({ ...BASE, id, optionalIds }))),
    ...INT_EDGES.flatMap((int) => FLOAT_EDGES.map((float) => ({ ...BASE, int, float }))),
  ]
}

/** Strings at each length, with in-range numbers and an id that exists nowhere. */
export const lengthEdges = (): Edge[] => STRING_LENGTHS.map((n) => ({ ...BASE, text: 'x'.repeat(n) }))

/** Each distinct variables object once (most fields have no Float, so most float edges repeat). */
export function distinct(values: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const seen = new Set<string>()
  return values.filter((v) => {
    const key = JSON.stringify(v)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The names of every numeric input (Int, Float, ID) in the schema: the REST bodies use the same names. */
export function numericFieldNames(schema: GraphQLSchema): string[] {
  const names = new Set<string>()
  const numeric = (t: GraphQLInputType) => ['Int', 'Float', 'ID'].includes(getNamedType(t).name)
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) if (numeric(f.type)) names.add(f.name)
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) for (const a of field.args) if (numeric(a.type)) names.add(a.name)
  }
  return [...names].sort()
}
