import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { StyledCard } from '../../../components/ui/card'
import { StyledDetails } from '../../../components/ui/details-list'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { StyledSelect } from '../../../components/ui/form-control'
import { StyledInlinePicker } from '../../../components/ui/inline-picker'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import type { GrowthInterval, Platform } from '../../../gql/types'
import { FollowDashboardDocument } from '../graphql/analytics.generated'
import { useQuery } from '@apollo/client/react'
import { EmptyChannels } from '../../../components/channel-page/empty-channels'
import { useDateRange } from '../../../components/charts/range'
import { CountBars, GrowthChart } from '../../../components/charts/growth-chart'
import { RangePicker } from './range-picker'
import { StreamStatsTable } from './stream-stats-table'

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 1fr 1fr;
  }

  > .wide {
    grid-column: 1 / -1;
  }

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
`

/** The channels' figures side by side, large. */
const StyledFigures = styled(StyledDetails)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xl};

  dd {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

/**
 * A follow dashboard for one platform: follower growth across the user's channels, best
 * weekdays and hours, and per stream the platform's viewer counts, chat lines and new followers.
 */
export function FollowDashboardView({ title, platform }: { title: string; platform: Platform }) {
  const { t, i18n } = useTranslation('analytics')
  const { days, setDays, from, to } = useDateRange(30)
  const [interval, setInterval] = useState<GrowthInterval>('day')
  const intervalId = useId()
  const { data, loading, error, refetch } = useQuery(FollowDashboardDocument, { variables: { platform, from, to, interval } })
  const d = data?.followDashboard
  const names = useMemo(() => new Map(d?.channels.map((c) => [c.channelId, c.displayName]) ?? []), [d])
  const weekdayName = (n: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)))
  const byDay = WEEKDAYS.map((n) => ({ label: weekdayName(n), newFollowers: d?.bestDays.find((x) => x.key === n)?.newFollowers ?? 0 }))
  const byHour = Array.from({ length: 24 }, (_, h) => ({
    label: String(h).padStart(2, '0'),
    newFollowers: d?.bestHours.find((x) => x.key === h)?.newFollowers ?? 0,
  }))
  const follows = d?.growth.reduce((n, g) => n + g.newFollowers, 0) ?? 0
  const testId = platform === 'kick' ? 'kick-dashboard' : 'follow-dashboard'

  return (
    <div data-testid={testId}>
      <PageHeader
        title={title}
        subtitle={t(platform === 'kick' ? 'intro.kick' : 'intro.twitch')}
        actions={
          <StyledControls>
            <RangePicker value={days} onChange={setDays} />
            {/* Label and select as one piece, as the period's: the row wraps between pickers, never inside one. */}
            <StyledInlinePicker>
              <label htmlFor={intervalId}>{t('interval.label')}</label>
              <StyledSelect id={intervalId} value={interval} onChange={(e) => setInterval(e.target.value as GrowthInterval)} data-testid="interval-picker">
                <option value="day">{t('interval.day')}</option>
                <option value="week">{t('interval.week')}</option>
              </StyledSelect>
            </StyledInlinePicker>
          </StyledControls>
        }
      />
      {error && !data ? <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} /> : null}
      {loading && !data ? <LoadingState /> : null}
      {d && d.channels.length === 0 ? <EmptyChannels text={t(platform === 'kick' ? 'empty.noKickChannel' : 'empty.noChannel')} /> : null}
      {d && d.channels.length > 0 ? (
        <StyledGrid>
          {platform === 'kick' ? (
            <div className="wide">
              <Alert variant="info" testId="kick-note">
                {t('kickNote')}
              </Alert>
            </div>
          ) : null}
          <StyledCard className="wide" aria-label={t('channels.title')}>
            <StyledFigures data-testid="channel-figures">
              {d.channels.map((c) => (
                <div key={c.channelId}>
                  <dt>{t(platform === 'kick' ? 'channels.kickTotal' : 'channels.total', { name: c.displayName })}</dt>
                  <dd data-testid="channel-total">{c.total === null ? '–' : c.total.toLocaleString(i18n.language)}</dd>
                </div>
              ))}
              <div>
                <dt>{t('channels.newInRange')}</dt>
                <dd data-testid="new-in-range">{follows.toLocaleString(i18n.language)}</dd>
              </div>
            </StyledFigures>
          </StyledCard>
          <StyledCard className="wide" aria-labelledby={`${testId}-growth`}>
            <h2 id={`${testId}-growth`}>{t('growth.title')}</h2>
            {d.growth.length ? <GrowthChart points={d.growth} /> : <EmptyState testId="growth-empty">{t('empty.noFollows')}</EmptyState>}
          </StyledCard>
          <StyledCard aria-labelledby={`${testId}-days`}>
            <h2 id={`${testId}-days`}>{t('bestDays.title')}</h2>
            {follows ? <CountBars data={byDay} testId="best-days" /> : <EmptyState testId="days-empty">{t('empty.noFollows')}</EmptyState>}
          </StyledCard>
          <StyledCard aria-labelledby={`${testId}-hours`}>
            <h2 id={`${testId}-hours`}>{t('bestHours.title')}</h2>
            {follows ? <CountBars data={byHour} testId="best-hours" /> : <EmptyState testId="hours-empty">{t('empty.noFollows')}</EmptyState>}
          </StyledCard>
          <StyledCard className="wide" aria-labelledby={`${testId}-streams`}>
            <h2 id={`${testId}-streams`}>{t('streams.title')}</h2>
            <StreamStatsTable streams={d.streams} names={d.channels.length > 1 ? names : undefined} />
          </StyledCard>
        </StyledGrid>
      ) : null}
    </div>
  )
}
