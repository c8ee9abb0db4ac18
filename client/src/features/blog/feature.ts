import { appPage, defineFeature, route, pathsOf } from '../../lib/feature'

export const blogRoutes = [
  // The product news (the spec's /blog/list/data* answer its data; its pages live under /pages/blog/). A post by id or slug.
  route('pages-blog-list', '/pages/blog/list', 'blogList', 'blog-list-page', appPage, ['blog']),
  route('pages-blog-detail', '/pages/blog/detail/:id', 'blogDetail', 'blog-detail-page', appPage, ['blog']),
  route('pages-blog-new', '/pages/blog/new', 'blogNew', 'blog-edit-page', { resource: 'Blog', action: 'manage' }, ['blog']),
  route('pages-blog-edit', '/pages/blog/edit/:id', 'blogEdit', 'blog-edit-page', { resource: 'Blog', action: 'manage' }, ['blog']),
]

export const blogFeature = defineFeature({
  id: 'blog',
  routes: blogRoutes,
  menu: [{ section: 'support', order: 70, route: 'pages-blog-list', icon: 'columns' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
export const blogPath = pathsOf(blogRoutes)
