import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import type { DataTableRowFieldsFragment } from '../graphql/data-tables.generated'

export type AccountRow = DataTableRowFieldsFragment

/** The accounts' columns, shared by every view of the data tables; `sortable` where the server sorts. */
export function useAccountColumns(sortable = false): DataColumn<AccountRow>[] {
  const { t } = useTranslation('data-tables')
  const { t: tShared } = useTranslation()
  return [
    { key: 'fullName', header: t('fields.name'), sortable, cell: (r) => r.fullName },
    { key: 'email', header: t('fields.email'), sortable, cell: (r) => r.email },
    { key: 'role', header: t('fields.role'), sortable, cell: (r) => tShared(`roles.${r.role}` as 'roles.client') },
    { key: 'plan', header: t('fields.plan'), sortable, cell: (r) => (r.plan === 'None' ? t('noPlan') : r.plan) },
    { key: 'status', header: t('fields.status'), sortable, cell: (r) => t(`status.${r.status}` as 'status.none') },
    { key: 'daysLeft', header: t('fields.daysLeft'), sortable, cell: (r) => r.daysLeft ?? '—' },
    { key: 'channel', header: t('fields.channel'), sortable, cell: (r) => r.channel ?? '—' },
    { key: 'startDate', header: t('fields.startDate'), sortable, cell: (r) => r.startDate },
  ]
}

type AccountsTableProps = Omit<
  ComponentProps<typeof DataTable<AccountRow>>,
  'columns' | 'rowKey' | 'error' | 'onRetry' | 'loading' | 'empty' | 'emptyTestId'
> & {
  /** The query's state: its error offers a retry, its loading dims the table. */
  result: { loading: boolean; error?: unknown; refetch: () => unknown }
  /** Sortable columns (the server sorts). */
  sortable?: boolean
}

/** The accounts in the shared DataTable, with the row key, empty text and retry every view of the data tables uses. */
export function AccountsTable({ result, sortable = false, ...table }: AccountsTableProps) {
  const { t } = useTranslation('data-tables')
  return (
    <DataTable
      columns={useAccountColumns(sortable)}
      rowKey={(r) => r.id}
      error={result.error}
      onRetry={() => void result.refetch()}
      loading={result.loading}
      empty={t('empty')}
      emptyTestId="table-empty"
      {...table}
    />
  )
}
