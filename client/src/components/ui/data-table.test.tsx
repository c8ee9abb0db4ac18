import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderUi } from '../../../../tests/support/component'
import { DataTable, type DataColumn } from './data-table'

type Row = { id: number; name: string; plan: string }
const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, sortable: true, rowHeader: true },
  { key: 'plan', header: 'Plan', cell: (r) => r.plan },
]
const rows: Row[] = [
  { id: 1, name: 'Ada', plan: 'Pro' },
  { id: 2, name: 'Linus', plan: 'Free' },
]

describe('DataTable', () => {
  it('says it is loading while the first page has not come', async () => {
    await renderUi(<DataTable columns={columns} rows={undefined} rowKey={(r) => r.id} empty="No accounts yet" />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('status')).toBeTruthy()
  })

  it('shows the empty text and its action instead of an empty table', async () => {
    await renderUi(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty="No accounts yet" emptyAction={<button>Clear filters</button>} />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('No accounts yet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy()
  })

  it('shows an error with a retry when the first load failed, and retries on click', async () => {
    const onRetry = vi.fn()
    const { user } = await renderUi(
      <DataTable columns={columns} rows={undefined} rowKey={(r) => r.id} empty="-" error={new Error('Network down')} onRetry={onRetry} />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    await user.click(screen.getByRole('button', { name: /retry|try again/i }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('keeps the rows when a later load fails, with the error above them', async () => {
    await renderUi(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-" error={new Error('Network down')} onRetry={() => {}} />)
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy()
  })

  it('labels each cell (the phone card) with its column’s visible name only: no sort arrow, no screen-reader text', async () => {
    const withActions: DataColumn<Row>[] = [...columns, { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: () => 'Edit' }]
    await renderUi(
      <DataTable
        columns={withActions}
        rows={rows}
        rowKey={(r) => r.id}
        empty="-"
        sort={{ field: 'name', descending: false }}
        onSort={() => {}}
        sortLabel="(sort)"
      />,
    )
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    const rowHeader = within(screen.getAllByRole('row')[1]!).getByRole('rowheader')
    expect([rowHeader, ...cells].map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Plan', ''])
  })

  it('names each row by its row-header column and says the sort order', async () => {
    const onSort = vi.fn()
    const { user } = await renderUi(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-" sort={{ field: 'name', descending: true }} onSort={onSort} sortLabel="sort" />,
    )
    const [header] = screen.getAllByRole('columnheader')
    expect(header!.getAttribute('aria-sort')).toBe('descending')
    expect(screen.getAllByRole('columnheader')[1]!.getAttribute('aria-sort')).toBeNull()
    expect(within(screen.getAllByRole('row')[1]!).getByRole('rowheader').textContent).toBe('Ada')
    // The sort is a button: the keyboard reaches it and Enter sorts.
    await user.tab()
    expect(document.activeElement).toBe(within(header!).getByRole('button'))
    await user.keyboard('{Enter}')
    expect(onSort).toHaveBeenCalledWith('name')
  })
})
