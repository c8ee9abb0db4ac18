import { useFormatters } from '../../../lib/format'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { invoicesPath } from '../feature'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { PaymentKind } from '../../../gql/types'
import { InvoiceDetailDocument } from '../graphql/invoice-detail.generated'
import { InvoiceRecordPaymentDocument, InvoiceSendDocument } from '../graphql/invoice-preview.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useAbility } from '../../../lib/ability-context'
import { apiFetch } from '../../../lib/api-fetch'
import { useMoney } from '../../../lib/money'
import { useErrorText } from '../../../lib/use-error-text'
import { InvoiceStatusBadge } from '../components/invoice-status'
import { PaymentDetails } from '../components/payment-details'

const StyledColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));

  p {
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  @media print {
    display: none;
  }
`

const StyledPaymentForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: end;

  @media print {
    display: none;
  }
`

/** Downloads the invoice's PDF through the authenticated fetch. */
async function downloadPdf(id: string): Promise<void> {
  const res = await apiFetch(`/apps/invoice/invoices/${encodeURIComponent(id)}/pdf`, { headers: { Accept: 'application/pdf' } })
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = `invoice-${id}.pdf`
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * /apps/invoice/preview/:id: the invoice with its lines, bank-transfer details and payments;
 * a print view (the browser's print, without the controls) and the PDF. Admins and the
 * buyer's reseller send it; admins record transfers (and refunds, after a confirmation), a
 * reseller only on the invoices they wrote (a shop invoice's payment mints licence keys).
 */
export default function InvoicePreviewPage({ title }: { title: string }) {
  const { t } = useTranslation('invoices')
  const format = useFormatters()
  const { id = '' } = useParams()
  const toast = useToast()
  const errorText = useErrorText()
  const onError = (e: unknown) => toast.show({ variant: 'danger', title: errorText(e) })
  const { data, loading, error, refetch } = useQuery(InvoiceDetailDocument, { variables: { id }, skip: !/^\d+$/.test(id), fetchPolicy: 'cache-and-network' })
  const detail = data?.invoice
  const ability = useAbility()
  const money = useMoney(detail?.currency)
  const [amount, setAmount] = useState('')
  const [kind, setKind] = useState<PaymentKind>('payment')
  const [reference, setReference] = useState('')
  const [confirmRefund, setConfirmRefund] = useState(false)
  const [downloading, setDownloading] = useState(false)
  // The detail has no id of its own (only its invoice has): the page reads it again after a change.
  const [record, recordState] = useMutation(InvoiceRecordPaymentDocument, {
    onCompleted: () => {
      void refetch()
      setAmount('')
      setReference('')
      toast.show({ variant: 'success', title: t('recorded') })
    },
    onError,
  })
  const [send, sendState] = useMutation(InvoiceSendDocument, {
    onCompleted: () => {
      void refetch()
      toast.show({ variant: 'success', title: t('sent') })
    },
    onError,
  })
  const submitPayment = () => void record({ variables: { id, input: { kind, amount: Number(amount), reference } } })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (kind === 'refund') setConfirmRefund(true)
    else submitPayment()
  }

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />
  if (loading && !data) return <LoadingState />
  if (!detail) return <EmptyState testId="invoice-missing">{t('missing')}</EmptyState>
  const inv = detail.invoice
  // Staff may change invoices (the ability); the server says which ones (admins all, a reseller their clients').
  const canManage = ability.can('update', 'Invoice') && detail.canManage
  const canRecordPayment = ability.can('update', 'Invoice') && detail.canRecordPayment
  return (
    <StyledStack data-testid="invoice-preview-page">
      <PageHeader title={t('invoiceNumber', { id: inv.id })} subtitle={title} actions={<InvoiceStatusBadge status={inv.invoiceStatus} />} />
      <StyledActions>
        <Link to={invoicesPath('apps-invoice-list')}>{t('backToList')}</Link>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('print')}
        </Button>
        <Button
          variant="secondary"
          disabled={downloading}
          data-testid="invoice-download"
          onClick={() => {
            setDownloading(true)
            downloadPdf(inv.id)
              .then(() => refetch())
              .catch(onError)
              .finally(() => setDownloading(false))
          }}
        >
          {t('download')}
        </Button>
        {canManage && inv.invoiceStatus !== 'Paid' ? (
          <Link to={invoicesPath('apps-invoice-edit', { id: inv.id })} data-testid="invoice-edit">
            {t('editInvoice')}
          </Link>
        ) : null}
        {canManage ? (
          <Button variant="secondary" disabled={sendState.loading} onClick={() => void send({ variables: { id } })} data-testid="invoice-send">
            {t('send')}
          </Button>
        ) : null}
      </StyledActions>
      <Panel title={t('details')}>
        <StyledColumns>
          <div>
            <strong>{t('billedTo')}</strong>
            <p>{inv.client.name}</p>
            {inv.client.company ? <p>{inv.client.company}</p> : null}
            {inv.client.address ? <p>{inv.client.address}</p> : null}
            {inv.client.country ? <p>{inv.client.country}</p> : null}
            <p>{inv.client.companyEmail}</p>
          </div>
          <div>
            <p>{t('issuedOn', { date: format.date(inv.issuedDate) })}</p>
            <p>{t('dueOn', { date: format.date(inv.dueDate) })}</p>
            <p>{t('serviceIs', { service: inv.service })}</p>
          </div>
          <PaymentDetails invoiceId={inv.id} details={detail.paymentDetails} operator={canRecordPayment} />
        </StyledColumns>
        <StyledTableWrap>
          <StyledTable>
            <thead>
              <tr>
                <th scope="col">{t('item')}</th>
                <th scope="col">{t('qty')}</th>
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('amount')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.lines.map((l, i) => (
                <tr key={i}>
                  <td>{l.description}</td>
                  <td>{l.qty}</td>
                  <td>{money(l.price)}</td>
                  <td>{money(l.price * l.qty)}</td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
        <p data-testid="invoice-total">{t('totalIs', { amount: money(inv.total) })}</p>
        <p data-testid="invoice-balance">{t('balanceIs', { amount: money(inv.balance) })}</p>
        {detail.note ? <p>{detail.note}</p> : null}
        {detail.licenceIds.length > 0 ? <p data-testid="invoice-licences">{t('licencesIssued', { count: detail.licenceIds.length })}</p> : null}
      </Panel>
      <Panel title={t('payments')}>
        {detail.payments.length === 0 ? (
          <EmptyState testId="invoice-no-payments">{t('noPayments')}</EmptyState>
        ) : (
          <StyledTableWrap>
            <StyledTable>
              <tbody>
                {detail.payments.map((p) => (
                  <tr key={p.id} data-testid="invoice-payment">
                    <td>{format.date(p.at as string)}</td>
                    <td>{t(`kinds.${p.kind}`)}</td>
                    <td>{money(p.amount)}</td>
                    <td>{p.reference}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
        )}
        {canRecordPayment ? (
          <StyledPaymentForm onSubmit={onSubmit} data-testid="invoice-payment-form">
            <SelectField label={t('kind')} value={kind} onChange={(e) => setKind(e.target.value as PaymentKind)}>
              <option value="payment">{t('kinds.payment')}</option>
              <option value="refund">{t('kinds.refund')}</option>
            </SelectField>
            <TextField
              label={t('amountLabel')}
              type="number"
              min="0.01"
              step="0.01"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="invoice-payment-amount"
            />
            <TextField label={t('referenceLabel')} value={reference} maxLength={200} onChange={(e) => setReference(e.target.value)} />
            <Button type="submit" disabled={recordState.loading || !amount} data-testid="invoice-payment-submit">
              {t('record')}
            </Button>
            <Button variant="ghost" onClick={() => setAmount(String(inv.balance))} disabled={inv.balance <= 0}>
              {t('fullBalance')}
            </Button>
          </StyledPaymentForm>
        ) : canManage ? (
          <p data-testid="invoice-payment-by-admin">{t('paymentByAdmin')}</p>
        ) : detail.paymentDetails.iban ? (
          <p>{t('howToPay')}</p>
        ) : null}
      </Panel>
      <ConfirmDialog
        open={confirmRefund}
        title={t('refundTitle')}
        message={t('refundMessage', { amount: money(Number(amount) || 0) })}
        confirmLabel={t('kinds.refund')}
        onCancel={() => setConfirmRefund(false)}
        onConfirm={() => {
          setConfirmRefund(false)
          submitPayment()
        }}
      />
    </StyledStack>
  )
}
