import { appPage, defineFeature, route } from '../../lib/feature'

export const todoRoutes = [
  route('apps-todo', '/apps/todo', 'todo', 'todo-page', appPage),
  route('apps-todo-filter', '/apps/todo/:filter', 'todo', 'todo-page', appPage),
  route('apps-todo-tag', '/apps/todo/tag/:tag', 'todo', 'todo-page', appPage),
]

export const todoFeature = defineFeature({
  id: 'todo',
  routes: todoRoutes,
  menu: [{ section: 'support', order: 30, route: 'apps-todo', icon: 'list' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
