import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql'
import { enforce, enforceTwoStep, type Rule } from '../permissions/abilities'
import type { GraphQLContext } from './context'

export function ruleFor(rules: Record<string, Rule>, typeName: string, fieldName: string, isRoot: boolean): Rule | undefined {
  return rules[`${typeName}.${fieldName}`] ?? (isRoot ? undefined : rules[`${typeName}.*`])
}

/**
 * Wraps every field whose rule needs a check. A field without a rule is wrapped too, and
 * always refused: deny by default.
 */
export function applyRules(schema: GraphQLSchema, rules: Record<string, Rule>): GraphQLSchema {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean))
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue
    const isRoot = roots.has(type)
    for (const field of Object.values(type.getFields())) {
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
