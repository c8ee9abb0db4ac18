import { lexicographicSortSchema, type GraphQLSchema } from 'graphql'
import { builder } from './builder'
import { closeToTokens, requireRules } from './authorize'
import { guardChannelFields } from './channel-fields'
import './scalars'
// Every module's GraphQL types and fields: each module file imports its *.schema.ts (modules/index.ts).
import '../modules'

let built: GraphQLSchema | undefined

/**
 * The whole schema: every feature's types, each field guarded by the rule it declares; a field
 * without one stops the build (deny by default, graphql/authorize.ts).
 */
export function buildSchema(): GraphQLSchema {
  built ??= guardChannelFields(closeToTokens(requireRules(lexicographicSortSchema(builder.toSchema()))))
  return built
}
