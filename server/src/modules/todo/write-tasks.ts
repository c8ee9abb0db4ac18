import { eq } from 'drizzle-orm'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { parseInput } from '../../validation'
import { checkAssignee } from './assignees'
import { get } from './read-tasks'
import { createSchema, fail, updateSchema, type TaskView, type TodoDeps } from './todo-deps'
import { todoTasks } from './todo.tables'

export async function create(deps: TodoDeps, actor: Principal, input: unknown): Promise<TaskView> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) fail('task', 'A task is an object')
  const v = parseInput(createSchema, input, 'task')
  const assigneeId = await checkAssignee(deps, actor, v.assigneeId)
  const at = deps.now()
  const [row] = await deps.db
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
  return (await get(deps, actor, row!.id))!
}

/** Changes the fields given; null when the caller does not see the task. */
export async function update(deps: TodoDeps, actor: Principal, idRaw: string | number, input: unknown): Promise<TaskView | null> {
  const id = toId(idRaw)
  if (!input || typeof input !== 'object' || Array.isArray(input)) fail('task', 'A task is an object')
  const v = parseInput(updateSchema, input, 'task')
  if (!(await get(deps, actor, id))) return null
  const assigneeId = await checkAssignee(deps, actor, v.assigneeId)
  const set: Partial<typeof todoTasks.$inferInsert> = { updatedAt: deps.now() }
  if (v.title !== undefined) set.title = v.title
  if (v.dueDate !== undefined) set.dueDate = v.dueDate
  if (v.description !== undefined) set.description = v.description
  if (assigneeId !== undefined) set.assigneeId = assigneeId
  if (v.tags !== undefined) set.tags = v.tags
  if (v.isCompleted !== undefined) set.isCompleted = v.isCompleted
  if (v.isImportant !== undefined) set.isImportant = v.isImportant
  if (v.isDeleted !== undefined) set.isDeleted = v.isDeleted
  await deps.db.update(todoTasks).set(set).where(eq(todoTasks.id, id))
  return get(deps, actor, id)
}

/** Soft delete (spec section 4); null when the caller does not see the task. */
export async function remove(deps: TodoDeps, actor: Principal, idRaw: string | number): Promise<TaskView | null> {
  const id = toId(idRaw)
  if (!(await get(deps, actor, id))) return null
  await deps.db.update(todoTasks).set({ isDeleted: true, updatedAt: deps.now() }).where(eq(todoTasks.id, id))
  return get(deps, actor, id)
}
