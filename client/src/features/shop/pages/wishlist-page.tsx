import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { shopPath } from '../feature'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { ShopWishlistDocument } from '../graphql/wishlist.generated'
import { useQuery } from '@apollo/client/react'
import { useMoney } from '../../../lib/money'
import { ProductActions, StyledGrid, StyledPrice, StyledProduct } from '../components/shop-parts'

/** /apps/e-commerce/wishlist: the products the user keeps for later. */
export default function WishlistPage({ title }: { title: string }) {
  const { t } = useTranslation('shop')
  const { data, error, refetch } = useQuery(ShopWishlistDocument, { fetchPolicy: 'cache-and-network' })
  const money = useMoney(data?.shopProducts.currency)
  return (
    <StyledStack data-testid="shop-wishlist-page">
      <PageHeader title={title} actions={<Link to={shopPath('apps-e-commerce-shop')}>{t('backToShop')}</Link>} />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : data.wishlist.length === 0 ? (
        <EmptyState testId="shop-wishlist-empty">{t('wishlistEmpty')}</EmptyState>
      ) : (
        <StyledGrid>
          {data.wishlist.map((p) => (
            <StyledProduct key={p.id} data-testid="shop-wishlist-item">
              <h3>
                <Link to={shopPath('apps-e-commerce-product-details', { id: p.id })}>{p.name}</Link>
              </h3>
              <StyledPrice>{money(p.price)}</StyledPrice>
              <ProductActions product={p} refetch={refetch} />
            </StyledProduct>
          ))}
        </StyledGrid>
      )}
    </StyledStack>
  )
}
