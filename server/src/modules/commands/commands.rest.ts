import type { Hono } from 'hono'
import { z } from 'zod'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { codedError, type RouteDoc } from '../../http/route-doc'
import { rule, scoped } from '../../permissions/abilities'
import { parseFields } from '../../validation'
import { commandAvailabilities, commandLevels, type ChatCommandRow } from './commands.tables'

/**
 * The integrators' REST door to a channel's commands (issue 32): the same service as the
 * GraphQL fields, for a signed-in person or a personal access token with the scope. The body's
 * shape is checked here; the command's own rules (trigger, length, variables) by the service.
 */
const commandBody = z.strictObject({
  trigger: z.string().max(200),
  response: z.string().max(2000),
  cooldownSeconds: z.number().int().nullish(),
  userCooldownSeconds: z.number().int().nullish(),
  permission: z.enum(commandLevels).nullish(),
  enabled: z.boolean().nullish(),
  category: z.string().max(200).nullish(),
  aliases: z.array(z.string().max(200)).max(50).nullish(),
  availability: z.enum(commandAvailabilities).nullish(),
  allowedUsers: z.array(z.string().max(200)).max(500).nullish(),
  deniedUsers: z.array(z.string().max(200)).max(500).nullish(),
})

const toJson = (c: ChatCommandRow) => ({
  id: String(c.id),
  channelId: String(c.channelId),
  trigger: c.trigger,
  response: c.response,
  aliases: c.aliases,
  permission: c.permission,
  availability: c.availability,
  cooldownSeconds: c.cooldownSeconds,
  userCooldownSeconds: c.userCooldownSeconds,
  enabled: c.enabled,
  category: c.category,
  useCount: c.useCount,
  updatedAt: c.updatedAt.toISOString(),
})

const commandJson = z.object({
  id: z.string(),
  channelId: z.string(),
  trigger: z.string(),
  response: z.string(),
  aliases: z.array(z.string()),
  permission: z.string(),
  availability: z.string(),
  cooldownSeconds: z.number().int(),
  userCooldownSeconds: z.number().int(),
  enabled: z.boolean(),
  category: z.string().nullable(),
  useCount: z.number().int(),
  updatedAt: z.string().meta({ description: 'ISO 8601.' }),
})
const channelParam = z.object({ channelId: z.string().meta({ description: 'One of your channels (another owner’s is a 404).' }) })

const commandDocs = {
  list: {
    summary: 'The commands of a channel',
    description: 'For a signed-in owner or team member whose group views commands, or a personal access token with commands:read.',
    params: channelParam,
    responses: {
      200: { description: '`{commands}`.', body: z.object({ commands: z.array(commandJson) }) },
      403: { description: 'A team member whose group does not view commands: the coded error FORBIDDEN.', body: codedError },
      404: { description: 'Not one of your channels: the coded error NOT_FOUND.', body: codedError },
    },
  },
  create: {
    summary: 'Add a command to a channel',
    description:
      'For a signed-in owner or team member whose group manages commands, or a personal access token with commands:write. The command’s own rules (trigger, length, variables) answer 400 with the field.',
    params: channelParam,
    body: commandBody,
    responses: {
      201: { description: '`{command}`.', body: z.object({ command: commandJson }) },
      403: { description: 'A team member whose group does not manage commands: the coded error FORBIDDEN.', body: codedError },
      404: { description: 'Not one of your channels: the coded error NOT_FOUND.', body: codedError },
    },
  },
} satisfies Record<string, RouteDoc>

/** GET → `{commands: [...]}`; POST `{trigger, response, …}` → 201 `{command}`. Another owner's channel is a 404. */
export function mountCommandRoutes(app: Hono<AppEnv>) {
  guarded(app, 'GET', '/api/v1/channels/:channelId/commands', scoped(rule.signedIn, 'commands:read'), commandDocs.list, async (c, principal) => {
    const { channels, commands } = c.get('services')
    // The same check as GraphQL's Channel.commands: the owner, or a team member with view on commands.
    const channel = await channels.access(principal.userId, c.req.param('channelId') ?? '', 'commands', 'view')
    return c.json({ commands: (await commands.listCommands(channel.id)).map(toJson) })
  })
  guarded(app, 'POST', '/api/v1/channels/:channelId/commands', scoped(rule.signedIn, 'commands:write'), commandDocs.create, async (c, principal) => {
    const input = parseFields(commandBody, await jsonBody(c))
    const command = await c.get('services').commands.createCommand(principal.userId, c.req.param('channelId') ?? '', input)
    return c.json({ command: toJson(command) }, 201)
  })
}
