import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { formatCount, formatDay, formatLength } from '../lib/format'

export interface MediaItem {
  id: string
  title: string
  url: string
  viewCount: number
  durationSeconds: number
  createdAt: string
}

export interface ExtraColumn<T> {
  header: string
  cell: (item: T) => ReactNode
}

const StyledNumber = styled.span`
  display: block;
  text-align: right;
  font-variant-numeric: tabular-nums;
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`

/**
 * Videos or clips as a table: title (a link to the platform unless `linked` is false), date, length, the platform's view
 * count, and actions; `empty` when there are none. Rows are `<testId>-row` with `data-id`.
 */
export function MediaTable<T extends MediaItem>({
  items,
  caption,
  extra,
  actions,
  testId,
  empty,
  emptyTestId,
  linked = true,
}: {
  items: readonly T[]
  caption: string
  extra?: ExtraColumn<T>
  actions: (item: T) => ReactNode
  testId: string
  empty: ReactNode
  emptyTestId: string
  /** False: the title is plain text (a sandbox channel's media have no page on the platform). */
  linked?: boolean
}) {
  const { t, i18n } = useTranslation('videos')
  const columns: DataColumn<T>[] = [
    {
      key: 'title',
      header: t('table.title'),
      cell: (item) =>
        linked ? (
          <a href={item.url} target="_blank" rel="noreferrer noopener">
            {item.title || t('table.untitled')}
          </a>
        ) : (
          item.title || t('table.untitled')
        ),
    },
    ...(extra ? [{ key: 'extra', header: extra.header, cell: extra.cell }] : []),
    { key: 'date', header: t('table.date'), cell: (item) => formatDay(item.createdAt, i18n.language) },
    { key: 'length', header: t('table.length'), cell: (item) => formatLength(item.durationSeconds) },
    {
      key: 'views',
      header: t('table.views'),
      cell: (item) => <StyledNumber>{formatCount(item.viewCount, i18n.language)}</StyledNumber>,
      cellProps: { 'data-testid': 'views' },
    },
    { key: 'actions', header: t('table.actions'), cell: (item) => <StyledActions>{actions(item)}</StyledActions> },
  ]
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      rowProps={(item) => ({ 'data-id': item.id })}
      empty={empty}
      emptyTestId={emptyTestId}
      compact
      caption={caption}
      testId={testId}
      rowTestId={`${testId}-row`}
    />
  )
}
