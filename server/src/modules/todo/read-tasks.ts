import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { escapeLike, parseInput } from '../../validation'
import { DEFAULT_PER_PAGE, listSchema, type ListTasksArgs, type TaskView, type TodoDeps } from './todo-deps'
import { todoTasks, type TodoTaskRow } from './todo.tables'

const assigneeName = sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${todoTasks.assigneeId})`
const assigneeAvatar = sql<string | null>`(select u.avatar from users u where u.id = ${todoTasks.assigneeId})`

/** The tasks the actor sees: written or assigned (a reseller also their clients', an admin all). */
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

function orderOf(sortBy: string): SQL[] {
  switch (sortBy) {
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
}

/** Search, filters, sort and paging, in SQL. */
export async function list({ db }: TodoDeps, actor: Principal, args: ListTasksArgs): Promise<{ tasks: TaskView[]; total: number }> {
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
  const order = orderOf(a.sortBy ?? 'latest')
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
export async function get({ db }: TodoDeps, actor: Principal, idRaw: string | number): Promise<TaskView | null> {
  const id = toId(idRaw)
  const [row] = await db
    .select(columns)
    .from(todoTasks)
    .where(and(eq(todoTasks.id, id), visible(actor)))
  return row ? toView(row) : null
}
