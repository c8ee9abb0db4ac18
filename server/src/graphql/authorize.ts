import { isObjectType, type GraphQLSchema } from 'graphql'
import type { Rule } from '../permissions/abilities'
import { declaredRule } from './field-auth'

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
