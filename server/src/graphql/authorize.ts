import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { enforce, enforceTwoStep, type Rule } from '../permissions/abilities'
import type { GraphQLContext } from './context'
import { declaredRule } from './field-auth'

export function ruleFor(rules: Record<string, Rule>, typeName: string, fieldName: string, isRoot: boolean): Rule | undefined {
  return rules[`${typeName}.${fieldName}`] ?? (isRoot ? undefined : rules[`${typeName}.*`])
}

/**
 * The rule of a field of the built schema: the one declared on the field (or its type), else the
 * table's. Undefined: refused.
 */
export function ruleOf(schema: GraphQLSchema, rules: Record<string, Rule>, typeName: string, fieldName: string): Rule | undefined {
  const type = schema.getType(typeName)
  if (!isObjectType(type)) return undefined
  const field = type.getFields()[fieldName]
  if (!field) return undefined
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
  return declaredRule(type, field) ?? ruleFor(rules, typeName, fieldName, roots.includes(type))
}

/**
 * Wraps every field whose rule needs a check (a field that declares its rule on itself is
 * guarded by the scope-auth plugin already). A field without a rule is wrapped too, and
 * always refused: deny by default.
 */
export function applyRules(schema: GraphQLSchema, rules: Record<string, Rule>): GraphQLSchema {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean))
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue
    const isRoot = roots.has(type)
    for (const field of Object.values(type.getFields())) {
      if (declaredRule(type, field)) continue
      const rule = ruleFor(rules, type.name, field.name, isRoot)
      if (rule?.kind === 'public' || rule?.kind === 'parent') continue
      const guard = <T extends GraphQLFieldResolver<unknown, GraphQLContext>>(inner: T) =>
        ((source, args, ctx, info) => {
          enforce(rule, ctx.principal)
          if (isRoot) enforceTwoStep(rule, ctx.principal)
          return inner(source, args, ctx, info)
        }) as T
      field.resolve = guard((field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, GraphQLContext>)
      if (field.subscribe) field.subscribe = guard(field.subscribe as GraphQLFieldResolver<unknown, GraphQLContext>)
    }
  }
  return schema
}
