import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { invoicesPath } from '../feature'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { InvoiceCreateDocument, InvoiceUpdateDocument } from '../graphql/invoice-edit.generated'
import { InvoiceDetailDocument } from '../graphql/invoice-detail.generated'
import { ShopProductsDocument } from '../../shop/graphql/products.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { Can, useAbility } from '../../../lib/ability-context'
import { fieldErrorsOf } from '../../../lib/error-code'
import { useMoney } from '../../../lib/money'
import { useErrorText } from '../../../lib/use-error-text'
import { UserPicker } from '../../accounts'

const StyledLine = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(10rem, 1fr) minmax(12rem, 2fr) 6rem 8rem auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  border: 0;
  margin: 0;
  padding: 0;

  @media (max-width: 48rem) {
    grid-template-columns: 1fr;
  }
`

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`

interface Line {
  description: string
  qty: string
  price: string
}

const emptyLine = (): Line => ({ description: '', qty: '1', price: '0' })

function lineTotal(lines: Line[]): number {
  return lines.reduce((sum, l) => sum + (Number(l.qty) || 0) * (Number(l.price) || 0), 0)
}

/**
 * /apps/invoice/add and /apps/invoice/edit/:id: admins and resellers write a Draft invoice
 * for a client in their scope (lines from the catalogue or free text) or change one that
 * is not paid. The server refuses lines of a checkout invoice or one with payments.
 */
export default function InvoiceEditPage({ title }: { title: string }) {
  const { t } = useTranslation('invoices')
  const { id } = useParams()
  const detailQuery = useQuery(InvoiceDetailDocument, { variables: { id: id ?? '' }, skip: id === undefined || !/^\d+$/.test(id), fetchPolicy: 'network-only' })
  const detail = detailQuery.data?.invoice
  const ability = useAbility()
  if (id === undefined)
    return ability.can('create', 'Invoice') ? <InvoiceForm title={title} /> : <EmptyState testId="invoice-not-allowed">{t('edit.notAllowed')}</EmptyState>
  if (detailQuery.error && !detail) return <ErrorState error={detailQuery.error} onRetry={() => void detailQuery.refetch()} />
  if (detailQuery.loading && !detail) return <LoadingState />
  if (!detail || !detail.canManage) return <EmptyState testId="invoice-missing">{t('missing')}</EmptyState>
  if (detail.invoice.invoiceStatus === 'Paid') return <EmptyState testId="invoice-paid">{t('edit.paid')}</EmptyState>
  return (
    <InvoiceForm
      title={title}
      id={id}
      currency={detail.currency}
      initial={{
        service: detail.invoice.service,
        dueDate: detail.invoice.dueDate,
        note: detail.note,
        lines: detail.lines.map((l) => ({ description: l.description, qty: String(l.qty), price: String(l.price) })),
      }}
    />
  )
}

interface Initial {
  service: string
  dueDate: string
  note: string
  lines: Line[]
}

