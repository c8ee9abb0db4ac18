import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { AppError } from '../../errors'
import type { AssigneeView, TaskView } from './todo.service'
import { type taskFilters, taskSorts } from './todo.service'
import type { taskTags } from './todo.tables'

const TodoTagEnum = builder.enumType('TodoTag', {
  description: 'A label on a task.',
  values: {
    team: { description: 'Team work.' },
    low: { description: 'Low priority.' },
    medium: { description: 'Medium priority.' },
    high: { description: 'High priority.' },
    update: { description: 'An update to make.' },
  } satisfies Record<(typeof taskTags)[number], { description: string }>,
})
const TodoFilterEnum = builder.enumType('TodoFilter', {
  description: 'Without one: the tasks not deleted.',
  values: {
    important: { description: 'Important tasks not deleted.' },
    completed: { description: 'Completed tasks not deleted.' },
    deleted: { description: 'Deleted tasks.' },
  } satisfies Record<(typeof taskFilters)[number], { description: string }>,
})
const sortDescriptions: Record<(typeof taskSorts)[number], string> = {
  latest: 'Newest first.',
  'title-asc': 'By title, A to Z.',
  'title-desc': 'By title, Z to A.',
  assignee: 'By the assignee’s name.',
  'due-date': 'By due date, soonest first.',
}
const TodoSortEnum = builder.enumType('TodoSort', {
  description: 'The order of the task list.',
  values: Object.fromEntries(taskSorts.map((s) => [s.replace('-', '_').toUpperCase(), { value: s, description: sortDescriptions[s] }])) as Record<
    string,
    { value: (typeof taskSorts)[number]; description: string }
  >,
})

const TodoAssigneeRef = builder.objectRef<AssigneeView>('TodoAssignee').implement({
  extensions: guardedByParent,
  description: 'A user a task can be assigned to.',
  fields: (t) => ({
    id: t.id({ description: 'The user id.', resolve: (a) => String(a.id) }),
    fullName: t.exposeString('fullName', { description: 'Their name (full name, else username).' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
  }),
})

const TodoTaskRef = builder.objectRef<TaskView>('TodoTask').implement({
  extensions: guardedByParent,
  description: 'A task of the to-do app.',
  fields: (t) => ({
    id: t.id({ description: 'The task id (a decimal number as a string).', resolve: (x) => String(x.id) }),
    title: t.exposeString('title', { description: '1 to 200 characters.' }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    description: t.exposeString('description', { description: 'Notes, at most 5000 characters (may be empty).' }),
    assignee: t.field({
      type: TodoAssigneeRef,
      nullable: true,
      description: 'Who it is assigned to; null: nobody.',
      resolve: (x) => (x.assigneeId === null || !x.assignee ? null : { id: x.assigneeId, fullName: x.assignee.fullName, avatar: x.assignee.avatar }),
    }),
    tags: t.field({ type: [TodoTagEnum], description: 'Its labels.', resolve: (x) => x.tags }),
    isCompleted: t.exposeBoolean('isCompleted', { description: 'Done.' }),
    isDeleted: t.exposeBoolean('isDeleted', { description: 'In the deleted list (can be restored).' }),
    isImportant: t.exposeBoolean('isImportant', { description: 'Marked important.' }),
  }),
})

const TodoTaskPageRef = builder.objectRef<{ tasks: TaskView[]; total: number }>('TodoTaskPage').implement({
  extensions: guardedByParent,
  description: 'One page of tasks.',
  fields: (t) => ({
    tasks: t.field({ type: [TodoTaskRef], description: 'The tasks of this page.', resolve: (p) => p.tasks }),
    total: t.exposeInt('total', { description: 'Tasks matching the filters, over all pages.' }),
  }),
})

const TodoTaskInput = builder.inputType('TodoTaskInput', {
  description: 'On update, only the fields given change (assigneeId null unassigns).',
  fields: (t) => ({
    title: t.string({ description: '1 to 200 characters; required to create.' }),
    dueDate: t.string({ description: 'YYYY-MM-DD, or null.' }),
    description: t.string({ description: 'Notes, at most 5000 characters.' }),
    assigneeId: t.id({ description: 'You or one of todoAssignees.' }),
    tags: t.field({ type: [TodoTagEnum], description: 'Its labels (each once).' }),
    isCompleted: t.boolean({ description: 'Done.' }),
    isImportant: t.boolean({ description: 'Important.' }),
    isDeleted: t.boolean({ description: 'false restores a deleted task.' }),
  }),
})

/** GraphQL leaves absent fields out; explicit nulls stay (assigneeId: null unassigns). */
const defined = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))

builder.queryFields((t) => ({
  // Support chat and tasks: signed in; the services scope (contacts: a client's reseller and
  // the admins, a reseller's clients and the admins, admins everyone; tasks written by or
  // assigned to the caller). Anyone else's thread or task reads as null / NOT_FOUND.
  todoTasks: t.withAuth({ signedIn: true }).field({
    type: TodoTaskPageRef,
    description:
      "Your tasks (written by or assigned to you; a reseller also their clients', admins all), searched, filtered, sorted and paged in the database.",
    args: {
      q: t.arg.string({ description: 'Searches the title.' }),
      filter: t.arg({ type: TodoFilterEnum, description: 'Which list; omitted: every task not deleted.' }),
      tag: t.arg({ type: TodoTagEnum, description: 'Only tasks with this label.' }),
      sortBy: t.arg({ type: TodoSortEnum, description: 'LATEST by default.' }),
      page: t.arg.int({ defaultValue: 1, description: 'The page, from 1.' }),
      perPage: t.arg.int({ defaultValue: 50, description: 'Tasks per page, 1 to 100.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.todo.list(ctx.principal, args),
  }),
  todoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    nullable: true,
    description: 'One of your tasks; null when unknown or not yours.',
    args: { id: t.arg.id({ required: true, description: 'The task id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.todo.get(ctx.principal, id),
  }),
  todoAssignees: t.withAuth({ signedIn: true }).field({
    type: [TodoAssigneeRef],
    description: 'Whom you may assign a task to (you and the users you work with), by name, searched (first 50).',
    args: { q: t.arg.string({ description: 'Part of a name; omitted: the first 50.' }) },
    resolve: (_r, { q }, ctx) => ctx.services.todo.assignees(ctx.principal, q),
  }),
}))

const missing = () => new AppError('NOT_FOUND', 'No such task')

builder.mutationFields((t) => ({
  createTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    description: 'Adds a task (title required).',
    args: { input: t.arg({ type: TodoTaskInput, required: true, description: 'The task.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.todo.create(ctx.principal, defined(input)),
  }),
  updateTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    description: 'Changes one of your tasks; NOT_FOUND when unknown or not yours.',
    args: {
      id: t.arg.id({ required: true, description: 'The task id.' }),
      input: t.arg({ type: TodoTaskInput, required: true, description: 'The fields to change.' }),
    },
    resolve: async (_r, { id, input }, ctx) => (await ctx.services.todo.update(ctx.principal, id, defined(input))) ?? Promise.reject(missing()),
  }),
  deleteTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    description: 'Soft delete: the task moves to the deleted filter (updateTodoTask with isDeleted false restores it).',
    args: { id: t.arg.id({ required: true, description: 'The task id.' }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.todo.remove(ctx.principal, id)) ?? Promise.reject(missing()),
  }),
}))
