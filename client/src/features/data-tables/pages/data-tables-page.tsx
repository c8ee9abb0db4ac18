import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../components/ui/pager'
import type { TableSort } from '../../../components/ui/data-table'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import type { DataTableSortField } from '../../../gql/types'
import { DataTablesPageDocument } from '../graphql/data-tables.generated'
import { useQuery } from '@apollo/client/react'
import { useDebounced } from '../../../lib/use-debounced'
import { AccountsTable } from '../components/account-columns'

const PER_PAGE = 10
/** The search waits this long after the last key press before asking the server. */
const SEARCH_DEBOUNCE_MS = 300

/**
 * The accounts table (GraphQL dataTablePage; GET /good-table/table_ssr is the spec's demo rows): search,
 * sorting and paging run on the server; admins see every account, resellers their clients.
 */
export default function DataTablesPage({ title }: { title: string }) {
  const { t } = useTranslation('data-tables')
  const [q, setQ] = useState('')
  const query = useDebounced(q.trim(), SEARCH_DEBOUNCE_MS)
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<TableSort>({ field: 'id', descending: true })
  const { data, previousData, loading, error, refetch } = useQuery(DataTablesPageDocument, {
    variables: { page, perPage: PER_PAGE, sortField: sort.field as DataTableSortField, descending: sort.descending, filter: query ? { q: query } : null },
  })
  const shown = (data ?? previousData)?.dataTablePage
  const total = shown?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  return (
    <StyledStack>
      <PageHeader title={title} subtitle={t('subtitle')} />
      <Panel title={title}>
        <TextField
          label={t('search')}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={q}
          maxLength={100}
          onChange={(event) => {
            setQ(event.target.value)
            setPage(1)
          }}
          data-testid="table-search"
        />
        <AccountsTable
          result={{ loading, error, refetch }}
          sortable
          rows={shown?.rows}
          sort={sort}
          sortLabel={t('sortBy')}
          onSort={(field) => {
            setSort((s) => ({ field, descending: s.field === field ? !s.descending : false }))
            setPage(1)
          }}
          testId="accounts-table"
          rowTestId="accounts-row"
          footer={
            <nav aria-label={t('paging')}>
              <span data-testid="table-range" aria-live="polite">
                {t('range', { from: (page - 1) * PER_PAGE + 1, to: Math.min(page * PER_PAGE, total), total })}
              </span>
              <Pager page={page} pages={pages} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), current: t('page', { page }) }} />
            </nav>
          }
        />
      </Panel>
    </StyledStack>
  )
}
