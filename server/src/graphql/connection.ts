import type { ObjectRef } from '@pothos/core'
import { AppError } from '../errors'
import { builder } from './builder'

/**
 * Relay-style connections (https://relay.dev/graphql/connections.htm) without the Relay
 * plugin: `PageInfo` once, and `<Name>Connection` / `<Name>Edge` per node type. Cursors are
 * opaque (a versioned base64url JSON the service defines) and validated on the way in: a
 * cursor that does not decode is BAD_USER_INPUT, never a 500.
 */
export interface PageInfo {
  hasNextPage: boolean
  hasPreviousPage: boolean
  startCursor: string | null
  endCursor: string | null
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>
  pageInfo: PageInfo
  totalCount: number
}

export const PageInfoRef = builder.objectRef<PageInfo>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
    startCursor: t.exposeString('startCursor', { nullable: true }),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
})

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer X> ? X : never

/** Declares `<name>Connection` and `<name>Edge` for a node type. */
export function connectionOf<T>(name: string, node: ObjectRef<Types, T>, totalCountDescription: string) {
  const EdgeRef = builder.objectRef<{ cursor: string; node: T }>(`${name}Edge`).implement({
    fields: (t) => ({
      cursor: t.exposeString('cursor'),
      node: t.field({ type: node, resolve: (e) => e.node as never }),
    }),
  })
  return builder.objectRef<Connection<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [EdgeRef], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoRef, resolve: (c) => c.pageInfo }),
      totalCount: t.exposeInt('totalCount', { description: totalCountDescription }),
    }),
  })
}

const PREFIX = 'c1.'

export function encodeCursor(payload: unknown): string {
  return PREFIX + Buffer.from(JSON.stringify(payload)).toString('base64url')
}

/** Decodes a cursor to its JSON payload; the caller validates the shape (zod). */
export function decodeCursor(cursor: string): unknown {
  const bad = () => new AppError('BAD_USER_INPUT', 'Invalid cursor', { cursor: ['This cursor is not valid here.'] })
  if (typeof cursor !== 'string' || !cursor.startsWith(PREFIX) || cursor.length > 1024) throw bad()
  const body = cursor.slice(PREFIX.length)
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw bad()
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown
  } catch {
    throw bad()
  }
}

export const invalidCursor = () =>
  new AppError('BAD_USER_INPUT', 'Invalid cursor', { cursor: ['This cursor is not valid here.'] })

/**
 * A forward page from rows read with `limit(first + 1)`, newest first: the extra row only says
 * that there is a next page. `cursorOf` makes each node's cursor.
 */
export function forwardPage<T>(rows: T[], first: number, after: string | null | undefined, totalCount: number, cursorOf: (node: T) => unknown): Connection<T> {
  const edges = rows.slice(0, first).map((node) => ({ cursor: encodeCursor(cursorOf(node)), node }))
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  }
}
