import type { Principal } from '../../permissions/abilities'
import { assignees } from './assignees'
import { get, list } from './read-tasks'
import type { ListTasksArgs, TodoDeps } from './todo-deps'
import { create, remove, update } from './write-tasks'

export {
  DEFAULT_PER_PAGE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PER_PAGE,
  MAX_TITLE_LENGTH,
  taskFilters,
  taskSorts,
  type AssigneeView,
  type ListTasksArgs,
  type TaskInput,
  type TaskView,
} from './todo-deps'

/**
 * Tasks (spec sections 3, 4 and 7, /apps/todo): a user sees the tasks they wrote or are
 * assigned (a reseller also their clients', an admin all); any of them may be changed by
 * whoever sees it. Assignees are the caller and the users they work with (their contacts:
 * a client's reseller and the admins, a reseller's clients and the admins, anyone for an
 * admin). Deleting is soft. Search, filters, sort and paging happen in SQL.
 */
export function createTodoService(deps: TodoDeps) {
  return {
    list: (actor: Principal, args: ListTasksArgs) => list(deps, actor, args),
    get: (actor: Principal, idRaw: string | number) => get(deps, actor, idRaw),
    assignees: (actor: Principal, qRaw?: string | null) => assignees(deps, actor, qRaw),
    create: (actor: Principal, input: unknown) => create(deps, actor, input),
    update: (actor: Principal, idRaw: string | number, input: unknown) => update(deps, actor, idRaw, input),
    remove: (actor: Principal, idRaw: string | number) => remove(deps, actor, idRaw),
  }
}

export type TodoService = ReturnType<typeof createTodoService>
