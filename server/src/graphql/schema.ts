import { lexicographicSortSchema, type GraphQLSchema } from 'graphql'
import { builder } from './builder'
import { applyRules } from './authorize'
import { graphqlRules } from '../permissions/graphql-rules'
import './scalars'
import '../auth/auth.schema'
import '../modules/mail/mail.schema'

let built: GraphQLSchema | undefined

/** The whole schema: every feature's types, each field guarded by its rule (deny by default). */
export function buildSchema(): GraphQLSchema {
  built ??= applyRules(lexicographicSortSchema(builder.toSchema()), graphqlRules)
  return built
}
