import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@apollo/client/react'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledTableWrap } from '../../../components/ui/table'
import { ChannelGiveawaysDocument } from '../graphql/giveaways.generated'
import { GiveawayCard } from './giveaway-card'
import { GiveawayForm } from './giveaway-form'
import { useGiveawayTerms } from './use-giveaway-terms'

/** How often the entrants and the winner's lines are read again while a giveaway is open or just drawn. */
const LIVE_POLL_MS = 3_000

/**
 * A channel's giveaways: the open one (or the newest, to draw and reroll) with its entrants
 * live, the form to open the next one when none is open, and the history of the closed ones with
 * every winner.
 */
export function GiveawaysSection({ channelId }: { channelId: string }) {
  const { t, i18n } = useTranslation('giveaways')
  const terms = useGiveawayTerms()
  const { data, loading, error, refetch } = useQuery(ChannelGiveawaysDocument, {
    variables: { channelId },
    pollInterval: LIVE_POLL_MS,
    notifyOnNetworkStatusChange: false,
  })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])

  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="giveaways-error" />
  if (loading && !data) return <LoadingState testId="giveaways-loading" />
  const all = data?.channel?.giveaways ?? []
  const newest = all[0]
  const open = newest?.state === 'open'
  // Every closed giveaway, the newest too (its card above keeps the reroll).
  const closed = all.filter((g) => g.state !== 'open')
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      {newest ? <GiveawayCard key={newest.id} giveaway={newest} onChanged={reload} /> : null}
      {open ? null : <GiveawayForm channelId={channelId} kick={data?.channel?.platform === 'kick'} onOpened={reload} />}
      <StyledCard data-testid="giveaway-history">
        <h2>{t('history.title')}</h2>
        {closed.length === 0 ? (
          <EmptyState testId="giveaway-history-empty">{t('history.empty')}</EmptyState>
        ) : (
          <StyledTableWrap>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('history.prize')}</th>
                  <th scope="col">{t('history.opened')}</th>
                  <th scope="col">{t('history.entries')}</th>
                  <th scope="col">{t('history.winners')}</th>
                </tr>
              </thead>
              <tbody>
                {closed.map((g) => (
                  <tr key={g.id} data-testid="giveaway-history-row">
                    <td>
                      <span data-user-content>{g.prize}</span>
                      <br />
                      <small>{terms(g)}</small>
                    </td>
                    <td>{date.format(new Date(g.createdAt as string))}</td>
                    <td>{g.entryCount}</td>
                    <td data-user-content>{g.draws.map((d) => d.winner?.name ?? '—').join(', ') || t('history.noWinner')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </StyledTableWrap>
        )}
      </StyledCard>
    </>
  )
}
