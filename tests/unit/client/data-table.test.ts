import i18next from 'i18next'
import { createElement, type ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { ThemeProvider } from 'styled-components'
import { beforeAll, describe, expect, it } from 'vitest'
import { type DataColumn, DataTable } from '../../../client/src/components/ui/data-table'
import { lightTheme } from '../../../client/src/lib/theme'

type Row = { id: number; name: string; plan: string }

const i18n = i18next.createInstance()
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: { common: { retry: 'Try again' }, errors: { INTERNAL: 'Something went wrong' } } } } })
})

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (row) => row.name },
  { key: 'plan', header: 'Plan', cell: (row) => row.plan, cellProps: { className: 'plan-cell', 'data-testid': 'row-plan' } },
]
const rows: Row[] = [
  { id: 1, name: 'Ann', plan: 'Pro' },
  { id: 2, name: 'Bob', plan: 'Starter' },
]

function html(props: Partial<ComponentProps<typeof DataTable<Row>>>): string {
  const table = createElement(DataTable<Row>, { columns, rows, rowKey: (row: Row) => row.id, empty: 'Nothing here', testId: 'table', ...props })
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(ThemeProvider, { theme: lightTheme }, table)))
}

const count = (text: string, part: string) => text.split(part).length - 1

describe('DataTable', () => {
  it('shows the loading state, then the error alone while no rows were ever loaded', () => {
    expect(html({ rows: undefined })).toContain('data-testid="loading"')
    const failed = html({ rows: undefined, error: new Error('boom'), onRetry: () => {} })
    expect(failed).toContain('data-testid="load-error"')
    expect(failed).toContain('Try again')
    expect(failed).not.toContain('<table')
  })

  it('keeps the rows and shows the error above them when a later load fails', () => {
    const text = html({ error: new Error('boom'), onRetry: () => {} })
    expect(count(text, 'data-testid="load-error"')).toBe(1)
    expect(text.indexOf('data-testid="load-error"')).toBeLessThan(text.indexOf('<table'))
    expect(count(text, '<tr')).toBe(3)
    expect(html({})).not.toContain('load-error')
  })

  it('shows the error above the empty state as well', () => {
    const text = html({ rows: [], error: new Error('boom'), emptyTestId: 'none' })
    expect(text).toContain('data-testid="load-error"')
    expect(text).toContain('data-testid="none"')
  })

  it("puts a column's cell attributes on each of its body cells only", () => {
    const text = html({})
    expect(count(text, '<td class="plan-cell" data-testid="row-plan">')).toBe(2)
    expect(text).not.toMatch(/<th[^>]*plan-cell/)
  })

  it('says the sort on the sorted header and names the table in a hidden caption', () => {
    const text = html({ sort: { field: 'name', descending: true }, onSort: () => {}, caption: 'Accounts' })
    expect(text).toContain('aria-sort="descending"')
    expect(text).toContain('data-testid="sort-name"')
    expect(text).toContain('<caption class="visually-hidden">Accounts</caption>')
    expect(html({})).not.toContain('<caption')
  })

  it("gives each body row the attributes its row asks for, and a row-header column's cells are row headers", () => {
    const named: DataColumn<Row>[] = columns.map((column, index) => ({ ...column, rowHeader: index === 0 }))
    const text = html({ columns: named, rowTestId: 'row', rowProps: (row) => ({ 'data-plan': row.plan }) })
    expect(text).toContain('<tr data-testid="row" data-plan="Pro">')
    expect(text).toContain('<tr data-testid="row" data-plan="Starter">')
    expect(count(text, '<th scope="row">')).toBe(2)
    expect(text).toContain('<th scope="row">Ann</th>')
    expect(count(html({}), 'scope="row"')).toBe(0)
  })
})
