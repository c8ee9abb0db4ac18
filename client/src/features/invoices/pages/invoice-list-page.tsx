import { useFormatters } from '../../../lib/format'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { StyledFilterBar } from '../../../components/ui/form-grid'
import { invoicesPath } from '../feature'
import { DataTable } from '../../../components/ui/data-table'
import { StyledButtonLink } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/page-header'
import { Pager } from '../../../components/ui/pager'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import { InvoiceListDocument, type InvoiceListQuery } from '../graphql/invoices.generated'
import { useQuery } from '@apollo/client/react'
import { Can } from '../../../lib/ability-context'
import { useMoney } from '../../../lib/money'
import { INVOICE_STATUSES, InvoiceStatusBadge } from '../components/invoice-status'

const PER_PAGE = 10

type Invoice = InvoiceListQuery['invoices']['invoices'][number]

/** /apps/invoice/list: the invoices in the caller's scope, searched by client, filtered by status, paged by the server. */
export default function InvoiceListPage({ title }: { title: string }) {
  const { t } = useTranslation('invoices')
  const format = useFormatters()
  const [q, setQ] = useState('')
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const { data, previousData, loading, error, refetch } = useQuery(InvoiceListDocument, {
    variables: { q: q.trim() || null, status: status || null, perPage: PER_PAGE, page },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const list = (data ?? previousData)?.invoices
  const money = useMoney(list?.currency)
  const pages = list ? Math.max(1, Math.ceil(list.total / PER_PAGE)) : 1
  return (
    <StyledStack data-testid="invoice-list-page">
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        actions={
          <Can I="create" a="Invoice">
            <StyledButtonLink to={invoicesPath('apps-invoice-add')} data-testid="invoice-add">
              {t('addInvoice')}
            </StyledButtonLink>
          </Can>
        }
      />
      <Panel title={t('filters')}>
        <StyledFilterBar>
          <TextField
            label={t('search')}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value)
              setPage(1)
            }}
          />
          <SelectField
            label={t('status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value)
              setPage(1)
            }}
          >
            <option value="">{t('anyStatus')}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </SelectField>
        </StyledFilterBar>
      </Panel>
      <Panel title={list ? t('total', { count: list.total }) : title}>
        <DataTable<Invoice>
          columns={[
            { key: 'id', header: '#', cell: (inv) => <Link to={invoicesPath('apps-invoice-preview', { id: inv.id })}>#{inv.id}</Link> },
            {
              key: 'client',
              header: t('client'),
              cell: (inv) => (
                <>
                  {inv.client.name}
                  <br />
                  <small>{inv.client.companyEmail}</small>
                </>
              ),
            },
            { key: 'service', header: t('service'), cell: (inv) => inv.service, cellProps: { 'data-user-content': true } },
            { key: 'total', header: t('totalColumn'), cell: (inv) => money(inv.total) },
            { key: 'balance', header: t('balance'), cell: (inv) => money(inv.balance) },
            { key: 'issued', header: t('issued'), cell: (inv) => format.date(inv.issuedDate) },
            { key: 'due', header: t('due'), cell: (inv) => format.date(inv.dueDate) },
            { key: 'status', header: t('status'), cell: (inv) => <InvoiceStatusBadge status={inv.invoiceStatus} /> },
          ]}
          rows={list?.invoices}
          rowKey={(inv) => inv.id}
          error={error}
          onRetry={() => void refetch()}
          loading={loading}
          empty={t('empty')}
          emptyTestId="invoice-list-empty"
          testId="invoice-table"
          rowTestId="invoice-row"
          footer={
            <Pager page={page} pages={pages} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), current: t('page', { page, pages }) }} />
          }
        />
      </Panel>
    </StyledStack>
  )
}
