import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { StyledFilterBar } from '../../../components/ui/form-grid'
import { shopPath } from '../feature'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Pager } from '../../../components/ui/pager'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import type { ProductSort } from '../../../gql/types'
import { ShopProductsDocument } from '../graphql/products.generated'
import { useQuery } from '@apollo/client/react'
import { useMoney } from '../../../lib/money'
import { ProductActions, Rating, StyledGrid, StyledPrice, StyledProduct, StyledRow } from '../components/shop-parts'

const PER_PAGE = 9
const SORTS: ProductSort[] = ['featured', 'price_asc', 'price_desc']

/** /apps/e-commerce/shop: the licence products and add-ons, searched, sorted and paged by the server. */
export default function ShopPage({ title }: { title: string }) {
  const { t } = useTranslation('shop')
  const [q, setQ] = useState('')
  const [sortBy, setSortBy] = useState<ProductSort>(SORTS[0]!)
  const [page, setPage] = useState(1)
  const { data, previousData, loading, error, refetch } = useQuery(ShopProductsDocument, {
    variables: { q: q.trim() || null, sortBy, perPage: PER_PAGE, page },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const shown = (data ?? previousData)?.shopProducts
  const money = useMoney(shown?.currency)
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PER_PAGE)) : 1
  return (
    <StyledStack data-testid="shop-page">
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        actions={
          <StyledRow>
            <Link to={shopPath('apps-e-commerce-wishlist')}>{t('wishlist')}</Link>
            <Link to={shopPath('apps-e-commerce-checkout')} data-testid="shop-go-checkout">
              {t('cart')}
            </Link>
          </StyledRow>
        }
      />
      <StyledFilterBar>
        <TextField
          label={t('search')}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value)
            setPage(1)
          }}
          data-testid="shop-search"
        />
        <SelectField
          label={t('sortBy')}
          value={sortBy}
          onChange={(e) => {
            setSortBy(e.target.value as ProductSort)
            setPage(1)
          }}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sorts.${s}`)}
            </option>
          ))}
        </SelectField>
      </StyledFilterBar>
      {error && !shown ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !shown ? (
        <LoadingState />
      ) : shown.products.length === 0 ? (
        <EmptyState testId="shop-empty">{q ? t('noMatch', { q }) : t('empty')}</EmptyState>
      ) : (
        <>
          <p>{t('results', { count: shown.total })}</p>
          <StyledGrid aria-busy={loading}>
            {shown.products.map((p) => (
              <StyledProduct key={p.id} data-testid="shop-product">
                {p.image ? <img src={p.image} alt="" /> : null}
                <h3>
                  <Link to={shopPath('apps-e-commerce-product-details', { id: p.id })}>{p.name}</Link>
                </h3>
                <Rating value={p.rating} />
                <p>{p.description}</p>
                <StyledPrice>{money(p.price)}</StyledPrice>
                <ProductActions product={p} refetch={refetch} />
              </StyledProduct>
            ))}
          </StyledGrid>
          <Pager page={page} pages={pages} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), current: t('page', { page, pages }) }} />
        </>
      )}
    </StyledStack>
  )
}
