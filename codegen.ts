import type { CodegenConfig } from '@graphql-codegen/cli'

/**
 * Client hooks generated from the committed, printed schema.
 * Output (client/src/gql/) is gitignored; `npm run codegen` rebuilds it.
 *
 * typescript-react-apollo v5 targets Apollo Client 3's import layout; Apollo Client 4
 * moved the hooks (and the deprecated *HookOptions / *Result type aliases it still
 * ships) to `@apollo/client/react`, so both imports point there. The types that no
 * longer exist in v4 (MutationFunction, BaseMutationOptions) are switched off.
 * Documents are emitted as pre-parsed DocumentNode objects, so no `gql` runtime.
 * At the end of the run, client/codegen/split-documents.mjs moves each document and its hooks into a
 * module of its own (client/src/gql/documents/), re-exported from graphql.tsx: a page's chunk
 * then carries only the documents it uses, not every feature's.
 */
const config: CodegenConfig = {
  overwrite: true,
  // At the end of every run, not only after a write: codegen skips writing a file whose content
  // is unchanged, which would leave an unsplit graphql.tsx (from before this hook) unsplit.
  hooks: { beforeDone: ['node client/codegen/split-documents.mjs client/src/gql/graphql.tsx'] },
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'client/src/gql/graphql.tsx': {
      plugins: ['typescript-operations', './client/codegen/react-apollo-v4.mjs'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        scalars: { DateTime: 'string', ID: 'string', JSON: 'unknown' },
        documentMode: 'documentNode',
        withHooks: true,
        withHOC: false,
        withComponent: false,
        withMutationFn: false,
        withMutationOptionsType: false,
        withResultType: false,
        addDocBlocks: false,
        apolloReactHooksImportFrom: '@apollo/client/react',
        apolloReactCommonImportFrom: '@apollo/client/react',
      },
    },
  },
}

export default config
