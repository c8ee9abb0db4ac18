import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { StyledFilterBar } from '../../../components/ui/form-grid'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import type { DataTableFilter } from '../../../gql/types'
import { DataTableRowsDocument } from '../graphql/data-table-rows.generated'
import { useQuery } from '@apollo/client/react'
import { useDebounced } from '../../../lib/use-debounced'
import { AccountsTable } from '../components/account-columns'
import { SampleTableFrame } from '../components/sample-table-frame'

type Filters = Required<Pick<DataTableFilter, 'fullName' | 'email' | 'channel' | 'role' | 'plan' | 'status' | 'startDateFrom' | 'startDateTo'>>
type Field = keyof Filters

const NONE: Record<Field, string> = { fullName: '', email: '', channel: '', role: '', plan: '', status: '', startDateFrom: '', startDateTo: '' }
const TEXT_FIELDS = [
  ['fullName', 'fields.name'],
  ['email', 'fields.email'],
  ['channel', 'fields.channel'],
  ['plan', 'fields.plan'],
] as const

/** The filters the server is asked for: the given ones, trimmed. */
const given = (filters: Record<Field, string>): DataTableFilter =>
  Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : [])))

/** /tables/advanced-search: the "advanced search" view of the accounts (GraphQL dataTableRows with a filter): a filter per column, all applied together on the server. */
export default function AdvancedSearchTablePage({ title }: { title: string }) {
  const { t } = useTranslation('data-tables')
  const { t: tShared } = useTranslation()
  const [filters, setFilters] = useState<Record<Field, string>>(NONE)
  const asked = useDebounced(filters, 300)
  const { data, previousData, loading, error, refetch } = useQuery(DataTableRowsDocument, { variables: { filter: given(asked) } })
  const set = (field: Field) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [field]: event.target.value }))
  return (
    <SampleTableFrame
      title={title}
      kind="advancedSearch"
      controls={
        <StyledFilterBar role="search" aria-label={t('samples.filters')}>
          {TEXT_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={t(label)}
              type="search"
              maxLength={100}
              value={filters[field]}
              onChange={set(field)}
              data-testid={`filter-${field}`}
            />
          ))}
          <SelectField label={t('fields.role')} value={filters.role} onChange={set('role')} data-testid="filter-role">
            <option value="">{t('samples.any')}</option>
            {(['admin', 'reseller', 'client'] as const).map((role) => (
              <option key={role} value={role}>
                {tShared(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('fields.status')} value={filters.status} onChange={set('status')} data-testid="filter-status">
            <option value="">{t('samples.any')}</option>
            {(['active', 'expired', 'none'] as const).map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('samples.createdFrom')} type="date" value={filters.startDateFrom} onChange={set('startDateFrom')} data-testid="filter-from" />
          <TextField label={t('samples.createdTo')} type="date" value={filters.startDateTo} onChange={set('startDateTo')} data-testid="filter-to" />
          <Button type="button" variant="secondary" onClick={() => setFilters(NONE)} data-testid="filter-clear">
            {t('samples.clear')}
          </Button>
        </StyledFilterBar>
      }
    >
      <AccountsTable result={{ loading, error, refetch }} rows={(data ?? previousData)?.dataTableRows} testId="advanced-table" rowTestId="advanced-row" />
    </SampleTableFrame>
  )
}
