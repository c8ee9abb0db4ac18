import { ADMIN, adminManage, appPage, defineFeature, publicPage, route, STAFF } from '../../lib/feature'

export const accountsRoutes = [
  // The link mailed to the old address after a sign-in e-mail change (signed in or not).
  route('undo-email-change', '/account/undo-email-change', 'undoEmailChange', 'undo-email-change-page', publicPage),
  route('pages-account-setting', '/pages/account-setting/:id', 'accountSettings', 'account-settings-page', appPage),
  route('pages-license-demo', '/pages/license-demo', 'licenseDemo', 'licence-activation-page', appPage),
  route('admin-dashboard', '/admin', 'adminDashboard', 'admin-dashboard-page', { resource: 'Admin', action: 'read' }),
  route('Reseller-ViewerDashboard', '/reseller/dashboard', 'resellerDashboard', 'reseller-dashboard-page', appPage),
  // User management (spec menu: user list / view / edit). Under /user/, apart from the REST
  // shims of /apps/user/* (a browser navigation anywhere gets the app; API clients a 404).
  route('user-list', '/user/list', 'userList', 'user-list-page', appPage),
  route('user-view', '/user/view/:id', 'userView', 'user-view-page', appPage),
  route('user-edit', '/user/edit/:id', 'userEdit', 'user-edit-page', appPage),
  route('admin-dashboard-v2', '/admindashboardv2/', 'adminDashboardV2', 'admin-dashboard-page', adminManage),
  route('kick-admin-dashboard', '/kick/admindashboard/', 'kickAdminDashboard', 'admin-dashboard-page', adminManage),
  route('license-v11', '/pages/licensev11', 'licenseV11', 'licence-manage-page', adminManage),
  route('license-v2', '/pages/licensev2', 'licenseV2', 'licence-manage-page', adminManage),
]

export const accountsFeature = defineFeature({
  id: 'accounts',
  routes: accountsRoutes,
  menu: [
    { section: 'admin', order: 10, route: 'admin-dashboard', icon: 'shield', can: ADMIN },
    { section: 'admin', order: 20, route: 'user-list', icon: 'users', can: STAFF },
    { section: 'admin', order: 30, route: 'license-v11', icon: 'key', can: ADMIN },
    { section: 'dashboards', order: 10, route: 'Reseller-ViewerDashboard', icon: 'users', can: STAFF },
    { section: 'billing', order: 10, route: 'pages-license-demo', icon: 'key' },
    { section: 'account', order: 10, route: 'pages-account-setting', icon: 'settings', params: (user) => ({ id: user.id }) },
  ],
  pageViews: [
    ['admin-dashboard', 'admin-dashboard-v2', 'kick-admin-dashboard'],
    ['license-v11', 'license-v2'],
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
