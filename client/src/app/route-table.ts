/**
 * The route table (spec section 2). Every route has a name, a path and meta
 * {layout, resource, action, redirectIfLoggedIn?}; app/router.tsx turns it into
 * React Router routes with one lazily loaded page each.
 *
 * CASL subjects: 'Auth' for public pages (everyone may read Auth), 'ACL' for the
 * ordinary app pages (new clients hold read ACL / read all), 'Admin' for the admin
 * dashboards (/admin with action read, the rest with action manage, which additionally
 * needs the admin claim in the access token), update 'User' for the staff-only pages (admins
 * and resellers hold it, clients are refused it: server/src/permissions/abilities.ts STAFF_ABILITY).
 */
import type en from '../locales/en/translation.json'

export type RouteLayout = 'vertical' | 'horizontal' | 'full'
export type RouteAction = 'read' | 'update' | 'manage'

export interface RouteMeta {
  layout: RouteLayout
  resource: string
  action: RouteAction
  redirectIfLoggedIn?: boolean
}

export type RouteTitleKey = keyof (typeof en)['routes']

export type PageKey =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'notFound'
  | 'notAuthorized'
  | 'comingSoon'
  | 'underMaintenance'
  | 'miscError'
  | 'dashboard'
  | 'botPanel'
  | 'kickPanel'
  | 'enableModules'
  | 'chatlist'
  | 'chatboard'
  | 'followerPanel'
  | 'followDashboard'
  | 'kickDashboard'
  | 'raidPanel'
  | 'alertsPage'
  | 'feedbackReports'
  | 'plansAdmin'
  | 'supportChat'
  | 'todo'
  | 'calendar'
  | 'mailbox'
  | 'conversation'
  | 'vod'
  | 'videoDashboard'
  | 'userList'
  | 'userView'
  | 'userEdit'
  | 'licenceManage'
  | 'licenceActivation'
  | 'accountSettings'
  | 'adminDashboard'
  | 'resellerDashboard'
  | 'pricing'
  | 'faq'
  | 'kbHome'
  | 'kbCategory'
  | 'kbArticle'
  | 'blogList'
  | 'blogDetail'
  | 'blogEdit'
  | 'kickPricing'
  | 'unsubscribeMail'
  | 'undoEmailChange'
  | 'trackMarketing'
  | 'redirectToPage'
  | 'shop'
  | 'productDetails'
  | 'wishlist'
  | 'checkout'
  | 'invoiceList'
  | 'invoicePreview'
  | 'invoiceEdit'
  | 'productAdmin'
  | 'dataTables'
  | 'dataTablesBasic'
  | 'dataTablesRowGroup'
  | 'dataTablesAdvancedSearch'

export interface AppRoute {
  name: string
  path: string
  titleKey: RouteTitleKey
  page: PageKey
  meta: RouteMeta
}

interface MetaInput {
  layout?: RouteLayout
  resource: string
  action?: RouteAction
  redirectIfLoggedIn?: boolean
}

function route(name: string, path: string, titleKey: RouteTitleKey, page: PageKey, meta: MetaInput): AppRoute {
  const { layout = 'vertical', resource, action = 'read', redirectIfLoggedIn } = meta
  return { name, path, titleKey, page, meta: { layout, resource, action, ...(redirectIfLoggedIn ? { redirectIfLoggedIn } : {}) } }
}

const publicPage = { layout: 'full', resource: 'Auth' } as const
const authPage = { ...publicPage, redirectIfLoggedIn: true } as const
const appPage = { resource: 'ACL' } as const
const adminManage = { resource: 'Admin', action: 'manage' } as const
/** Staff only (admins and resellers): pages over other people's accounts that the server refuses clients. */
const staffPage = { resource: 'User', action: 'update' } as const

