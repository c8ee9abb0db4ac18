import SchemaBuilder from '@pothos/core'
import ScopeAuthPlugin from '@pothos/plugin-scope-auth'
import type { GraphQLContext } from './context'
import { authScopesOf, refusal, type AuthContexts, type AuthScopes } from './field-auth'

interface SchemaTypes {
  Context: GraphQLContext
  Scalars: { DateTime: { Input: Date; Output: Date }; JSON: { Input: never; Output: unknown } }
  DefaultFieldNullability: false
  AuthScopes: AuthScopes
  AuthContexts: AuthContexts
  DefaultAuthStrategy: 'all'
}

/** A builder with the product's options (the schema's one, below; tests build probes with their own). */
export const createBuilder = () =>
  new SchemaBuilder<SchemaTypes>({
    defaultFieldNullability: false,
    plugins: [ScopeAuthPlugin],
    scopeAuth: {
      authorizeOnSubscribe: true,
      defaultStrategy: 'all',
      authScopes: authScopesOf,
      unauthorizedError: (_parent, ctx) => refusal(ctx),
    },
  })

/**
 * The schema builder. It defines no types: each feature adds its own in `<feature>.schema.ts`,
 * each field with the rule of who may call it (`authScopes`, see field-auth.ts).
 */
export const builder = createBuilder()
