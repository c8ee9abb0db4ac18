import { useTranslation } from 'react-i18next'
import { StyledCard } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { RaidEntryFragment } from '../graphql/raids.generated'
import { formatDateTime } from '../../../components/channel-page/format'

/** The channel's raids, both ways, newest first. */
export function RaidHistory({ raids }: { raids: readonly RaidEntryFragment[] }) {
  const { t, i18n } = useTranslation('raids')
  // The server keeps the outcome in words ("sent", "skipped: …", "refused: <Twitch's message>").
  const shoutoutText = (outcome: string | null) => {
    if (!outcome) return '—'
    if (outcome === 'sent') return t('history.shoutouts.sent')
    if (outcome.startsWith('skipped')) return t('history.shoutouts.skipped')
    return t('history.shoutouts.failed')
  }
  return (
    <StyledCard aria-labelledby="raid-history-title" data-testid="raid-history">
      <h2 id="raid-history-title">{t('history.title')}</h2>
      <DataTable
        columns={[
          { key: 'when', header: t('history.when'), cell: (raid) => formatDateTime(raid.requestedAt, i18n.language) },
          { key: 'direction', header: t('history.direction'), cell: (raid) => t(`history.directions.${raid.direction}`) },
          { key: 'channel', header: t('history.channel'), cell: (raid) => raid.otherName },
          { key: 'state', header: t('history.state'), cell: (raid) => t(`history.states.${raid.state}`) },
          { key: 'viewers', header: t('history.viewers'), cell: (raid) => raid.viewers ?? '—' },
          { key: 'shoutout', header: t('history.shoutout'), cell: (raid) => <span title={raid.shoutout ?? undefined}>{shoutoutText(raid.shoutout)}</span> },
        ]}
        rows={raids}
        rowKey={(raid) => raid.id}
        rowTestId="raid-row"
        rowProps={(raid) => ({ 'data-state': raid.state })}
        empty={t('history.empty')}
        emptyTestId="raid-history-empty"
        compact
      />
    </StyledCard>
  )
}
