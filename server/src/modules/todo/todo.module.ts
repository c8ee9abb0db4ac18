import type { Core } from '../module'
import { defineModule } from '../module'
import { createTodoService } from './todo.service'
import { mountTodoRoutes } from './todo.rest'
import './todo.schema'

/** Tasks. */
export const todoModule = defineModule({
  name: 'todo',
  services: ({ db, now }: Core) => ({ todo: createTodoService({ db, now }) }),
  rest: mountTodoRoutes,
})
