/** Paths that several features link to (a feature links to its own routes through its feature.ts); a unit test keeps them in step with the route table. */
export const PATHS = {
  root: '/',
  dashboard: '/dashboard/',
  resellerDashboard: '/reseller/dashboard',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  error404: '/error-404',
  notAuthorized: '/pages/miscellaneous/not-authorized',
  accountSettings: (id: string) => `/pages/account-setting/${encodeURIComponent(id)}`,
  /** The invoices feature's route apps-invoice-preview (the shop links an order to its invoice). */
  invoicePreview: (id: string) => `/apps/invoice/preview/${encodeURIComponent(id)}`,
} as const

/**
 * Landing place after sign-in (spec section 2): admin → / (which redirects to the
 * route named Dashboard), client → Dashboard, reseller → Reseller-ViewerDashboard,
 * any other role → the login page.
 */
export function landingPathForRole(role: string | null | undefined): string {
  switch (role) {
    case 'admin':
      return PATHS.root
    case 'client':
      return PATHS.dashboard
    case 'reseller':
      return PATHS.resellerDashboard
    default:
      return PATHS.login
  }
}
