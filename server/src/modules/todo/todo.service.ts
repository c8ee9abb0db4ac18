import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { escapeLike, parseInput } from '../../validation'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { contactsWhere } from '../../permissions/contacts'
import { taskTags, todoTasks, type TaskTag, type TodoTaskRow } from './todo.tables'

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

function fail(field: string, message: string): never {
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
const createSchema = z.object({
  ...taskFields,
  dueDate: taskFields.dueDate.optional(),
  description: taskFields.description.optional(),
  assigneeId: taskFields.assigneeId.optional(),
  tags: taskFields.tags.optional(),
  isCompleted: taskFields.isCompleted.optional(),
  isImportant: taskFields.isImportant.optional(),
  isDeleted: taskFields.isDeleted.optional(),
})
const updateSchema = createSchema.partial()

const listSchema = z.object({
  q: z.string().max(200, 'The search has at most 200 characters').nullish(),
  filter: z.enum(taskFilters, { message: `filter is one of ${taskFilters.join(', ')}` }).nullish(),
  tag: z.enum(taskTags, { message: `tag is one of ${taskTags.join(', ')}` }).nullish(),
  sortBy: z.enum(taskSorts, { message: `sortBy is one of ${taskSorts.join(', ')}` }).nullish(),
  page: z.number().int().min(1, 'page starts at 1').max(100_000).nullish(),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE, `perPage is at most ${MAX_PER_PAGE}`).nullish(),
})

/**
 * Tasks (spec sections 3, 4 and 7, /apps/todo): a user sees the tasks they wrote or are
 * assigned (a reseller also their clients', an admin all); any of them may be changed by
 * whoever sees it. Assignees are the caller and the users they work with (their contacts:
 * a client's reseller and the admins, a reseller's clients and the admins, anyone for an
 * admin). Deleting is soft. Search, filters, sort and paging happen in SQL.
 */
