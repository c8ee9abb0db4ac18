/** Paths of this feature's pages (the route table in app/ holds the same paths). */
export const ACCOUNT_PATHS = {
  userList: '/user/list',
  userView: (id: string) => `/user/view/${encodeURIComponent(id)}`,
  userEdit: (id: string) => `/user/edit/${encodeURIComponent(id)}`,
  licences: '/pages/licensev11',
  licenceActivation: '/pages/license-demo',
  resellerDashboard: '/reseller/dashboard',
  pricing: '/pages/pricing',
  accountSettings: (id: string) => `/pages/account-setting/${encodeURIComponent(id)}`,
} as const
