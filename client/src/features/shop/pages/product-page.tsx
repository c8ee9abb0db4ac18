import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { shopPath } from '../feature'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { ShopProductDocument } from '../graphql/product.generated'
import { useQuery } from '@apollo/client/react'
import { useMoney } from '../../../lib/money'
import { ProductActions, Rating, StyledPrice, StyledProduct } from '../components/shop-parts'

/** /apps/e-commerce/product/:id: one product with its description, price and actions. */
export default function ProductPage({ title }: { title: string }) {
  const { t } = useTranslation('shop')
  const { id = '' } = useParams()
  const { data, loading, error, refetch } = useQuery(ShopProductDocument, { variables: { id }, skip: !/^\d+$/.test(id), fetchPolicy: 'cache-and-network' })
  const money = useMoney(data?.shopProducts.currency)
  const product = data?.shopProduct
  return (
    <StyledStack data-testid="shop-product-page">
      <PageHeader title={product?.name ?? title} actions={<Link to={shopPath('apps-e-commerce-shop')}>{t('backToShop')}</Link>} />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading && !data ? (
        <LoadingState />
      ) : !product ? (
        <EmptyState testId="shop-product-missing">{t('missing')}</EmptyState>
      ) : (
        <StyledProduct>
          {product.image ? <img src={product.image} alt="" /> : null}
          <p>{t('by', { brand: product.brand })}</p>
          <Rating value={product.rating} />
          <p>{product.description}</p>
          <StyledPrice>{money(product.price)}</StyledPrice>
          {product.hasFreeShipping ? <p>{t('instantDelivery')}</p> : null}
          <ProductActions product={product} refetch={refetch} />
        </StyledProduct>
      )}
    </StyledStack>
  )
}
