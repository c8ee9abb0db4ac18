import { ADMIN, adminManage, defineFeature, route } from '../../lib/feature'

export const feedbackRoutes = [route('bot-feedback-reports', '/admin/bot-feedback-reports', 'botFeedbackReports', 'feedback-reports-page', adminManage)]

export const feedbackFeature = defineFeature({
  id: 'feedback',
  routes: feedbackRoutes,
  menu: [{ section: 'admin', order: 60, route: 'bot-feedback-reports', icon: 'flag', can: ADMIN }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
