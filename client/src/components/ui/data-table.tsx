import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { StyledTable, StyledTableWrap } from './table';

export interface DataColumn<Row> {
  /** Names the column (and, when `sortable`, the sort field it asks for). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
}

export interface TableSort {
  field: string;
  descending: boolean;
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
`;

const StyledArrow = styled.span<{ $active: boolean }>`
  opacity: ${({ $active }) => ($active ? 1 : 0.35)};
`;

/** A column header that sorts; aria-sort says the current order. */
export function SortHeader({
  label,
  active,
  descending,
  onSort,
  sortLabel,
  testId,
}: {
  label: ReactNode;
  active: boolean;
  descending: boolean;
  onSort: () => void;
  sortLabel?: string;
  testId?: string;
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
  );
}

/**
 * The app's data table: loading, error (with retry), empty and filled states; headers that
 * sort (aria-sort, a button each); rows that become cards on phones (StyledTableWrap). The
 * page keeps the data, the sort and the paging; row actions are a column like any other.
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
  emptyTestId,
  footer,
}: {
  columns: readonly DataColumn<Row>[];
  /** Undefined while the first load runs. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  error?: unknown;
  onRetry?: () => void;
  /** A new page or sort is loading (the table dims). */
  loading?: boolean;
  empty: ReactNode;
  emptyAction?: ReactNode;
  sort?: TableSort;
  onSort?: (field: string) => void;
  /** Read by screen readers after a sortable header's name ("sort by"). */
  sortLabel?: string;
  testId?: string;
  rowTestId?: string;
  emptyTestId?: string;
  /** Under the table (a pager). */
  footer?: ReactNode;
}) {
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  if (!rows) return <LoadingState />;
  if (rows.length === 0) {
    return (
      <EmptyState testId={emptyTestId} action={emptyAction}>
        {empty}
      </EmptyState>
    );
  }
  return (
    <>
      <StyledTableWrap>
        <StyledTable $busy={loading} aria-busy={loading || undefined} data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => {
                if (!column.sortable || !onSort) {
                  return (
                    <th key={column.key} scope="col">
                      {column.header}
                    </th>
                  );
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
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.key}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledTableWrap>
      {footer}
    </>
  );
}
