import { describe, expect, it } from 'vitest'
import { splitDocuments } from '../../../client/codegen/split-documents.mjs'

/** The layout typescript-operations + client/codegen/react-apollo-v4.mjs write (shortened documents). */
const generated = `type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
import type { DocumentNode } from 'graphql';
import type * as ApolloReactCommon from '@apollo/client/react';
import * as ApolloReactHooks from '@apollo/client/react';
const defaultOptions = {} as const;
export type Role = 'admin' | 'client';
export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;
export type ViewerQuery = { viewer: { id: string, role: Role } | null };
export type UserRowFragment = { id: string };
export const UserRowFragmentDoc = {"kind":"Document","definitions":[]} as unknown as DocumentNode<UserRowFragment, unknown>;
export const ViewerDocument = {"kind":"Document","definitions":[]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
export function useViewerQuery(baseOptions?: ApolloReactHooks.QueryHookOptions<ViewerQuery, ViewerQueryVariables>) {
        const options = {...defaultOptions, ...baseOptions}
        return ApolloReactHooks.useQuery<ViewerQuery, ViewerQueryVariables>(ViewerDocument, options);
      }
export type ViewerQueryHookResult = ReturnType<typeof useViewerQuery>;
`

describe('split-documents (one module per generated document)', () => {
  const { main, modules } = splitDocuments(generated)

  it('leaves the types in graphql.tsx and re-exports each document module', () => {
    expect(main).toContain('export type ViewerQuery = { viewer: { id: string, role: Role } | null };')
    expect(main).toContain("export * from './documents/UserRowFragment';")
    expect(main).toContain("export * from './documents/Viewer';")
    expect(main).not.toContain('ViewerDocument')
    expect(main).not.toContain('ApolloReactHooks')
    expect([...modules.keys()]).toEqual(['UserRowFragment', 'Viewer'])
  })

  it('gives a document module its hooks, hook types and type-only imports of what it uses', () => {
    const viewer = modules.get('Viewer')!
    expect(viewer).toContain('export const ViewerDocument = ')
    expect(viewer).toContain('export function useViewerQuery(')
    expect(viewer).toContain('export type ViewerQueryHookResult')
    expect(viewer).toContain("import type { ViewerQuery, ViewerQueryVariables } from '../graphql';")
    expect(viewer).toContain("import * as ApolloReactHooks from '@apollo/client/react';")
    expect(viewer).toContain('const defaultOptions = {} as const;')
    const fragment = modules.get('UserRowFragment')!
    expect(fragment).toContain("import type { UserRowFragment } from '../graphql';")
    expect(fragment).not.toContain('ApolloReactHooks')
    expect(fragment).not.toContain('defaultOptions')
  })

  it('refuses a layout it does not know instead of writing broken modules', () => {
    expect(() => splitDocuments(generated.replace('const defaultOptions = {} as const;\n', ''))).toThrow(/split-documents/)
  })
})
