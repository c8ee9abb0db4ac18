import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { taskTags, type TaskTag } from './todo.tables'

export const taskFilters = ['important', 'completed', 'deleted'] as const
export const taskSorts = ['latest', 'title-asc', 'title-desc', 'assignee', 'due-date'] as const
export const MAX_TITLE_LENGTH = 200
export const MAX_DESCRIPTION_LENGTH = 5000
export const MAX_PER_PAGE = 100
export const DEFAULT_PER_PAGE = 50

/** A task as the spec shows it (section 3), with the assignee's id for editing. */
export interface TaskView {
  id: number
  title: string
  dueDate: string | null
  description: string
  assigneeId: number | null
  assignee: { fullName: string; avatar: string | null } | null
  tags: TaskTag[]
  isCompleted: boolean
  isDeleted: boolean
  isImportant: boolean
}

export interface AssigneeView {
  id: number
  fullName: string
  avatar: string | null
}

export interface ListTasksArgs {
  q?: string | null
  filter?: string | null
  tag?: string | null
  sortBy?: string | null
  page?: number | null
  perPage?: number | null
}

export interface TaskInput {
  title?: unknown
  dueDate?: unknown
  description?: unknown
  assigneeId?: unknown
  tags?: unknown
  isCompleted?: unknown
  isImportant?: unknown
  isDeleted?: unknown
}

/** What createTodoService is given, and what its use cases share. */
export interface TodoDeps {
  db: Db
  now: () => Date
}

export function fail(field: string, message: string): never {
  throw new AppError('BAD_USER_INPUT', message, { [field]: [message] })
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a calendar date')

const taskFields = {
  title: z
    .string({ message: 'The title must be text' })
    .trim()
    .min(1, 'The title is empty')
    .max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters`),
  dueDate: z.union([isoDate, z.literal(''), z.null()]).transform((v) => (v ? v : null)),
  description: z
    .string({ message: 'The description must be text' })
    .max(MAX_DESCRIPTION_LENGTH, `A description has at most ${MAX_DESCRIPTION_LENGTH} characters`),
  assigneeId: z.union([z.string(), z.number(), z.null()]),
  tags: z
    .array(z.enum(taskTags, { message: `Tags are ${taskTags.join(', ')}` }), { message: `Tags are a list of ${taskTags.join(', ')}` })
    .max(taskTags.length)
    .transform((t) => [...new Set(t)]),
  isCompleted: z.boolean({ message: 'true or false' }),
  isImportant: z.boolean({ message: 'true or false' }),
  isDeleted: z.boolean({ message: 'true or false' }),
}
export const createSchema = z.object({
  ...taskFields,
  dueDate: taskFields.dueDate.optional(),
  description: taskFields.description.optional(),
  assigneeId: taskFields.assigneeId.optional(),
  tags: taskFields.tags.optional(),
  isCompleted: taskFields.isCompleted.optional(),
  isImportant: taskFields.isImportant.optional(),
  isDeleted: taskFields.isDeleted.optional(),
})
export const updateSchema = createSchema.partial()

export const listSchema = z.object({
  q: z.string().max(200, 'The search has at most 200 characters').nullish(),
  filter: z.enum(taskFilters, { message: `filter is one of ${taskFilters.join(', ')}` }).nullish(),
  tag: z.enum(taskTags, { message: `tag is one of ${taskTags.join(', ')}` }).nullish(),
  sortBy: z.enum(taskSorts, { message: `sortBy is one of ${taskSorts.join(', ')}` }).nullish(),
  page: z.number().int().min(1, 'page starts at 1').max(100_000).nullish(),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE, `perPage is at most ${MAX_PER_PAGE}`).nullish(),
})
