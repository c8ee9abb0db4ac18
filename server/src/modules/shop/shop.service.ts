import { bindDeps } from '../../use-cases'
import { addToCart, cart, cartCount, removeFromCart, setCartQty } from './cart'
import { get, list } from './catalogue'
import { checkout } from './checkout'
import { adminList, createProduct, removeProduct, updateProduct } from './manage-products'
import { myOrders } from './my-orders'
import type { ShopDeps } from './shop.deps'
import { addToWishlist, removeFromWishlist, wishlist } from './wishlist'

export { PRODUCT_SORTS, type AdminProduct, type CartLine, type ShopProduct } from './shop-model'
export { productIdField } from './shop-inputs'

/** The shop: one use case per file over the deps. */
export function createShopService(deps: ShopDeps) {
  return bindDeps(deps, {
    list,
    get,
    wishlist,
    cart,
    addToWishlist,
    removeFromWishlist,
    addToCart,
    setCartQty,
    removeFromCart,
    cartCount,
    checkout,
    adminList,
    createProduct,
    updateProduct,
    removeProduct,
    orders: myOrders,
  })
}

export type ShopService = ReturnType<typeof createShopService>
