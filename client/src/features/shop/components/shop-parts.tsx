import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { shopPath } from '../feature'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast-provider'
import { ShopAddToCartDocument, ShopAddToWishlistDocument, type ShopProductFieldsFragment, ShopRemoveFromWishlistDocument } from '../graphql/shop.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

export const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`

export const StyledProduct = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};
  padding: ${({ theme }) => theme.space.lg};

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  img {
    max-width: 100%;
    max-height: 10rem;
    object-fit: contain;
  }
`

export const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
`

export const StyledPrice = styled.strong`
  font-size: 1.2rem;
`

/** ★★★★☆ with the number for screen readers. */
export function Rating({ value }: { value: number }) {
  const { t } = useTranslation('shop')
  return (
    <span aria-label={t('rating', { value })} title={t('rating', { value })}>
      {'★'.repeat(value)}
      {'☆'.repeat(5 - value)}
    </span>
  )
}

/** Add to cart (or go to the checkout when it is there) and the wishlist toggle; refetches the page's queries. */
export function ProductActions({ product, refetch }: { product: ShopProductFieldsFragment; refetch: () => unknown }) {
  const { t } = useTranslation('shop')
  const toast = useToast()
  const errorText = useErrorText()
  const onError = (e: unknown) => toast.show({ variant: 'danger', title: errorText(e) })
  const [addToCart, cart] = useMutation(ShopAddToCartDocument, { onCompleted: () => void refetch(), onError })
  const [addWish, wish] = useMutation(ShopAddToWishlistDocument, { onCompleted: () => void refetch(), onError })
  const [removeWish, unwish] = useMutation(ShopRemoveFromWishlistDocument, { onCompleted: () => void refetch(), onError })
  return (
    <StyledRow>
      {product.isInCart ? (
        <Link to={shopPath('apps-e-commerce-checkout')} data-testid="shop-view-cart">
          {t('viewInCart')}
        </Link>
      ) : (
        <Button onClick={() => void addToCart({ variables: { productId: product.id } })} disabled={cart.loading} data-testid="shop-add-to-cart">
          {t('addToCart')}
        </Button>
      )}
      <Button
        variant="secondary"
        aria-pressed={product.isInWishlist}
        disabled={wish.loading || unwish.loading}
        onClick={() => void (product.isInWishlist ? removeWish : addWish)({ variables: { productId: product.id } })}
        data-testid="shop-wishlist-toggle"
      >
        {product.isInWishlist ? t('inWishlist') : t('addToWishlist')}
      </Button>
    </StyledRow>
  )
}
