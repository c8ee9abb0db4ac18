import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { AppError } from '../errors'
import type { Rule } from '../permissions/abilities'
import type { TokenScope } from '../permissions/token-scopes'
import type { GraphQLContext } from './context'
import { declaredRule, declaredTokenScope } from './field-auth'

/**
 * The rule a field of the built schema declares (authScopes on the field, or guardedByParent on
 * its type; a root field must declare its own). Undefined: it declares none.
 */
export function ruleOf(schema: GraphQLSchema, typeName: string, fieldName: string): Rule | undefined {
  const type = schema.getType(typeName)
  if (!isObjectType(type)) return undefined
  const field = type.getFields()[fieldName]
  if (!field) return undefined
  const rule = declaredRule(type, field)
  const isRoot = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(type)
  return isRoot && rule?.kind === 'parent' ? undefined : rule
}

/** Every field of the schema that declares no rule, as `Type.field`. */
export function fieldsWithoutRule(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && !type.name.startsWith('__'))
    .flatMap((type) => Object.keys((type as ReturnType<typeof schema.getQueryType> & object).getFields()).map((field) => [type.name, field] as const))
    .filter(([type, field]) => !ruleOf(schema, type, field))
    .map(([type, field]) => `${type}.${field}`)
}

/**
 * Deny by default: a schema with a field that declares no rule is not built at all, so such a
 * field never answers. Throws naming every such field.
 */
export function requireRules(schema: GraphQLSchema): GraphQLSchema {
  const missing = fieldsWithoutRule(schema)
  if (missing.length) {
    throw new Error(
      `No authorization rule for ${missing.join(', ')}: give each field authScopes (a root field always), or its type extensions: guardedByParent (graphql/field-auth.ts)`,
    )
  }
  return schema
}

/** Every root field (query, mutation, subscription) with the token scope it declares; public fields are open to anyone and need none. */
export function rootTokenScopes(schema: GraphQLSchema): Array<{ field: string; rule: Rule | undefined; scope: TokenScope | undefined }> {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type ? Object.values(type.getFields()).map((f) => ({ field: `${type.name}.${f.name}`, rule: declaredRule(type, f), scope: declaredTokenScope(f) })) : [],
  )
}

/**
 * Deny by default for personal access tokens: a root field that is not public and declares no
 * `token` scope refuses a request made with a token (nested fields are only reached through a
 * root field, so closing the roots closes them). The field's resolver (and a subscription's
 * subscribe) is wrapped once, when the schema is built.
 */
export function closeToTokens(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      if (declaredRule(type!, field)?.kind === 'public' || declaredTokenScope(field)) continue
      const refuseTokens =
        (inner: GraphQLFieldResolver<unknown, GraphQLContext>): GraphQLFieldResolver<unknown, GraphQLContext> =>
        (parent, args, ctx, info) => {
          if (ctx.principal?.token) throw new AppError('FORBIDDEN', 'Not open to access tokens')
          return inner(parent, args, ctx, info)
        }
      field.resolve = refuseTokens((field.resolve as GraphQLFieldResolver<unknown, GraphQLContext> | undefined) ?? defaultFieldResolver)
      if (field.subscribe) field.subscribe = refuseTokens(field.subscribe as GraphQLFieldResolver<unknown, GraphQLContext>)
    }
  }
  return schema
}
