import { appPage, defineFeature, route } from '../../lib/feature'

export const helpRoutes = [
  route('pages-faq', '/pages/faq', 'faq', 'faq-page', appPage),
  // The knowledge base (the spec's /kb/data/* answer its data; its pages live under /pages/).
  route('pages-knowledge-base', '/pages/knowledge-base', 'knowledgeBase', 'kb-home-page', appPage),
  route('pages-knowledge-base-category', '/pages/knowledge-base/:category', 'knowledgeBaseCategory', 'kb-category-page', appPage),
  route('pages-knowledge-base-question', '/pages/knowledge-base/:category/:slug', 'knowledgeBaseArticle', 'kb-article-page', appPage),
]

export const helpFeature = defineFeature({
  id: 'help',
  routes: helpRoutes,
  menu: [
    { section: 'support', order: 50, route: 'pages-faq', icon: 'help' },
    { section: 'support', order: 60, route: 'pages-knowledge-base', icon: 'list' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
