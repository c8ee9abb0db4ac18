import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react'
import styled from 'styled-components'
import { EmptyState } from './empty-state'
import { ErrorState } from './error-state'
import { LoadingState } from './loading-state'
import { StyledTable, StyledTableWrap } from './table'

export interface DataColumn<Row> {
  /** Names the column (and, when `sortable`, the sort field it asks for). */
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  sortable?: boolean
  /** Attributes of each of the column's body cells (a class, a test id, `data-*`). */
  cellProps?: DataCellProps
  /** The column names its row (a trigger, a name): its body cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean
}

type DataAttributes = { [attribute: `data-${string}`]: string | number | boolean | undefined }
export type DataCellProps = TdHTMLAttributes<HTMLTableCellElement> & DataAttributes
/** Attributes of a body row, e.g. `data-*` that say which row it is. */
export type DataRowProps = HTMLAttributes<HTMLTableRowElement> & DataAttributes

export interface TableSort {
  field: string
  descending: boolean
}

const StyledSortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  border: 0;
  background: transparent;
  font: inherit;
  color: inherit;
  text-transform: inherit;
  letter-spacing: inherit;
  cursor: pointer;
`

const StyledArrow = styled.span<{ $active: boolean }>`
  opacity: ${({ $active }) => ($active ? 1 : 0.35)};
`

/** A column header that sorts; aria-sort says the current order. */
export function SortHeader({
  label,
  active,
  descending,
  onSort,
  sortLabel,
  testId,
}: {
  label: ReactNode
  active: boolean
  descending: boolean
  onSort: () => void
  sortLabel?: string
  testId?: string
}) {
  return (
    <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <StyledSortButton type="button" onClick={onSort} data-testid={testId}>
        {label}
        <StyledArrow aria-hidden="true" $active={active}>
          {active && descending ? '▼' : '▲'}
        </StyledArrow>
        {sortLabel ? <span className="visually-hidden">{sortLabel}</span> : null}
      </StyledSortButton>
    </th>
  )
}

/**
 * The app's data table: loading, error (with retry), empty and filled states; headers that
 * sort (aria-sort, a button each); rows that become cards on phones (StyledTableWrap). The
 * page keeps the data, the sort and the paging; row actions are a column like any other.
 * An error while rows are shown (a refetch, another page failed) shows above them, with the
 * retry, and the rows stay.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  error,
  onRetry,
  loading,
  empty,
  emptyAction,
  sort,
  onSort,
  sortLabel,
  testId,
  rowTestId,
  rowProps,
  emptyTestId,
  footer,
  compact,
  caption,
}: {
  columns: readonly DataColumn<Row>[]
  /** Undefined while the first load runs. */
  rows: readonly Row[] | undefined
  rowKey: (row: Row) => string | number
  error?: unknown
  onRetry?: () => void
  /** A new page or sort is loading (the table dims). */
  loading?: boolean
  empty: ReactNode
  emptyAction?: ReactNode
  sort?: TableSort
  onSort?: (field: string) => void
  /** Read by screen readers after a sortable header's name ("sort by"). */
  sortLabel?: string
  testId?: string
  rowTestId?: string
  /** Attributes of each body row (`data-*` naming the row, for tests and styles). */
  rowProps?: (row: Row) => DataRowProps
  emptyTestId?: string
  /** Under the table (a pager). */
  footer?: ReactNode
  /** Dense rows. */
  compact?: boolean
  /** Names the table for screen readers (visually hidden). */
  caption?: ReactNode
}) {
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />
  if (!rows) return <LoadingState />
  const banner = error ? <ErrorState error={error} onRetry={onRetry} /> : null
  if (rows.length === 0) {
    return (
      <>
        {banner}
        <EmptyState testId={emptyTestId} action={emptyAction}>
          {empty}
        </EmptyState>
      </>
    )
  }
  return (
    <>
      {banner}
      <StyledTableWrap>
        <StyledTable $busy={loading} $compact={compact} aria-busy={loading || undefined} data-testid={testId}>
          {caption ? <caption className="visually-hidden">{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) => {
                if (!column.sortable || !onSort) {
                  return (
                    <th key={column.key} scope="col">
                      {column.header}
                    </th>
                  )
                }
                return (
                  <SortHeader
                    key={column.key}
                    label={column.header}
                    active={sort?.field === column.key}
                    descending={sort?.field === column.key && sort.descending}
                    onSort={() => onSort(column.key)}
                    sortLabel={sortLabel}
                    testId={`sort-${column.key}`}
                  />
                )
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.key} scope="row" {...column.cellProps}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} {...column.cellProps}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledTableWrap>
      {footer}
    </>
  )
}
