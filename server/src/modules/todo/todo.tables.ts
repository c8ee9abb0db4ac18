import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const taskTags = ['team', 'low', 'medium', 'high', 'update'] as const
export type TaskTag = (typeof taskTags)[number]

/**
 * A task (spec section 3): written by its owner, assigned to a user in the owner's scope.
 * Deleting is soft (is_deleted, spec section 4).
 */
export const todoTasks = pgTable(
  'todo_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    description: text('description').notNull().default(''),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    tags: jsonb('tags')
      .$type<TaskTag[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isCompleted: boolean('is_completed').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('todo_tasks_owner_idx').on(t.ownerId, t.id), index('todo_tasks_assignee_idx').on(t.assigneeId, t.id)],
)

export type TodoTaskRow = typeof todoTasks.$inferSelect
