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
  description: 'Where a page sits in its list (Relay style): read on by passing `endCursor` as `after`.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'True: more entries follow this page.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'True: entries come before this page (paging forward: it was read with `after`).' }),
    startCursor: t.exposeString('startCursor', { nullable: true, description: 'The cursor of the first entry; null on an empty page.' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'The cursor of the last entry (opaque); null on an empty page.' }),
  }),
})

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer X> ? X : never

/** Declares `<name>Connection` and `<name>Edge` for a node type. */
export function connectionOf<T>(name: string, node: ObjectRef<Types, T>, totalCountDescription: string) {
  const EdgeRef = builder.objectRef<{ cursor: string; node: T }>(`${name}Edge`).implement({
    extensions: guardedByParent,
    description: `One ${name} of a page, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque: pass it as `after` to read on from this entry.' }),
      node: t.field({ type: node, description: `The ${name}.`, resolve: (e) => e.node as never }),
    }),
  })
  return builder.objectRef<Connection<T>>(`${name}Connection`).implement({
    extensions: guardedByParent,
    description: `A page of ${name} entries, with where it sits in the whole list.`,
    fields: (t) => ({
      edges: t.field({ type: [EdgeRef], description: 'The entries of this page, in order.', resolve: (c) => c.edges }),
      pageInfo: t.field({
        type: PageInfoRef,
        description: 'Where this page sits: whether more follow, and the cursors to read on.',
        resolve: (c) => c.pageInfo,
      }),
      totalCount: t.exposeInt('totalCount', { description: totalCountDescription }),
    }),
  })
}
