import { GraphQLError, Kind } from 'graphql'
import { builder } from './builder'

const parseDate = (value: unknown): Date => {
  const d = typeof value === 'string' ? new Date(value) : null
  if (!d || Number.isNaN(d.getTime())) {
    throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } })
  }
  return d
}

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null),
})

const noJsonInput = (): never => {
  throw new GraphQLError('JSON is an output type only', { extensions: { code: 'BAD_USER_INPUT' } })
}

builder.scalarType('JSON', {
  description: 'A JSON value, for answers whose shape is fixed by the REST call of the same name (spec §7).',
  serialize: (value) => value,
  parseValue: noJsonInput,
  parseLiteral: noJsonInput,
})

builder.queryType({})
builder.mutationType({})
builder.subscriptionType({})
