import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { LogSearch } from '../../../components/channel-page/log-search'
import { ConversationLogDocument } from '../graphql/conversation.generated'
import { useQuery } from '@apollo/client/react'
import { formatDateTime } from '../../../components/channel-page/format'

export const LOG_PAGE = 20

/** What was asked and answered, newest first, searched and paged on the server. */
export function LogSection({ channelId }: { channelId: string }) {
  const { t, i18n } = useTranslation('conversation')
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const { data, loading, error, refetch } = useQuery(ConversationLogDocument, {
    variables: { channelId, search: search || null, first: LOG_PAGE, offset },
    pollInterval: 15_000,
    skipPollAttempt: () => document.visibilityState === 'hidden',
  })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const page = data?.channel?.conversation.log

  return (
    <StyledCard data-testid="conversation-log">
      <h2>{t('log.title')}</h2>
      <LogSearch
        label={t('log.search')}
        findLabel={t('log.find')}
        onSearch={(text) => {
          setOffset(0)
          setSearch(text)
        }}
        testId="conversation-log-search"
      />
      <DataTable
        columns={[
          { key: 'when', header: t('log.when'), cell: (item) => formatDateTime(item.at, i18n.language) },
          { key: 'viewer', header: t('log.viewer'), cell: (item) => item.viewerName },
          { key: 'question', header: t('log.question'), cell: (item) => item.question },
          { key: 'answer', header: t('log.answer'), cell: (item) => item.answer || <em>{t('log.silent')}</em> },
          { key: 'source', header: t('log.source'), cell: (item) => <span title={item.error ?? undefined}>{t(`sources.${item.source}`)}</span> },
          { key: 'latency', header: t('log.latency'), cell: (item) => t('log.ms', { ms: item.latencyMs }) },
        ]}
        rows={page?.items}
        rowKey={(item) => item.id}
        rowTestId="conversation-log-row"
        error={error}
        onRetry={reload}
        loading={loading}
        empty={search ? t('log.noMatch') : t('log.empty')}
        emptyTestId="conversation-log-empty"
        compact
        caption={t('log.title')}
        footer={
          page ? (
            <p>
              {t('log.range', { from: offset + 1, to: offset + page.items.length, total: page.total })}{' '}
              <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - LOG_PAGE))}>
                {t('log.previous')}
              </Button>{' '}
              <Button variant="secondary" disabled={offset + LOG_PAGE >= page.total} onClick={() => setOffset(offset + LOG_PAGE)}>
                {t('log.next')}
              </Button>
            </p>
          ) : null
        }
      />
    </StyledCard>
  )
}
