import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { LogSearch } from '../../../components/channel-page/log-search'
import { ModerationLogDocument, UndoModerationActionDocument } from '../graphql/moderation.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { formatDateTime } from '../../../components/channel-page/format'

const PAGE = 20

/** Every automatic or manual action, newest first, searched by viewer and paged on the server; undo lifts a timeout or ban. */
export function LogSection({ channelId, canUndo = true }: { channelId: string; canUndo?: boolean }) {
  const { t, i18n } = useTranslation('moderation')
  const errorText = useErrorText()
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [undoError, setUndoError] = useState<unknown>(null)
  const { data, loading, error, refetch } = useQuery(ModerationLogDocument, {
    variables: { channelId, search: search || null, first: PAGE, offset },
    pollInterval: 10_000,
    skipPollAttempt: () => document.visibilityState === 'hidden',
  })
  const [undo, { loading: undoing }] = useMutation(UndoModerationActionDocument)
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const page = data?.channel?.moderation.log

  async function undoRow(id: string) {
    setUndoError(null)
    try {
      await undo({ variables: { id } })
    } catch (e) {
      setUndoError(e)
    }
    reload()
  }

  return (
    <StyledCard data-testid="moderation-log">
      <h2>{t('log.title')}</h2>
      <LogSearch
        label={t('log.search')}
        findLabel={t('log.find')}
        onSearch={(text) => {
          setOffset(0)
          setSearch(text)
        }}
      />
      {undoError ? <p role="alert">{errorText(undoError)}</p> : null}
      <DataTable
        columns={[
          { key: 'when', header: t('log.when'), cell: (r) => formatDateTime(r.at, i18n.language) },
          { key: 'viewer', header: t('log.viewer'), cell: (r) => r.viewerName },
          {
            key: 'why',
            header: t('log.why'),
            cell: (r) => (r.filter ? t(`filters.${r.filter as 'links'}`) : `${t(`sources.${r.source as 'nuke'}`)} ${r.moderator ?? ''}`),
          },
          { key: 'excerpt', header: t('log.excerpt'), cell: (r) => r.excerpt },
          {
            key: 'action',
            header: t('log.action'),
            cell: (r) =>
              `${t(`actions.${r.action as 'delete'}`)}${r.durationSeconds ? ` ${r.durationSeconds} s` : ''}${r.undoneAt ? ` (${t('log.undone')})` : ''}`,
          },
          { key: 'answer', header: t('log.answer'), cell: (r) => (r.ok ? r.answer : <strong>{r.answer}</strong>) },
          {
            key: 'undo',
            header: t('log.undo'),
            cell: (r) =>
              r.undoable && canUndo ? (
                <Button variant="secondary" disabled={undoing} onClick={() => void undoRow(r.id)} data-testid="moderation-undo">
                  {t('log.undo')}
                </Button>
              ) : null,
          },
        ]}
        rows={page?.items}
        rowKey={(r) => r.id}
        rowTestId="moderation-log-row"
        error={error}
        onRetry={reload}
        loading={loading}
        empty={search ? t('log.noMatch') : t('log.empty')}
        compact
        caption={t('log.title')}
        footer={
          page ? (
            <p>
              {t('log.range', { from: page.items.length ? offset + 1 : 0, to: offset + page.items.length, total: page.total })}{' '}
              <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                {t('log.previous')}
              </Button>{' '}
              <Button variant="secondary" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
                {t('log.next')}
              </Button>
            </p>
          ) : null
        }
      />
    </StyledCard>
  )
}
