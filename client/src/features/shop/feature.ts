import { ADMIN, adminManage, appPage, defineFeature, route, pathsOf } from '../../lib/feature'

export const shopRoutes = [
  // The spec's menu: e-commerce shop/details/wishlist/checkout.
  route('apps-e-commerce-shop', '/apps/e-commerce/shop', 'shop', 'shop-page', appPage),
  route('apps-e-commerce-product-details', '/apps/e-commerce/product/:id', 'productDetails', 'product-page', appPage),
  route('apps-e-commerce-wishlist', '/apps/e-commerce/wishlist', 'wishlist', 'wishlist-page', appPage),
  route('apps-e-commerce-checkout', '/apps/e-commerce/checkout', 'checkout', 'checkout-page', appPage),
  route('apps-e-commerce-products', '/apps/e-commerce/products', 'productAdmin', 'product-admin-page', adminManage),
]

export const shopFeature = defineFeature({
  id: 'shop',
  routes: shopRoutes,
  menu: [
    { section: 'admin', order: 50, route: 'apps-e-commerce-products', icon: 'dollar', can: ADMIN },
    { section: 'billing', order: 30, route: 'apps-e-commerce-shop', icon: 'dollar' },
  ],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
export const shopPath = pathsOf(shopRoutes)
