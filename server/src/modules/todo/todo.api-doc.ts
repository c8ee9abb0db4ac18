import { z } from 'zod'
import { notFound, type RouteDoc } from '../../http/route-doc'
import { createSchema, taskFilters, taskSorts } from './todo-deps'
import { taskTags } from './todo.tables'

const own = 'A task the caller does not see is a 404 with no body.'
const task = z
  .looseObject({
    id: z.number().int(),
    title: z.string(),
    dueDate: z.string().nullable(),
    description: z.string(),
    assignee: z.object({ fullName: z.string(), avatar: z.string().nullable() }).nullable(),
    tags: z.array(z.string()),
    isCompleted: z.boolean(),
    isImportant: z.boolean(),
    isDeleted: z.boolean(),
  })
  .meta({ id: 'Task', description: 'A task (spec section 3); the assignee as {fullName, avatar}.' })

export const todoDocs = {
  list: {
    summary: 'The caller’s tasks',
    query: z.object({
      q: z.string().max(200).optional().meta({ description: 'Matches the title.' }),
      filter: z.enum(taskFilters).optional().meta({ description: 'Default: the tasks not deleted.' }),
      tag: z.enum(taskTags).optional(),
      sortBy: z.enum(taskSorts).optional(),
      page: z
        .string()
        .regex(/^\d{1,9}$/)
        .optional(),
      perPage: z
        .string()
        .regex(/^\d{1,9}$/)
        .optional(),
    }),
    responses: { 200: { description: 'The tasks.', body: z.array(task), headers: { 'X-Total-Count': 'The number of matching tasks.' } } },
  },
  assignees: {
    summary: 'Users a task may be assigned to',
    query: z.object({ q: z.string().optional() }),
    responses: { 200: { description: 'The users (id, fullName, avatar).', body: z.array(z.looseObject({ id: z.number().int() })) } },
  },
  create: {
    summary: 'Create a task',
    description: 'The assignee is set with `task.assigneeId` (one of /apps/todo/assignees).',
    body: z.object({ task: createSchema }),
    responses: { 201: { description: '`{task}`.', body: z.object({ task }) } },
  },
  update: {
    summary: 'Change a task',
    description: own,
    body: z.object({ task: createSchema.partial() }),
    responses: { 200: { description: '`{task}`.', body: z.object({ task }) }, 404: notFound() },
  },
  remove: {
    summary: 'Delete a task (soft: isDeleted true)',
    description: own,
    responses: { 200: { description: '`{task}` with isDeleted true.', body: z.object({ task }) }, 404: notFound() },
  },
} satisfies Record<string, RouteDoc>
