import type { CodegenConfig } from '@graphql-codegen/cli'

/**
 * Typed GraphQL documents generated from the committed, printed schema; none of it is committed
 * (.gitignore), `npm run codegen` rebuilds it.
 *
 * - client/src/gql/types.ts: the schema's enums and input types the documents use, once for all.
 * - `<name>.generated.ts` beside each `<name>.graphql`: its operations' and fragments' result and
 *   variables types and one typed document per operation (`XDocument`) or fragment
 *   (`XFragmentDoc`), a pre-parsed DocumentNode (no `gql` at run time).
 *
 * A page calls Apollo's own hooks with the document: `useQuery(XDocument, options)` from
 * `@apollo/client/react`, which infers the data and variables types from it. This is the path
 * the codegen project recommends for Apollo Client 4 (typescript-react-apollo targets Apollo 3).
 * A module is never split between chunks, so a page that uses one document of a `.graphql` file
 * loads all of that file's documents: a `.graphql` file holds the operations of one page, or of
 * pages that all use them (features/accounts/graphql: user.graphql, user-update.graphql, …).
 * A fragment may live in any file: each document carries the fragments it spreads.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: false,
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
    scalars: { DateTime: 'string', ID: 'string', JSON: 'unknown' },
  },
  generates: {
    // Only the enums and input types the documents use, not the schema's object types.
    'client/src/gql/types.ts': { plugins: ['typescript-operations'], config: { generateOperationTypes: false } },
    'client/src/': {
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts', baseTypesPath: 'gql/types.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      // Enums and inputs from the shared file above instead of a copy in every generated file.
      config: { importSchemaTypesFrom: 'client/src/gql/types.ts' },
    },
  },
}

export default config
