import { Suspense, lazy, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { VideoDashboardDocument } from '../graphql/video-dashboard.generated'
import { useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { EmptyChannels } from '../../../components/channel-page/empty-channels'
import { DateRangeFields } from '../components/date-range-fields'
import { LinkActions } from '../components/link-actions'
import { MediaTable } from '../components/media-table'
import { StreamStatsPanel } from '../../analytics'
import { formatCount } from '../lib/format'
import { type DayRange, lastDays, rangeProblem, toApiRange } from '../lib/range'

const VOD_PATH = '/pages/VOD'

/** The charts (Recharts) load as their own chunk: totals and tables show without waiting for them. */
const WeeklyChart = lazy(() => import('../components/dashboard-charts').then((module) => ({ default: module.WeeklyChart })))

const StyledTiles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fill, minmax(calc(${({ theme }) => theme.sizes.toastWidth} / 2), 1fr));
`

const StyledTile = styled(StyledCard)`
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.heading};
  }
`

const StyledCharts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 1fr 1fr;
  }

  figure {
    margin: 0;
  }
`

/** /followerfabrik/videodashboard: videos and clips of all the user's channels over time, from the server's cache. */
export default function VideoDashboardPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('videos')
  const format = useFormatters()
  const [range, setRange] = useState<DayRange>(() => lastDays(90))
  const valid = rangeProblem(range) === null
  const { data, previousData, loading, error, refetch } = useQuery(VideoDashboardDocument, {
    variables: valid ? toApiRange(range) : {},
    skip: !valid,
    fetchPolicy: 'cache-and-network',
  })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const dash = (data ?? previousData)?.videoDashboard
  const twitchChannels = dash?.channels.filter((c) => c.supported) ?? []
  const hasKick = dash ? dash.channels.some((c) => !c.supported) : false
  const nothing = dash ? dash.totals.videos + dash.totals.clips === 0 : false
  const count = (n: number) => formatCount(n, i18n.language)
  const api = valid ? toApiRange(range) : null

  return (
    <div data-testid="video-dashboard">
      <PageHeader title={title} subtitle={t('dashboard.intro')} actions={<DateRangeFields value={range} onChange={setRange} />} />
      {error && !dash ? <ErrorState error={error} onRetry={reload} testId="dashboard-error" /> : null}
      {loading && !dash ? <LoadingState testId="dashboard-loading" /> : null}
      {dash && dash.channels.length === 0 ? <EmptyChannels text={t('dashboard.noChannels')} /> : null}
      {hasKick ? (
        <Alert variant="info" testId="kick-unsupported">
          {t('kick.unsupported')}
        </Alert>
      ) : null}
      {dash && twitchChannels.length > 0 ? (
        <StyledStack>
          <StyledTiles data-testid="dashboard-totals">
            {(['videos', 'clips', 'videoViews', 'clipViews'] as const).map((key) => (
              <StyledTile key={key} as="dl" data-testid={`total-${key}`}>
                <dt>{t(`dashboard.series.${key}`)}</dt>
                <dd>{count(dash.totals[key])}</dd>
              </StyledTile>
            ))}
          </StyledTiles>
          {nothing ? (
            <EmptyState testId="dashboard-empty" action={<Link to={VOD_PATH}>{t('dashboard.toLibrary')}</Link>}>
              {t('dashboard.empty')}
            </EmptyState>
          ) : (
            <>
              <Panel title={t('dashboard.perWeek')}>
                <Suspense fallback={<LoadingState testId="charts-loading" />}>
                  <StyledCharts>
                    <WeeklyChart weeks={dash.weeks} series={['videos', 'clips']} label={t('dashboard.countChart')} testId="chart-counts" />
                    <WeeklyChart weeks={dash.weeks} series={['videoViews', 'clipViews']} label={t('dashboard.viewsChart')} testId="chart-views" />
                  </StyledCharts>
                </Suspense>
              </Panel>
              <Panel title={t('dashboard.topClips')} testId="top-clips">
                <MediaTable
                  items={dash.topClips}
                  caption={t('dashboard.topClips')}
                  testId="top-clip"
                  empty={t('clips.empty')}
                  emptyTestId="top-clips-empty"
                  actions={(c) => <LinkActions url={c.url} title={c.title} />}
                />
              </Panel>
              <Panel title={t('dashboard.topVideos')} testId="top-videos">
                <MediaTable
                  items={dash.topVideos}
                  caption={t('dashboard.topVideos')}
                  testId="top-video"
                  empty={t('videos.empty')}
                  emptyTestId="top-videos-empty"
                  actions={(v) => <LinkActions url={v.url} title={v.title} />}
                />
              </Panel>
            </>
          )}
          {/* Per stream: average and peak viewers, chat lines (the analytics feature). */}
          {api ? <StreamStatsPanel from={api.from} to={api.to} platform="twitch" /> : null}
          <p>
            {twitchChannels.map((c) => (
              <span key={c.channel.id} data-testid="dashboard-channel">
                {c.channel.displayName}: {c.syncedAt ? t('sync.at', { time: format.dateTime(c.syncedAt) }) : t('sync.never')}{' '}
              </span>
            ))}
          </p>
        </StyledStack>
      ) : null}
    </div>
  )
}