function InvoiceForm({ title, id, currency, initial }: { title: string; id?: string; currency?: string; initial?: Initial }) {
  const { t } = useTranslation('invoices')
  const editing = id !== undefined
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const products = useQuery(ShopProductsDocument, { variables: { perPage: 100, page: 1 } })
  const [userId, setUserId] = useState('')
  const [service, setService] = useState(initial?.service ?? '')
  const [dueDate, setDueDate] = useState(initial?.dueDate ?? '')
  const [note, setNote] = useState(initial?.note ?? '')
  const [lines, setLines] = useState<Line[]>(initial?.lines ?? [emptyLine()])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const money = useMoney(currency ?? products.data?.shopProducts.currency)
  const done = (saved: { invoice: { id: string } }) => {
    toast.show({ variant: 'success', title: t('edit.saved') })
    void navigate(invoicesPath('apps-invoice-preview', { id: saved.invoice.id }))
  }
  const onError = (e: unknown) => {
    setFieldErrors(fieldErrorsOf(e))
    toast.show({ variant: 'danger', title: errorText(e) })
  }
  const [create, createState] = useMutation(InvoiceCreateDocument, { onCompleted: (d) => done(d.createInvoice), onError })
  const [update, updateState] = useMutation(InvoiceUpdateDocument, { onCompleted: (d) => done(d.updateInvoice), onError })
  const busy = createState.loading || updateState.loading

  const setLine = (index: number, patch: Partial<Line>) => setLines((all) => all.map((l, i) => (i === index ? { ...l, ...patch } : l)))
  const catalogue = products.data?.shopProducts.products ?? []
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setFieldErrors({})
    const input = {
      service: service.trim(),
      note,
      ...(dueDate ? { dueDate } : {}),
      lines: lines.map((l) => ({ description: l.description.trim(), qty: Number(l.qty), price: Number(l.price) })),
    }
    // Unchanged lines are not sent: the server keeps the lines of a checkout invoice or one with payments.
    const sameLines =
      initial !== undefined &&
      JSON.stringify(initial.lines.map((l) => [l.description, Number(l.qty), Number(l.price)])) ===
        JSON.stringify(input.lines.map((l) => [l.description, l.qty, l.price]))
    if (editing) void update({ variables: { id: id!, input: sameLines ? { ...input, lines: undefined } : input } })
    else void create({ variables: { input: { ...input, ...(userId ? { userId } : {}) } } })
  }

  return (
    <StyledStack data-testid="invoice-edit-page">
      <PageHeader title={editing ? t('invoiceNumber', { id }) : title} subtitle={editing ? t('edit.editSubtitle') : t('edit.addSubtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <StyledStack>
          {editing ? null : (
            <Panel title={t('billedTo')}>
              <UserPicker value={userId} onChange={setUserId} role="client" label={t('edit.findClient')} errors={fieldErrors.userId ?? fieldErrors.client} />
            </Panel>
          )}
          <Panel title={t('details')}>
            <TextField
              label={t('service')}
              value={service}
              onChange={(e) => setService(e.target.value)}
              errors={fieldErrors.service}
              required
              data-testid="invoice-service"
            />
            <TextField
              label={t('due')}
              type="date"
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              errors={fieldErrors.dueDate}
              data-testid="invoice-due"
            />
            <TextAreaField label={t('edit.note')} value={note} onChange={(e) => setNote(e.target.value)} errors={fieldErrors.note} />
          </Panel>
          <Panel title={t('edit.lines')}>
            <StyledStack>
              {lines.map((line, i) => (
                <StyledLine key={i} data-testid="invoice-line">
                  <legend className="visually-hidden">{t('edit.lineN', { n: i + 1 })}</legend>
                  <SelectField
                    label={t('edit.product')}
                    value=""
                    onChange={(e) => {
                      const p = catalogue.find((c) => c.id === e.target.value)
                      if (p) setLine(i, { description: p.name, price: String(p.price) })
                    }}
                  >
                    <option value="">{products.loading ? t('edit.loadingProducts') : t('edit.freeText')}</option>
                    {catalogue.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('item')}
                    value={line.description}
                    onChange={(e) => setLine(i, { description: e.target.value })}
                    data-testid="line-description"
                  />
                  <TextField
                    label={t('qty')}
                    type="number"
                    min={1}
                    step={1}
                    value={line.qty}
                    onChange={(e) => setLine(i, { qty: e.target.value })}
                    data-testid="line-qty"
                  />
                  <TextField
                    label={t('price')}
                    type="number"
                    min={0}
                    step="0.01"
                    value={line.price}
                    onChange={(e) => setLine(i, { price: e.target.value })}
                    data-testid="line-price"
                  />
                  <Button
                    variant="ghost"
                    disabled={lines.length === 1}
                    onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                    aria-label={t('edit.removeLineN', { n: i + 1 })}
                  >
                    {t('edit.removeLine')}
                  </Button>
                </StyledLine>
              ))}
              {fieldErrors.lines ? <p role="alert">{fieldErrors.lines.join(' ')}</p> : null}
              <StyledRow>
                <Button variant="secondary" onClick={() => setLines((all) => [...all, emptyLine()])} disabled={lines.length >= 100}>
                  {t('edit.addLine')}
                </Button>
                <strong data-testid="invoice-edit-total">{t('totalIs', { amount: money(lineTotal(lines)) })}</strong>
              </StyledRow>
            </StyledStack>
          </Panel>
          <StyledRow>
            <Can I={editing ? 'update' : 'create'} a="Invoice">
              <Button type="submit" disabled={busy} data-testid="invoice-save">
                {t('edit.saveDraft')}
              </Button>
            </Can>
            <Link to={editing ? invoicesPath('apps-invoice-preview', { id: id! }) : invoicesPath('apps-invoice-list')}>{t('edit.cancel')}</Link>
          </StyledRow>
        </StyledStack>
      </form>
    </StyledStack>
  )
}
