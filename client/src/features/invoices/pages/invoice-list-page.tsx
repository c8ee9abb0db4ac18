import { useFormatters } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StyledFilterBar } from '../../../components/ui/form-grid';
import { pathFor } from '../../../app/route-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { StyledButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { StyledStack } from '../../../components/ui/stack';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useInvoiceListQuery } from '../../../gql/graphql';
import { Can } from '../../../lib/ability-context';
import { useMoney } from '../../../lib/money';
import { INVOICE_STATUSES, InvoiceStatusBadge } from '../components/invoice-status';

const PER_PAGE = 10;

/** /apps/invoice/list: the invoices in the caller's scope, searched by client, filtered by status, paged by the server. */
export default function InvoiceListPage({ title }: { title: string }) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useInvoiceListQuery({
    variables: { q: q.trim() || null, status: status || null, perPage: PER_PAGE, page },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const list = (data ?? previousData)?.invoices;
  const money = useMoney(list?.currency);
  const pages = list ? Math.max(1, Math.ceil(list.total / PER_PAGE)) : 1;
  return (
    <StyledStack data-testid="invoice-list-page">
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        actions={
          <Can I="create" a="Invoice">
            <StyledButtonLink to={pathFor('apps-invoice-add')} data-testid="invoice-add">
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
              setQ(e.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label={t('status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
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
        {error && !list ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : !list ? (
          <LoadingState />
        ) : list.invoices.length === 0 ? (
          <EmptyState testId="invoice-list-empty">{t('empty')}</EmptyState>
        ) : (
          <>
            <StyledTableWrap>
              <StyledTable $busy={loading} data-testid="invoice-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('client')}</th>
                    <th scope="col">{t('service')}</th>
                    <th scope="col">{t('totalColumn')}</th>
                    <th scope="col">{t('balance')}</th>
                    <th scope="col">{t('issued')}</th>
                    <th scope="col">{t('due')}</th>
                    <th scope="col">{t('status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.invoices.map((inv) => (
                    <tr key={inv.id} data-testid="invoice-row">
                      <td>
                        <Link to={pathFor('apps-invoice-preview', { id: inv.id })}>#{inv.id}</Link>
                      </td>
                      <td>
                        {inv.client.name}
                        <br />
                        <small>{inv.client.companyEmail}</small>
                      </td>
                      <td data-user-content>{inv.service}</td>
                      <td>{money(inv.total)}</td>
                      <td>{money(inv.balance)}</td>
                      <td>{format.date(inv.issuedDate)}</td>
                      <td>{format.date(inv.dueDate)}</td>
                      <td>
                        <InvoiceStatusBadge status={inv.invoiceStatus} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </StyledTable>
            </StyledTableWrap>
            <Pager page={page} pages={pages} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), current: t('page', { page, pages }) }} />
          </>
        )}
      </Panel>
    </StyledStack>
  );
}
