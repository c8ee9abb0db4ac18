import { defaultFieldResolver, isListType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql'
import { AppError } from '../errors'
import { allows, channelFieldRights } from '../permissions/channel-rights'
import type { GraphQLContext } from './context'

/**
 * A `Channel` object reaches a team member too (Query.channels, Query.channel, a mutation's
 * answer), and the modules hang their data on it (commands, moderation, raids…). Rather than a
 * check in every module's field, the built schema's Channel fields are wrapped here, once: the
 * owner reads all; a member reads a field only as `channelFieldRights` says, from their group's
 * rights (channels.standing, cached like the caller). Not listed: the owner's only.
 */
export function guardChannelFields(schema: GraphQLSchema): GraphQLSchema {
  const type = schema.getType('Channel')
  if (!isObjectType(type)) return schema
  for (const field of Object.values(type.getFields())) {
    const rule = channelFieldRights[field.name] ?? 'owner'
    if (rule === 'any') continue
    const inner = field.resolve ?? defaultFieldResolver
    const quietNull = rule === 'owner' && !isNonNullType(field.type) && !isListType(field.type)
    field.resolve = async (source, args, ctx: GraphQLContext, info) => {
      const row = source as { userId: number }
      const p = ctx.principal
      if (p && row.userId === p.userId) return inner(source, args, ctx, info)
      const standing = p ? await ctx.services.channels.standing(p.userId, source as Parameters<typeof ctx.services.channels.standing>[1]) : null
      if (standing && rule !== 'owner' && allows(standing.rights, rule, 'view')) return inner(source, args, ctx, info)
      // The owner's platform accounts are theirs alone: a member sees none, without an error.
      if (quietNull) return null
      throw new AppError('FORBIDDEN', 'Your group on this team does not allow this')
    }
  }
  return schema
}
