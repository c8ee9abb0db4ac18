import { useTranslation } from 'react-i18next'
import type { Platform } from '../../../gql/types'
import { StreamStatsDocument } from '../graphql/stream-stats.generated'
import { useQuery } from '@apollo/client/react'
import { StreamStatsTable } from './stream-stats-table'

export interface StreamStatsPanelProps {
  /** ISO dates of the period. */
  from: string
  to: string
  channelId?: string | null
  platform?: Platform | null
}

/**
 * "Per stream: average and peak viewers, chat lines" for a period, for the video dashboard
 * to embed: its own query (streamStats), load and error states, and an empty state that says
 * how to get data.
 */
export function StreamStatsPanel({ from, to, channelId = null, platform = null }: StreamStatsPanelProps) {
  const { t } = useTranslation('analytics')
  const { data, error, refetch } = useQuery(StreamStatsDocument, { variables: { from, to, channelId, platform } })
  return (
    <section aria-label={t('streams.title')} data-testid="stream-stats-panel">
      <StreamStatsTable streams={data?.streamStats} error={error} onRetry={() => void refetch().catch(() => {})} />
    </section>
  )
}
