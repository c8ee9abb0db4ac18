import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { users } from '../../db/schema'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { contactsWhere } from '../../permissions/contacts'
import { escapeLike, parseInput } from '../../validation'
import { fail, type AssigneeView, type TodoDeps } from './todo-deps'

/** The users a task may be assigned to (the caller and their contacts), by name, searched. */
export async function assignees({ db }: TodoDeps, actor: Principal, qRaw?: string | null): Promise<AssigneeView[]> {
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

/** The assignee given (undefined: unchanged, null: none), checked to be the caller or one of their contacts. */
export async function checkAssignee({ db }: TodoDeps, actor: Principal, raw: string | number | null | undefined): Promise<number | null | undefined> {
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
