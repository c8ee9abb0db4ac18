import { rule } from '../../permissions/abilities'
import type { Context, Hono } from 'hono'
import { AppError } from '../../errors'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import type { TaskView } from './todo.service'
import { todoDocs } from './todo.api-doc'

/** The spec's task shape (section 3): the assignee as {fullName, avatar}. */
const toSpec = ({ assigneeId: _assigneeId, ...t }: TaskView) => t

const intParam = (c: Context<AppEnv>, name: string): number | undefined => {
  const v = c.req.query(name)
  if (v === undefined || v === '') return undefined
  if (!/^\d{1,9}$/.test(v)) throw new AppError('BAD_USER_INPUT', `${name} must be a whole number`, { [name]: [`${name} must be a whole number`] })
  return Number(v)
}

/** `{task}` of a POST body; the task itself is checked by the service. */
const taskOf = async (c: Context<AppEnv>): Promise<unknown> => (await jsonBody(c)).task

/**
 * The spec's task calls (section 7): GET /apps/todo/tasks?q&filter&tag&sortBy (and page,
 * perPage; the total in X-Total-Count) → the tasks; POST {task} → 201 {task}; POST /{id}
 * {task} → {task}; DELETE /{id} → {task} with isDeleted true. A task the caller does not see
 * is a 404 with no body. The assignee is set with task.assigneeId (one of the users GET
 * /apps/todo/assignees lists).
 */
export function mountTodoRoutes(app: Hono<AppEnv>) {
  // Support chat and tasks (spec section 7): signed in; the services scope by contact and owner.
  guarded(app, 'GET', '/apps/todo/tasks', rule.signedIn, todoDocs.list, async (c, principal) => {
    const { tasks, total } = await c.get('services').todo.list(principal, {
      q: c.req.query('q'),
      filter: c.req.query('filter') || undefined,
      tag: c.req.query('tag') || undefined,
      sortBy: c.req.query('sortBy') || undefined,
      page: intParam(c, 'page'),
      perPage: intParam(c, 'perPage'),
    })
    c.header('X-Total-Count', String(total))
    return c.json(tasks.map(toSpec))
  })

  guarded(app, 'GET', '/apps/todo/assignees', rule.signedIn, todoDocs.assignees, async (c, principal) => {
    return c.json(await c.get('services').todo.assignees(principal, c.req.query('q')))
  })

  guarded(app, 'POST', '/apps/todo/tasks', rule.signedIn, todoDocs.create, async (c, principal) => {
    const task = await c.get('services').todo.create(principal, await taskOf(c))
    return c.json({ task: toSpec(task) }, 201)
  })

  guarded(app, 'POST', '/apps/todo/tasks/:id', rule.signedIn, todoDocs.update, async (c, principal) => {
    const task = await c.get('services').todo.update(principal, c.req.param('id') ?? '', await taskOf(c))
    if (!task) return c.body(null, 404)
    return c.json({ task: toSpec(task) })
  })

  guarded(app, 'DELETE', '/apps/todo/tasks/:id', rule.signedIn, todoDocs.remove, async (c, principal) => {
    const task = await c.get('services').todo.remove(principal, c.req.param('id') ?? '')
    if (!task) return c.body(null, 404)
    return c.json({ task: toSpec(task) })
  })
}
