import { appPage, defineFeature, route, pathsOf } from '../../lib/feature'

export const invoicesRoutes = [
  route('apps-invoice-list', '/apps/invoice/list', 'invoiceList', 'invoice-list-page', appPage),
  route('apps-invoice-preview', '/apps/invoice/preview/:id', 'invoicePreview', 'invoice-preview-page', appPage),
  route('apps-invoice-add', '/apps/invoice/add', 'invoiceAdd', 'invoice-edit-page', appPage),
  route('apps-invoice-edit', '/apps/invoice/edit/:id', 'invoiceEdit', 'invoice-edit-page', appPage),
]

export const invoicesFeature = defineFeature({
  id: 'invoices',
  routes: invoicesRoutes,
  menu: [{ section: 'billing', order: 40, route: 'apps-invoice-list', icon: 'list' }],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
export const invoicesPath = pathsOf(invoicesRoutes)
