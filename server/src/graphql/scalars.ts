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

builder.queryType({
  description:
    'Reads. Send `Authorization: Bearer <token>`: a sign-in access token, or a personal access token (`cat_…`) holding the scope each field names. This product’s ids are decimal numbers sent as strings (e.g. `"42"`); a platform’s ids are its own.',
})
builder.mutationType({
  description: 'Changes. A bad input answers an error with a code in `extensions.code` (e.g. BAD_USER_INPUT, FORBIDDEN) and writes nothing.',
})
builder.subscriptionType({
  description:
    'Live updates, streamed as server-sent events (POST or GET /graphql with `Accept: text/event-stream`); at most MAX_STREAMS_PER_CALLER streams per caller.',
})
