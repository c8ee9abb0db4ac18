import { defineFeature, publicPage, route } from '../../lib/feature'

export const miscRoutes = [
  route('error-404', '/error-404', 'error404', 'not-found-page', publicPage),
  route('misc-coming-soon', '/pages/miscellaneous/coming-soon', 'comingSoon', 'coming-soon-page', publicPage),
  route('misc-not-authorized', '/pages/miscellaneous/not-authorized', 'notAuthorized', 'not-authorized-page', publicPage),
  route('misc-under-maintenance', '/pages/miscellaneous/under-maintenance', 'underMaintenance', 'under-maintenance-page', publicPage),
  route('misc-error', '/pages/miscellaneous/error', 'miscError', 'error-page', publicPage),
]

export const miscFeature = defineFeature({
  id: 'misc',
  routes: miscRoutes,
})
