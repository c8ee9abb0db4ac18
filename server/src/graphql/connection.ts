import { guardedByParent } from './field-auth'
import type { ObjectRef } from '@pothos/core'
import type { Connection, PageInfo } from '../db/paging'
import { builder } from './builder'

/**
 * The GraphQL types of a page (db/paging.ts makes the pages): `PageInfo` once, and
 * `<Name>Connection` / `<Name>Edge` per node type, Relay-style without the Relay plugin.
 */
export const PageInfoRef = builder.objectRef<PageInfo>('PageInfo').implement({
  extensions: guardedByParent,
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
    extensions: guardedByParent,
    fields: (t) => ({
      cursor: t.exposeString('cursor'),
      node: t.field({ type: node, resolve: (e) => e.node as never }),
    }),
  })
  return builder.objectRef<Connection<T>>(`${name}Connection`).implement({
    extensions: guardedByParent,
    fields: (t) => ({
      edges: t.field({ type: [EdgeRef], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoRef, resolve: (c) => c.pageInfo }),
      totalCount: t.exposeInt('totalCount', { description: totalCountDescription }),
    }),
  })
}
