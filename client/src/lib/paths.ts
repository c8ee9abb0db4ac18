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
  /** The webhooks feature's page (the developers' page points integrators there). */
  webhooks: '/pages/webhooks',
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

/**
 * The page a sign-in should return to (`/login?redirect=`), or null: only a path of this app
 * (one leading slash: never another host through `//host` or `/\\host`), not the sign-in pages,
 * and not the root or the Dashboard it redirects to: from there a sign-in lands where the role's
 * landing is (spec section 2).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  const path = value.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase()
  if (path === '' || [PATHS.login, PATHS.register, PATHS.forgotPassword, '/dashboard'].includes(path as never)) return null
  return value
}

/** The sign-in page, asked to come back to `path` afterwards (not for the root: that is a plain sign-in). */
export function loginPathFor(path: string): string {
  const back = safeRedirect(path)
  return back ? `${PATHS.login}?redirect=${encodeURIComponent(back)}` : PATHS.login
}
