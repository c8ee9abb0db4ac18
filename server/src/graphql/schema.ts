import { lexicographicSortSchema, type GraphQLSchema } from 'graphql'
import { builder } from './builder'
import { applyRules } from './authorize'
import { graphqlRules } from '../permissions/graphql-rules'
import './scalars'
// Every module's GraphQL types and fields: each module file imports its *.schema.ts (modules/index.ts).
import '../modules'

let built: GraphQLSchema | undefined

/** The whole schema: every feature's types, each field guarded by its rule (deny by default). */
export function buildSchema(): GraphQLSchema {
  built ??= applyRules(lexicographicSortSchema(builder.toSchema()), graphqlRules)
  return built
}