export function createTodoService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps
  const assigneeName = sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${todoTasks.assigneeId})`
  const assigneeAvatar = sql<string | null>`(select u.avatar from users u where u.id = ${todoTasks.assigneeId})`

  function visible(actor: Principal): SQL | undefined {
    const me = actor.userId
    if (actor.admin) return undefined
    if (actor.role === 'reseller') {
      const mine = sql`(select u.id from users u where u.id = ${me} or u.reseller_id = ${me})`
      return or(sql`${todoTasks.ownerId} in ${mine}`, sql`${todoTasks.assigneeId} in ${mine}`)
    }
    return or(eq(todoTasks.ownerId, me), eq(todoTasks.assigneeId, me))
  }

  const columns = { task: todoTasks, assigneeName, assigneeAvatar }
  const toView = (r: { task: TodoTaskRow; assigneeName: string | null; assigneeAvatar: string | null }): TaskView => ({
    id: r.task.id,
    title: r.task.title,
    dueDate: r.task.dueDate,
    description: r.task.description,
    assigneeId: r.task.assigneeId,
    assignee: r.task.assigneeId === null ? null : { fullName: r.assigneeName ?? '', avatar: r.assigneeAvatar },
    tags: r.task.tags,
    isCompleted: r.task.isCompleted,
    isDeleted: r.task.isDeleted,
    isImportant: r.task.isImportant,
  })

  async function list(actor: Principal, args: ListTasksArgs): Promise<{ tasks: TaskView[]; total: number }> {
    const a = parseInput(listSchema, args, 'query')
    const conds: Array<SQL | undefined> = [visible(actor)]
    if (a.filter === 'deleted') conds.push(eq(todoTasks.isDeleted, true))
    else {
      conds.push(eq(todoTasks.isDeleted, false))
      if (a.filter === 'important') conds.push(eq(todoTasks.isImportant, true))
      if (a.filter === 'completed') conds.push(eq(todoTasks.isCompleted, true))
    }
    if (a.tag) conds.push(sql`${todoTasks.tags} @> ${JSON.stringify([a.tag])}::jsonb`)
    const q = a.q?.trim()
    if (q) conds.push(ilike(todoTasks.title, `%${escapeLike(q)}%`))
    const where = and(...conds)
    const order: SQL[] = (() => {
      switch (a.sortBy ?? 'latest') {
        case 'title-asc':
          return [asc(sql`lower(${todoTasks.title})`), desc(todoTasks.id)]
        case 'title-desc':
          return [desc(sql`lower(${todoTasks.title})`), desc(todoTasks.id)]
        case 'assignee':
          return [sql`lower(${assigneeName}) asc nulls last`, desc(todoTasks.id)]
        case 'due-date':
          return [sql`${todoTasks.dueDate} asc nulls last`, desc(todoTasks.id)]
        default:
          return [desc(todoTasks.id)]
      }
    })()
    const perPage = a.perPage ?? DEFAULT_PER_PAGE
    const page = a.page ?? 1
    const [rows, [total]] = [
      await db
        .select(columns)
        .from(todoTasks)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage),
      await db.select({ n: count() }).from(todoTasks).where(where),
    ]
    return { tasks: rows.map(toView), total: Number(total?.n ?? 0) }
  }

  /** One task the caller sees, or null (reads as missing). */
  async function get(actor: Principal, idRaw: string | number): Promise<TaskView | null> {
    const id = toId(idRaw)
    const [row] = await db
      .select(columns)
      .from(todoTasks)
      .where(and(eq(todoTasks.id, id), visible(actor)))
    return row ? toView(row) : null
  }

  /** The users a task may be assigned to (the caller and their contacts), by name, searched. */
  async function assignees(actor: Principal, qRaw?: string | null): Promise<AssigneeView[]> {
    const q = parseInput(z.string().max(100, 'The search has at most 100 characters').nullish(), qRaw, 'q')?.trim()
    const name = sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`
    const scope = or(eq(users.id, actor.userId), await contactsWhere(db, actor))
    const rows = await db
      .select({ id: users.id, fullName: name, avatar: users.avatar })
      .from(users)
      .where(q ? and(scope, or(ilike(users.fullName, `%${escapeLike(q)}%`), ilike(users.username, `%${escapeLike(q)}%`))) : scope)
      .orderBy(asc(name), asc(users.id))
      .limit(50)
    return rows
  }

  async function checkAssignee(actor: Principal, raw: string | number | null | undefined): Promise<number | null | undefined> {
    if (raw === undefined) return undefined
    if (raw === null || raw === '') return null
    const id = toId(raw, 'assigneeId')
    if (id === actor.userId) return id
    const [ok] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), await contactsWhere(db, actor)))
    if (!ok) fail('assigneeId', 'Assign the task to yourself or someone you work with')
    return id
  }

  async function create(actor: Principal, input: unknown): Promise<TaskView> {
    if (!input || typeof input !== 'object' || Array.isArray(input)) fail('task', 'A task is an object')
    const v = parseInput(createSchema, input, 'task')
    const assigneeId = await checkAssignee(actor, v.assigneeId)
    const at = now()
    const [row] = await db
      .insert(todoTasks)
      .values({
        ownerId: actor.userId,
        title: v.title,
        dueDate: v.dueDate ?? null,
        description: v.description ?? '',
        assigneeId: assigneeId ?? null,
        tags: v.tags ?? [],
        isCompleted: v.isCompleted ?? false,
        isImportant: v.isImportant ?? false,
        isDeleted: v.isDeleted ?? false,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: todoTasks.id })
    return (await get(actor, row!.id))!
  }

  /** Changes the fields given; null when the caller does not see the task. */
  async function update(actor: Principal, idRaw: string | number, input: unknown): Promise<TaskView | null> {
    const id = toId(idRaw)
    if (!input || typeof input !== 'object' || Array.isArray(input)) fail('task', 'A task is an object')
    const v = parseInput(updateSchema, input, 'task')
    if (!(await get(actor, id))) return null
    const assigneeId = await checkAssignee(actor, v.assigneeId)
    const set: Partial<typeof todoTasks.$inferInsert> = { updatedAt: now() }
    if (v.title !== undefined) set.title = v.title
    if (v.dueDate !== undefined) set.dueDate = v.dueDate
    if (v.description !== undefined) set.description = v.description
    if (assigneeId !== undefined) set.assigneeId = assigneeId
    if (v.tags !== undefined) set.tags = v.tags
    if (v.isCompleted !== undefined) set.isCompleted = v.isCompleted
    if (v.isImportant !== undefined) set.isImportant = v.isImportant
    if (v.isDeleted !== undefined) set.isDeleted = v.isDeleted
    await db.update(todoTasks).set(set).where(eq(todoTasks.id, id))
    return get(actor, id)
  }

  /** Soft delete (spec section 4); null when the caller does not see the task. */
  async function remove(actor: Principal, idRaw: string | number): Promise<TaskView | null> {
    const id = toId(idRaw)
    if (!(await get(actor, id))) return null
    await db.update(todoTasks).set({ isDeleted: true, updatedAt: now() }).where(eq(todoTasks.id, id))
    return get(actor, id)
  }

  return { list, get, assignees, create, update, remove }
}

export type TodoService = ReturnType<typeof createTodoService>
