import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { DataTable } from '../../../components/ui/data-table'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { SelectField } from '../../../components/ui/select-field'
import type { DataTableGrouping } from '../../../gql/types'
import { DataTableGroupsDocument } from '../graphql/data-table-groups.generated'
import { useQuery } from '@apollo/client/react'
import { useAccountColumns } from '../components/account-columns'
import { SampleTableFrame } from '../components/sample-table-frame'

const GROUPINGS: readonly DataTableGrouping[] = ['plan', 'reseller', 'role', 'status']

const StyledGroup = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};

  h3 {
    margin: ${({ theme }) => `0 0 ${theme.space.sm}`};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`

/** /tables/row-group: the "row group" view of the accounts (GraphQL dataTableGroups): the accounts in scope, one table a group. */
export default function RowGroupTablePage({ title }: { title: string }) {
  const { t } = useTranslation('data-tables')
  const { t: tShared } = useTranslation()
  const [groupBy, setGroupBy] = useState<DataTableGrouping>('plan')
  const { data, previousData, loading, error, refetch } = useQuery(DataTableGroupsDocument, { variables: { groupBy } })
  const columns = useAccountColumns()
  const groups = (data ?? previousData)?.dataTableGroups
  const label = (raw: string) => {
    if (groupBy === 'plan') return raw === 'None' ? t('noPlan') : raw
    if (groupBy === 'reseller') return raw || t('samples.noReseller')
    if (groupBy === 'role') return tShared(`roles.${raw}` as 'roles.client')
    return t(`status.${raw}` as 'status.none')
  }
  let body
  if (error && !groups) body = <ErrorState error={error} onRetry={() => void refetch()} />
  else if (!groups) body = <LoadingState />
  else if (groups.length === 0) body = <EmptyState testId="table-empty">{t('empty')}</EmptyState>
  else {
    body = groups.map((group) => (
      <StyledGroup key={group.label} aria-label={label(group.label)} data-testid="row-group">
        <h3>
          {label(group.label)} <small>({t('samples.groupCount', { count: group.children.length })})</small>
        </h3>
        <DataTable columns={columns} rows={group.children} rowKey={(r) => r.id} loading={loading} empty={t('empty')} rowTestId="row-group-row" />
      </StyledGroup>
    ))
  }
  return (
    <SampleTableFrame
      title={title}
      kind="rowGroup"
      controls={
        <SelectField
          label={t('samples.groupBy')}
          value={groupBy}
          onChange={(event) => setGroupBy(event.target.value as DataTableGrouping)}
          data-testid="group-by"
        >
          {GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {t(`samples.groupings.${g}`)}
            </option>
          ))}
        </SelectField>
      }
    >
      {body}
    </SampleTableFrame>
  )
}
