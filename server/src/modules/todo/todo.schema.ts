import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { AppError } from '../../errors'
import type { AssigneeView, TaskView } from './todo.service'
import { taskFilters, taskSorts } from './todo.service'
import { taskTags } from './todo.tables'

const TodoTagEnum = builder.enumType('TodoTag', { values: taskTags })
const TodoFilterEnum = builder.enumType('TodoFilter', {
  description: 'Without one: the tasks not deleted.',
  values: taskFilters,
})
const TodoSortEnum = builder.enumType('TodoSort', {
  values: Object.fromEntries(taskSorts.map((s) => [s.replace('-', '_').toUpperCase(), { value: s }])) as Record<string, { value: (typeof taskSorts)[number] }>,
})

const TodoAssigneeRef = builder.objectRef<AssigneeView>('TodoAssignee').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (a) => String(a.id) }),
    fullName: t.exposeString('fullName'),
    avatar: t.exposeString('avatar', { nullable: true }),
  }),
})

const TodoTaskRef = builder.objectRef<TaskView>('TodoTask').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (x) => String(x.id) }),
    title: t.exposeString('title'),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    description: t.exposeString('description'),
    assignee: t.field({
      type: TodoAssigneeRef,
      nullable: true,
      resolve: (x) => (x.assigneeId === null || !x.assignee ? null : { id: x.assigneeId, fullName: x.assignee.fullName, avatar: x.assignee.avatar }),
    }),
    tags: t.field({ type: [TodoTagEnum], resolve: (x) => x.tags }),
    isCompleted: t.exposeBoolean('isCompleted'),
    isDeleted: t.exposeBoolean('isDeleted'),
    isImportant: t.exposeBoolean('isImportant'),
  }),
})

const TodoTaskPageRef = builder.objectRef<{ tasks: TaskView[]; total: number }>('TodoTaskPage').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    tasks: t.field({ type: [TodoTaskRef], resolve: (p) => p.tasks }),
    total: t.exposeInt('total', { description: 'Tasks matching the filters, over all pages.' }),
  }),
})

const TodoTaskInput = builder.inputType('TodoTaskInput', {
  description: 'On update, only the fields given change (assigneeId null unassigns).',
  fields: (t) => ({
    title: t.string({ description: '1 to 200 characters; required to create.' }),
    dueDate: t.string({ description: 'YYYY-MM-DD, or null.' }),
    description: t.string(),
    assigneeId: t.id({ description: 'You or one of todoAssignees.' }),
    tags: t.field({ type: [TodoTagEnum] }),
    isCompleted: t.boolean(),
    isImportant: t.boolean(),
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
      filter: t.arg({ type: TodoFilterEnum }),
      tag: t.arg({ type: TodoTagEnum }),
      sortBy: t.arg({ type: TodoSortEnum, description: 'LATEST by default.' }),
      page: t.arg.int({ defaultValue: 1 }),
      perPage: t.arg.int({ defaultValue: 50 }),
    },
    resolve: (_r, args, ctx) => ctx.services.todo.list(ctx.principal, args),
  }),
  todoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.todo.get(ctx.principal, id),
  }),
  todoAssignees: t.withAuth({ signedIn: true }).field({
    type: [TodoAssigneeRef],
    description: 'Whom you may assign a task to (you and the users you work with), by name, searched (first 50).',
    args: { q: t.arg.string() },
    resolve: (_r, { q }, ctx) => ctx.services.todo.assignees(ctx.principal, q),
  }),
}))

const missing = () => new AppError('NOT_FOUND', 'No such task')

builder.mutationFields((t) => ({
  createTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    args: { input: t.arg({ type: TodoTaskInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.todo.create(ctx.principal, defined(input)),
  }),
  updateTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TodoTaskInput, required: true }) },
    resolve: async (_r, { id, input }, ctx) => (await ctx.services.todo.update(ctx.principal, id, defined(input))) ?? Promise.reject(missing()),
  }),
  deleteTodoTask: t.withAuth({ signedIn: true }).field({
    type: TodoTaskRef,
    description: 'Soft delete: the task moves to the deleted filter (updateTodoTask with isDeleted false restores it).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.todo.remove(ctx.principal, id)) ?? Promise.reject(missing()),
  }),
}))
