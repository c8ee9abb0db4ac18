import { EnvelopArmor } from '@escape.tech/graphql-armor'
import { GraphQLError, NoSchemaIntrospectionCustomRule, validate, type DocumentNode, type GraphQLSchema } from 'graphql'
import { createYoga, handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga'
import type { Config } from '../config'
import { asServiceUnavailable } from '../db/resilience'
import { AppError, isAppError } from '../errors'
import { findUnstorableLiteral, findUnstorableText, unstorableTextError } from '../http/text-input'
import { operationForDeadline, operationLabel } from '../http/deadline'
import type { Logger } from '../logger'
import type { Principal } from '../permissions/abilities'
import type { Services } from '../services'
import type { GraphQLContext } from './context'
import { renderGraphiQLPage } from './graphiql'
import { buildSchema } from './schema'
import { endSubscriptionsOn } from './end-on-shutdown'
import { limitStreams } from './stream-limit'

export interface ServerContext {
  clientKey: string
  /** The HTTP request's id (app.ts), in the log line of an unexpected error. */
  requestId?: string
}

interface RunArgs {
  schema: GraphQLSchema
  document: DocumentNode
  variableValues?: unknown
  contextValue: GraphQLContext
}

/** A plugin that answers `check`'s errors instead of running an operation (query, mutation or subscription). */
function refuseBeforeRunning(check: (args: RunArgs) => { errors: GraphQLError[] } | null): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = check(args as RunArgs)
      if (refused) setResultAndStopExecution(refused)
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = check(args as RunArgs)
      if (refused) setResultAndStopExecution(refused)
    },
  }
}

/**
 * In production, only admins may introspect the schema. Checked when the operation is about
 * to run: validation happens before the context (and so the caller) is built. The walk is made
 * once per document (yoga's parser cache hands the same DocumentNode to every request with the
 * same text), not per request.
 */
const introspectionForAdmins = (production: boolean) => {
  const introspects = new WeakMap<DocumentNode, readonly GraphQLError[]>()
  return refuseBeforeRunning((args) => {
    if (!production || args.contextValue.principal?.admin) return null
    let errors = introspects.get(args.document)
    if (!errors) {
      errors = validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule])
      introspects.set(args.document, errors)
    }
    if (errors.length === 0) return null
    return { errors: errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) }
  })
}

/** Strings the database cannot store (NUL, unpaired surrogates) are refused before any resolver runs. */
const refuseUnstorableText = () =>
  refuseBeforeRunning((args) => {
    const found = findUnstorableText(args.variableValues ?? {}, 'variables') ?? (findUnstorableLiteral(args.document) ? 'query' : null)
    return found ? { errors: [unstorableTextError(found).toGraphQL()] } : null
  })

const originalOf = (error: unknown): unknown => (error instanceof GraphQLError ? (error.originalError ?? error) : error)

/** The error as a client may see it, or null when it is unexpected (then logged and masked). */
function publicError(error: unknown): GraphQLError | null {
  const original = originalOf(error)
  if (isAppError(original)) return original.toGraphQL()
  // A variable that does not coerce (a string for an Int, an unknown enum value) is the
  // caller's input: 400 under GraphQL over HTTP (`spec`: a legacy application/json
  // client still gets 200), and nothing in the error log.
  if (error instanceof GraphQLError && error.message.startsWith('Variable "$')) {
    return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT', http: { status: 400, spec: true } } })
  }
  const unavailable = asServiceUnavailable(original)
  if (unavailable) return unavailable.toGraphQL()
  if (original instanceof GraphQLError && original.extensions?.code) return original
  if (error instanceof GraphQLError && !error.originalError) return error
  return null
}

/**
 * Logs an operation's unexpected errors (before yoga masks them) with the request id and the
 * operation, so a client's report ("request id …") finds its stack in the log.
 */
function logUnexpectedErrors(log: Logger, logged: WeakSet<Error>): Plugin<GraphQLContext & ServerContext> {
  const logErrors = (errors: readonly GraphQLError[] | undefined, ctx: GraphQLContext & ServerContext, operation: string | undefined) => {
    for (const error of errors ?? []) {
      const original = originalOf(error)
      if (publicError(error) || !(original instanceof Error) || logged.has(original)) continue
      logged.add(original)
      log.error({ err: original, requestId: ctx.requestId, operation, path: error.path?.join('.') }, 'unexpected GraphQL error')
    }
  }
  return {
    onExecute({ args }) {
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => logErrors(result.errors, args.contextValue, operationLabel(args))),
      }
    },
    onSubscribe({ args }) {
      return {
        onSubscribeResult: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => logErrors(result.errors, args.contextValue, operationLabel(args))),
      }
    },
  }
}

export function createGraphQL(deps: { config: Config; services: Services; log: Logger; shutdown?: AbortSignal }) {
  const { config, services, log } = deps
  const production = config.NODE_ENV === 'production'
  const armor = new EnvelopArmor({
    maxDepth: { n: config.GRAPHQL_MAX_DEPTH },
    maxAliases: { n: 15 },
    costLimit: { maxCost: 5000 },
    maxDirectives: { n: 20 },
    maxTokens: { n: 2000 },
  })
  const logged = new WeakSet<Error>()
  return createYoga<ServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: config.GRAPHIQL ? { title: 'Channel Assistant GraphQL' } : false,
    // Its scripts and styles from this server (graphiql.ts), never a CDN.
    renderGraphiQL: renderGraphiQLPage,
    landingPage: false,
    // The HTTP layer limits bodies (app.ts: limitBody on /graphql) before yoga sees them.
    maxRequestBodySize: false,
    cors: false,
    logging: false,
    plugins: [
      ...armor.protect().plugins,
      introspectionForAdmins(production),
      refuseUnstorableText(),
      operationForDeadline,
      endSubscriptionsOn(deps.shutdown),
      logUnexpectedErrors(log, logged),
      // Last: a subscription another plugin refuses takes no place.
      limitStreams(config.MAX_STREAMS_PER_CALLER),
    ],
    maskedErrors: {
      maskError(error, message) {
        const shown = publicError(error)
        if (shown) return shown
        const original = originalOf(error)
        // Logged with its request id where the operation ran (logUnexpectedErrors); here only
        // what failed outside an operation.
        if (!(original instanceof Error && logged.has(original))) log.error({ err: original }, 'unexpected GraphQL error')
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } })
      },
    },
    context: async ({ request, clientKey }): Promise<GraphQLContext> => {
      const header = request.headers.get('authorization')
      let principal: Principal | null = null
      let user: GraphQLContext['user'] = null
      if (header) {
        const match = /^Bearer\s+(\S+)$/i.exec(header)
        try {
          if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Malformed Authorization header')
          ;({ principal, user } = await services.auth.principalFromToken(match[1]))
        } catch (e) {
          // A bad or expired token is a 401, so the client refreshes once and replays.
          const unavailable = asServiceUnavailable(e)
          if (unavailable) throw unavailable.toGraphQL()
          const err = isAppError(e) ? e : new AppError('UNAUTHENTICATED', 'Invalid access token')
          throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: 401 } } })
        }
      }
      return {
        principal,
        user,
        services,
        clientKey,
        userAgent: request.headers.get('user-agent') ?? undefined,
        acceptLanguage: request.headers.get('accept-language') ?? undefined,
      }
    },
  })
}
