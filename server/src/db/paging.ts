import { AppError } from '../errors'

/**
 * Keyset paging for the services: the page shape (Relay's connection, https://relay.dev/graphql/connections.htm)
 * and opaque cursors. It lives beside the database code, not in graphql/, so a service pages
 * its rows without loading the Pothos builder (graphql/connection.ts declares the GraphQL types
 * of this shape). Cursors are a versioned base64url JSON the service defines, validated on the
 * way in: a cursor that does not decode is BAD_USER_INPUT, never a 500.
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

const PREFIX = 'c1.'

export function encodeCursor(payload: unknown): string {
  return PREFIX + Buffer.from(JSON.stringify(payload)).toString('base64url')
}

export const invalidCursor = () => new AppError('BAD_USER_INPUT', 'Invalid cursor', { cursor: ['This cursor is not valid here.'] })

/** Decodes a cursor to its JSON payload; the caller validates the shape (zod). */
export function decodeCursor(cursor: string): unknown {
  if (typeof cursor !== 'string' || !cursor.startsWith(PREFIX) || cursor.length > 1024) throw invalidCursor()
  const body = cursor.slice(PREFIX.length)
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw invalidCursor()
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown
  } catch {
    throw invalidCursor()
  }
}

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