export const ROUTES: readonly AppRoute[] = [
  // Full-layout public pages
  route('error-404', '/error-404', 'error404', 'notFound', publicPage),
  route('auth-login', '/login', 'login', 'login', authPage),
  route('auth-register', '/register', 'register', 'register', authPage),
  route('auth-forgot-password', '/forgot-password', 'forgotPassword', 'forgotPassword', authPage),
  // The link mailed to the old address after a sign-in e-mail change (signed in or not).
  route('undo-email-change', '/account/undo-email-change', 'undoEmailChange', 'undoEmailChange', publicPage),
  route('unsubscribe-mail', '/pages/unsubscribemail', 'unsubscribeMail', 'unsubscribeMail', publicPage),
  route('misc-unsubscribe-mail', '/pages/miscellaneous/unsubscribemail', 'unsubscribeMail', 'unsubscribeMail', publicPage),
  route('track-marketing', '/pages/trackMarketing', 'trackMarketing', 'trackMarketing', publicPage),
  route('redirect-to-page', '/pages/redirectToPage', 'redirectToPage', 'redirectToPage', publicPage),
  route('misc-coming-soon', '/pages/miscellaneous/coming-soon', 'comingSoon', 'comingSoon', publicPage),
  route('misc-not-authorized', '/pages/miscellaneous/not-authorized', 'notAuthorized', 'notAuthorized', publicPage),
  route('misc-under-maintenance', '/pages/miscellaneous/under-maintenance', 'underMaintenance', 'underMaintenance', publicPage),
  route('misc-error', '/pages/miscellaneous/error', 'miscError', 'miscError', publicPage),

  // Other pages
  route('pages-account-setting', '/pages/account-setting/:id', 'accountSettings', 'accountSettings', appPage),
  route('apps-email', '/apps/email', 'email', 'mailbox', appPage),
  route('pages-faq', '/pages/faq', 'faq', 'faq', appPage),
  // The knowledge base (the spec's /kb/data/* answer its data; its pages live under /pages/).
  route('pages-knowledge-base', '/pages/knowledge-base', 'knowledgeBase', 'kbHome', appPage),
  route('pages-knowledge-base-category', '/pages/knowledge-base/:category', 'knowledgeBaseCategory', 'kbCategory', appPage),
  route('pages-knowledge-base-question', '/pages/knowledge-base/:category/:slug', 'knowledgeBaseArticle', 'kbArticle', appPage),
  // The product news (the spec's /blog/list/data* answer its data; its pages live under /pages/blog/). A post by id or slug.
  route('pages-blog-list', '/pages/blog/list', 'blogList', 'blogList', appPage),
  route('pages-blog-detail', '/pages/blog/detail/:id', 'blogDetail', 'blogDetail', appPage),
  route('pages-blog-new', '/pages/blog/new', 'blogNew', 'blogEdit', { resource: 'Blog', action: 'manage' }),
  route('pages-blog-edit', '/pages/blog/edit/:id', 'blogEdit', 'blogEdit', { resource: 'Blog', action: 'manage' }),
  route('pages-pricing', '/pages/pricing', 'pricing', 'pricing', appPage),
  route('pages-license-demo', '/pages/license-demo', 'licenseDemo', 'licenceActivation', appPage),
  route('admin-dashboard', '/admin', 'adminDashboard', 'adminDashboard', { resource: 'Admin', action: 'read' }),

  // App pages
  route('Dashboard', '/dashboard/', 'dashboard', 'dashboard', appPage),
  route('Reseller-ViewerDashboard', '/reseller/dashboard', 'resellerDashboard', 'resellerDashboard', appPage),
  // User management (spec menu: user list / view / edit). Under /user/, apart from the REST
  // shims of /apps/user/* (a browser navigation anywhere gets the app; API clients a 404).
  route('user-list', '/user/list', 'userList', 'userList', appPage),
  route('user-view', '/user/view/:id', 'userView', 'userView', appPage),
  route('user-edit', '/user/edit/:id', 'userEdit', 'userEdit', appPage),
  route('admin-dashboard-v2', '/admindashboardv2/', 'adminDashboardV2', 'adminDashboard', adminManage),
  route('kick-admin-dashboard', '/kick/admindashboard/', 'kickAdminDashboard', 'adminDashboard', adminManage),
  route('bot-feedback-reports', '/admin/bot-feedback-reports', 'botFeedbackReports', 'feedbackReports', adminManage),
  // Plan texts and the pricing Q and A per language (admins).
  route('admin-plans', '/admin/plans', 'plansAdmin', 'plansAdmin', adminManage),
  route('follow-dashboard', '/followerfabrik/followdashboard', 'followDashboard', 'followDashboard', appPage),
  route('video-dashboard', '/followerfabrik/videodashboard', 'videoDashboard', 'videoDashboard', appPage),
  route('kick-dashboard', '/followerfabrik/kickviewerdashboard', 'kickDashboard', 'kickDashboard', appPage),
  route('vod', '/pages/VOD', 'vod', 'vod', appPage),
  route('follower-panel', '/pages/follower', 'follower', 'followerPanel', appPage),
  route('raid-panel', '/pages/raid', 'raid', 'raidPanel', appPage),
  // alerts module
  route('alerts', '/pages/alerts', 'alerts', 'alertsPage', appPage),
  route('bot-panel', '/pages/Panel', 'botPanel', 'botPanel', appPage),
  route('chatlist', '/pages/chatlist', 'chatlist', 'chatlist', appPage),
  route('conversation', '/pages/Conversation', 'conversation', 'conversation', appPage),
  route('license-v11', '/pages/licensev11', 'licenseV11', 'licenceManage', adminManage),
  route('license-v2', '/pages/licensev2', 'licenseV2', 'licenceManage', adminManage),
  route('enable-disable', '/pages/enable', 'enableDisable', 'enableModules', appPage),
  route('chatboard', '/pages/chatboard', 'chatboard', 'chatboard', appPage),
  route('kick-panel', '/kick/panel', 'kickPanel', 'kickPanel', appPage),
  route('kick-pricing', '/kick/pricing', 'kickPricing', 'kickPricing', appPage),
  // Back office (the template's /apps/* paths; the server gives a browser navigation the app).
  route('apps-chat', '/apps/chat', 'supportChat', 'supportChat', appPage),
  route('apps-todo', '/apps/todo', 'todo', 'todo', appPage),
  route('apps-todo-filter', '/apps/todo/:filter', 'todo', 'todo', appPage),
  route('apps-todo-tag', '/apps/todo/tag/:tag', 'todo', 'todo', appPage),
  route('apps-calendar', '/apps/calendar', 'calendar', 'calendar', appPage),
  // The shop and invoices (the spec's menu: e-commerce shop/details/wishlist/checkout, invoice).
  route('apps-e-commerce-shop', '/apps/e-commerce/shop', 'shop', 'shop', appPage),
  route('apps-e-commerce-product-details', '/apps/e-commerce/product/:id', 'productDetails', 'productDetails', appPage),
  route('apps-e-commerce-wishlist', '/apps/e-commerce/wishlist', 'wishlist', 'wishlist', appPage),
  route('apps-e-commerce-checkout', '/apps/e-commerce/checkout', 'checkout', 'checkout', appPage),
  route('apps-e-commerce-products', '/apps/e-commerce/products', 'productAdmin', 'productAdmin', adminManage),
  route('apps-invoice-list', '/apps/invoice/list', 'invoiceList', 'invoiceList', appPage),
  route('apps-invoice-preview', '/apps/invoice/preview/:id', 'invoicePreview', 'invoicePreview', appPage),
  route('apps-invoice-add', '/apps/invoice/add', 'invoiceAdd', 'invoiceEdit', appPage),
  route('apps-invoice-edit', '/apps/invoice/edit/:id', 'invoiceEdit', 'invoiceEdit', appPage),
  // The data tables (spec §7 GET /good-table/*) over the accounts in scope (staff; the server refuses clients):
  // the server-paged table, and the sample views basic, row-group and advanced-search.
  route('data-tables', '/tables/accounts', 'dataTables', 'dataTables', staffPage),
  route('data-tables-basic', '/tables/basic', 'dataTablesBasic', 'dataTablesBasic', staffPage),
  route('data-tables-row-group', '/tables/row-group', 'dataTablesRowGroup', 'dataTablesRowGroup', staffPage),
  route('data-tables-advanced-search', '/tables/advanced-search', 'dataTablesAdvancedSearch', 'dataTablesAdvancedSearch', staffPage),
]

export type RouteName = (typeof ROUTES)[number]['name']

const BY_NAME = new Map(ROUTES.map((entry) => [entry.name, entry]))

export function routeByName(name: string): AppRoute {
  const found = BY_NAME.get(name)
  if (!found) throw new Error(`Unknown route name: ${name}`)
  return found
}

/** The path of a named route with its :params filled in. */
export function pathFor(name: string, params: Record<string, string> = {}): string {
  return routeByName(name).path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`Route ${name} needs param ${key}`)
    return encodeURIComponent(value)
  })
}

/** The route React Router handles at "/" (redirect target of the root). */
export const ROOT_REDIRECT_ROUTE = 'Dashboard'
export const UNKNOWN_ROUTE_REDIRECT = '/error-404'

/** Route handle attached to each React Router route. */
export interface RouteHandle {
  route: AppRoute
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value
}
