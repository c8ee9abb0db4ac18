/**
 * Thin wrapper over @graphql-codegen/typescript-react-apollo (v5) for Apollo Client 4.
 *
 * The plugin targets Apollo Client 3. Its query, lazy-query, subscription and mutation
 * hooks type-check against the (deprecated) type aliases Apollo Client 4 still exports
 * from `@apollo/client/react` (codegen.ts points both imports there). Its
 * `use…SuspenseQuery` hooks do not: their overloads no longer match Apollo 4's
 * `useSuspenseQuery` and fail to compile for operations with required variables.
 * This wrapper removes those suspense hooks; use `useSuspenseQuery(XDocument, …)` from
 * `@apollo/client/react` directly if one is ever needed.
 * Upstream status: dotansimha/graphql-code-generator-community#1177.
 */
import { plugin as basePlugin, validate as baseValidate } from '@graphql-codegen/typescript-react-apollo'

// "// @ts-ignore\nexport function useXSuspenseQuery(...)...;\nexport function ...;\nexport function ...{\n ... \n        }\n"
const SUSPENSE_HOOK = /\/\/ @ts-ignore\nexport function use\w+SuspenseQuery\([\s\S]*?\n {8}\}\n/g
const SUSPENSE_RESULT_TYPE = /^export type \w+SuspenseQueryHookResult = .*(\n|$)/gm

function patch(content) {
  const out = content.replace(SUSPENSE_HOOK, '').replace(SUSPENSE_RESULT_TYPE, '')
  if (out.includes('SuspenseQuery')) {
    throw new Error('react-apollo-v4: unexpected suspense hook layout; update client/codegen/react-apollo-v4.mjs')
  }
  return out
}

export async function plugin(schema, documents, config, info) {
  const output = await basePlugin(schema, documents, config, info)
  if (typeof output === 'string') return patch(output)
  return { ...output, content: patch(output.content) }
}

export const validate = baseValidate
