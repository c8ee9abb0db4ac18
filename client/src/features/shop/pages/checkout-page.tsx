import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { shopPath } from '../feature'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { useToast } from '../../../components/ui/toast-provider'
import { ShopCartDocument, ShopCheckoutDocument, ShopRemoveFromCartDocument, ShopSetCartQuantityDocument } from '../graphql/checkout.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useMoney } from '../../../lib/money'
import { PATHS } from '../../../lib/paths'
import { useErrorText } from '../../../lib/use-error-text'
import { StyledRow } from '../components/shop-parts'

/**
 * /apps/e-commerce/checkout: the cart, then the order. Placing it writes the order and its
 * invoice; payment is by bank transfer (the invoice shows the details), and the licence key
 * is activated when the transfer is recorded.
 */
export default function CheckoutPage({ title }: { title: string }) {
  const { t } = useTranslation('shop')
  const toast = useToast()
  const errorText = useErrorText()
  const onError = (e: unknown) => toast.show({ variant: 'danger', title: errorText(e) })
  const { data, error, refetch } = useQuery(ShopCartDocument, { fetchPolicy: 'cache-and-network' })
  const money = useMoney(data?.shopProducts.currency)
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null)
  const [placed, setPlaced] = useState<{ invoiceId: string } | null>(null)
  const [remove, removeState] = useMutation(ShopRemoveFromCartDocument, { onCompleted: () => void refetch(), onError })
  const [setQty] = useMutation(ShopSetCartQuantityDocument, { onCompleted: () => void refetch(), onError })
  const [checkout, checkoutState] = useMutation(ShopCheckoutDocument, {
    onCompleted: (d) => {
      setPlaced({ invoiceId: d.checkout.invoiceId })
      void refetch()
    },
    onError,
  })
  const lines = data?.cart ?? []
  const total = lines.reduce((sum, l) => sum + l.price * l.qty, 0)

  if (placed) {
    return (
      <StyledStack data-testid="shop-order-placed">
        <PageHeader title={title} />
        <Alert variant="success">{t('placed')}</Alert>
        <p>{t('payByTransfer')}</p>
        <StyledRow>
          <Link to={PATHS.invoicePreview(placed.invoiceId)} data-testid="shop-order-invoice">
            {t('viewInvoice', { id: placed.invoiceId })}
          </Link>
          <Link to={shopPath('apps-e-commerce-shop')}>{t('backToShop')}</Link>
        </StyledRow>
      </StyledStack>
    )
  }

  return (
    <StyledStack data-testid="shop-checkout-page">
      <PageHeader title={title} actions={<Link to={shopPath('apps-e-commerce-shop')}>{t('backToShop')}</Link>} />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : lines.length === 0 ? (
        <EmptyState testId="shop-cart-empty">{t('cartEmpty')}</EmptyState>
      ) : (
        <Panel title={t('cart')}>
          <StyledTableWrap>
            <StyledTable>
              <thead>
                <tr>
                  <th scope="col">{t('product')}</th>
                  <th scope="col">{t('price')}</th>
                  <th scope="col">{t('qty')}</th>
                  <th scope="col">{t('amount')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.id} data-testid="shop-cart-line">
                    <td>
                      {l.name}
                      {l.removed ? <Alert variant="warning">{t('noLongerSold')}</Alert> : null}
                    </td>
                    <td>{money(l.price)}</td>
                    <td>
                      <input
                        type="number"
                        min={1}
                        max={100}
                        aria-label={t('qtyOf', { name: l.name })}
                        defaultValue={l.qty}
                        onBlur={(e) => {
                          const qty = Number(e.target.value)
                          if (Number.isInteger(qty) && qty >= 1 && qty <= 100 && qty !== l.qty) void setQty({ variables: { productId: l.id, qty } })
                        }}
                      />
                    </td>
                    <td>{money(l.price * l.qty)}</td>
                    <td>
                      <Button variant="ghost" onClick={() => setRemoving({ id: l.id, name: l.name })} data-testid="shop-cart-remove">
                        {t('remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
          <StyledRow>
            <strong data-testid="shop-cart-total">{t('total', { amount: money(total) })}</strong>
            <Button onClick={() => void checkout()} disabled={checkoutState.loading || lines.some((l) => l.removed)} data-testid="shop-place-order">
              {t('placeOrder')}
            </Button>
          </StyledRow>
          <p>{t('paymentNote')}</p>
        </Panel>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle')}
        message={t('removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('remove')}
        busy={removeState.loading}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove({ variables: { productId: removing.id } })
          setRemoving(null)
        }}
      />
    </StyledStack>
  )
}
