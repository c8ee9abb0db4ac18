import { useTranslation } from 'react-i18next'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import type { AnalyticsStreamStatFragment } from '../graphql/analytics.generated'
import { useFormatters } from '../../../lib/format'
import { formatDuration, formatStart } from '../../../components/charts/range'

type Stream = AnalyticsStreamStatFragment

/**
 * Per stream: duration, category, average and peak viewers (the platform's counts), chat lines,
 * new followers. `streams` undefined: still loading (or, with `error`, failed).
 */
export function StreamStatsTable({
  streams,
  names,
  error,
  onRetry,
}: {
  streams: readonly Stream[] | undefined
  names?: ReadonlyMap<string, string>
  error?: unknown
  onRetry?: () => void
}) {
  const { t, i18n } = useTranslation('analytics')
  const format = useFormatters()
  const dash = (n: number | null | undefined) => (n === null || n === undefined ? '–' : format.number(n))
  const columns: DataColumn<Stream>[] = [
    { key: 'started', header: t('streams.started'), cell: (s) => formatStart(s.startedAt, i18n.language) },
    ...(names ? [{ key: 'channel', header: t('streams.channel'), cell: (s: Stream) => names.get(s.channelId) ?? s.channelId }] : []),
    { key: 'duration', header: t('streams.duration'), cell: (s) => (s.endedAt ? formatDuration(s.startedAt, s.endedAt) : t('streams.live')) },
    { key: 'category', header: t('streams.category'), cell: (s) => s.category ?? '–' },
    { key: 'average', header: t('streams.average'), cell: (s) => dash(s.averageViewers), cellProps: { 'data-testid': 'stream-average' } },
    { key: 'peak', header: t('streams.peak'), cell: (s) => dash(s.peakViewers), cellProps: { 'data-testid': 'stream-peak' } },
    { key: 'chatLines', header: t('streams.chatLines'), cell: (s) => dash(s.chatLines) },
    { key: 'newFollowers', header: t('streams.newFollowers'), cell: (s) => dash(s.newFollowers) },
  ]
  return (
    <DataTable
      columns={columns}
      rows={streams}
      rowKey={(s) => s.id}
      error={error}
      onRetry={onRetry}
      testId="stream-stats"
      rowTestId="stream-row"
      empty={t('streams.none')}
      emptyTestId="streams-empty"
      compact
      caption={t('streams.title')}
    />
  )
}
