import { Fragment, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { ChannelName } from '../../../components/channel-page/channel-name'
import { AdminOverview } from '../../accounts'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledDetails } from '../../../components/ui/details-list'
import { ErrorState } from '../../../components/ui/error-state'
import { ScreenLoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { AssistantDashboardDocument, type AssistantDashboardQuery } from '../graphql/dashboard.generated'
import { useQuery } from '@apollo/client/react'
import { getApolloClient } from '../../../lib/apollo'
import { useFormatters } from '../../../lib/format'
import { getUserData } from '../../../lib/session'
import { useSession } from '../../../lib/use-session'
import { EmptyChannels } from '../../../components/channel-page/empty-channels'
import { StyledMuted } from '../../../components/channel-page/muted-text'
import { LiveBadge, PlatformBadge, StatusBadge } from '../components/status-badge'
import { useChannelSwitches } from '../hooks/use-channel-switches'
import { useStatusReason } from '../hooks/use-status-reason'
import { formatDateTime, formatTime } from '../../../components/channel-page/format'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { ModerationCountsCard } from '../../moderation/public/moderation-counts-card'

type DashboardChannel = AssistantDashboardQuery['channels'][number]
type Licence = NonNullable<AssistantDashboardQuery['user']>

const POLL_MS = 15_000
const ACTIVITY_LINES = 8

const StyledGrid = styled.div`
  display: grid;
  /* One column on a phone, never wider than the screen: a channel's name is cut (ChannelName), not the page widened. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  margin-bottom: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: repeat(auto-fill, minmax(calc(${({ theme }) => theme.sizes.toastWidth} * 0.9), 1fr));
  }
`

const StyledTile = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledKey = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  white-space: nowrap;
`

const StyledKeyRow = styled.dd`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  button {
    min-height: auto;
    padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  }
`

const StyledBadges = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;

  button,
  a {
    min-height: auto;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  }
`

const StyledReason = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`

const StyledActivity = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.xs} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }

  time {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`

function LicenceTile({ licence, plan }: { licence: Licence | null; plan: string | null }) {
  const { t } = useTranslation('assistant')
  const format = useFormatters()
  const [shown, setShown] = useState(false)
  const hasLicence = licence !== null && licence.currentPlan !== 'None' && licence.licenseKey !== 'None'
  const expired = hasLicence && licence.duration < 0
  return (
    <StyledTile aria-labelledby="licence-title" data-testid="licence-tile">
      <h2 id="licence-title">{t('dashboard.licence.title')}</h2>
      {hasLicence ? (
        <StyledDetails>
          <dt>{t('dashboard.licence.plan')}</dt>
          <dd data-testid="licence-plan">{licence.currentPlan}</dd>
          <dt>{t('dashboard.licence.daysLeft')}</dt>
          <dd data-testid="licence-days">
            {expired ? t('dashboard.licence.expired') : t('dashboard.licence.days', { count: licence.duration, total: licence.durationTotal })}
          </dd>
          <dt>{t('dashboard.licence.key')}</dt>
          <StyledKeyRow>
            <StyledKey data-testid="licence-key">{shown ? licence.licenseKey : licence.licenseKey.replace(/[A-Z0-9]/g, '•')}</StyledKey>
            <Button variant="ghost" onClick={() => setShown((value) => !value)} aria-pressed={shown}>
              {shown ? t('dashboard.licence.hideKey') : t('dashboard.licence.showKey')}
            </Button>
          </StyledKeyRow>
          {licence.licensebeginning ? (
            <>
              <dt>{t('dashboard.licence.since')}</dt>
              <dd data-testid="licence-since">{format.date(licence.licensebeginning)}</dd>
            </>
          ) : null}
        </StyledDetails>
      ) : (
        <StyledMuted data-testid="licence-none">{t('dashboard.licence.none', { plan: plan ?? t('common.noPlan') })}</StyledMuted>
      )}
      {!hasLicence || expired ? (
        <StyledRow>
          <Link to={ASSISTANT_PATHS.licenseDemo}>{t('dashboard.licence.activate')}</Link>
        </StyledRow>
      ) : null}
    </StyledTile>
  )
}

/** The raid cooldown (the plan's raids per 24 h): pending, the next allowed time, or available; Kick has no raid API. */
function RaidCooldown({ raid }: { raid: DashboardChannel['raid'] }) {
  const { t, i18n } = useTranslation('assistant')
  if (!raid.supported) return <>{t('dashboard.channel.raidKick')}</>
  if (raid.raidActive) return <>{t('dashboard.channel.raidPending', { channel: raid.raidedChannel ?? '' })}</>
  if (raid.nextRaidAt) return <>{t('dashboard.channel.raidNext', { time: formatDateTime(raid.nextRaidAt, i18n.language) })}</>
  return <>{t('dashboard.channel.raidReady')}</>
}

function ChannelTile({ channel }: { channel: DashboardChannel }) {
  const { t } = useTranslation('assistant')
  const format = useFormatters()
  const { setPanel } = useChannelSwitches()
  const [busy, setBusy] = useState(false)
  const { status } = channel
  const reason = useStatusReason()(status)
  const titleId = `dashboard-channel-${channel.id}`
  const panelPath = withChannel(channel.platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channel.id)

  async function toggle() {
    setBusy(true)
    await setPanel(channel, 'active', !channel.panel.active)
    setBusy(false)
  }

  return (
    <StyledTile aria-labelledby={titleId} data-testid="dashboard-channel" data-channel-id={channel.id}>
      <h2 id={titleId}>
        <ChannelName text={channel.displayName} /> <PlatformBadge platform={channel.platform} sandbox={channel.sandbox} />
      </h2>
      <StyledBadges>
        <StatusBadge state={status.state} testId="bot-status" />
        <LiveBadge live={status.live} />
      </StyledBadges>
      {reason ? <StyledReason $error={status.state === 'error'}>{reason}</StyledReason> : null}
      <StyledDetails>
        <dt>{t('dashboard.channel.followers')}</dt>
        <dd data-testid="follower-total">{channel.followerTotal === null ? t('dashboard.channel.followersNone') : format.number(channel.followerTotal)}</dd>
        <dt>{t('dashboard.channel.messagesLastHour')}</dt>
        <dd>{channel.messagesLastHour}</dd>
        {status.category ? (
          <>
            <dt>{t('dashboard.channel.category')}</dt>
            <dd>{status.category}</dd>
          </>
        ) : null}
        <dt>{t('dashboard.channel.autostart')}</dt>
        <dd>{channel.panel.autostart ? t('common.on') : t('common.off')}</dd>
        <dt>{t('dashboard.channel.raid')}</dt>
        <dd data-testid="raid-cooldown">
          <RaidCooldown raid={channel.raid} />
        </dd>
      </StyledDetails>
      <StyledRow>
        <Button
          variant={channel.panel.active ? 'secondary' : 'primary'}
          onClick={() => void toggle()}
          disabled={busy}
          aria-busy={busy}
          data-testid="quick-toggle"
        >
          {channel.panel.active ? t('dashboard.channel.stop') : t('dashboard.channel.start')}
        </Button>
        <Link to={panelPath}>{t('dashboard.channel.toPanel')}</Link>
        <Link to={withChannel(ASSISTANT_PATHS.chatboard, channel.id)}>{t('dashboard.channel.toChatboard')}</Link>
        {channel.raid.supported ? <Link to={withChannel(ASSISTANT_PATHS.raid, channel.id)}>{t('dashboard.channel.toRaid')}</Link> : null}
      </StyledRow>
    </StyledTile>
  )
}

function ActivityTile({ channels }: { channels: readonly DashboardChannel[] }) {
  const { t, i18n } = useTranslation('assistant')
  const lines = channels
    .flatMap((channel) => channel.recentMessages.map((message) => ({ message, channel })))
    .sort((a, b) => (a.message.at < b.message.at ? 1 : -1))
    .slice(0, ACTIVITY_LINES)
  return (
    <StyledTile aria-labelledby="activity-title" data-testid="activity-tile">
      <h2 id="activity-title">{t('dashboard.activity.title')}</h2>
      {lines.length === 0 ? (
        <StyledMuted>{t('dashboard.activity.empty')}</StyledMuted>
      ) : (
        <StyledActivity>
          {lines.map(({ message, channel }) => (
            <li key={`${channel.id}:${message.id}`}>
              <time dateTime={message.at}>{formatTime(message.at, i18n.language)}</time>
              <span>
                <strong>{message.userName}</strong>
                {channels.length > 1 ? ` (${channel.displayName})` : ''}: {message.text}
              </span>
            </li>
          ))}
        </StyledActivity>
      )}
    </StyledTile>
  )
}

/**
 * The first screen's head start (app/first-screen.ts, lib/lazy-page.ts): the dashboard's query
 * starts as soon as this chunk is in, while the layout still loads and renders. The page's
 * useAssistantDashboardQuery (same query and variables) then reads the answer from the cache,
 * or joins the request still under way. A failure here is left to the page's own query.
 */
export function preloadData(): Promise<unknown> {
  const userData = getUserData()
  if (!userData) return Promise.resolve()
  return getApolloClient()
    .query({ query: AssistantDashboardDocument, variables: { userId: userData.id } })
    .catch(() => undefined)
}

/** /dashboard/: the client's landing — bot status per channel with its auto-moderation counts (24 h), licence, quick start/stop, recent chat; an admin's starts with the overview of the admin figures. */
export default function DashboardPage({ title }: { title: string }) {
  // Load the namespace once for the whole page (one suspense, not one per tile).
  useTranslation('assistant')
  const { userData } = useSession()
  const { data, loading, error, refetch } = useQuery(AssistantDashboardDocument, {
    variables: { userId: userData?.id ?? '' },
    skip: !userData,
    pollInterval: POLL_MS,
    skipPollAttempt: () => document.visibilityState === 'hidden',
  })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const channels = data?.channels ?? []
  const admin = userData?.role === 'admin'
  return (
    <div data-testid="dashboard-page">
      <PageHeader title={title} />
      {error && !data ? <ErrorState error={error} onRetry={reload} testId="assistant-error" /> : null}
      {loading && !data ? <ScreenLoadingState testId="assistant-loading" /> : null}
      {/* An admin's home: the overview of their figures first; the channel tiles only for channels they run themselves. */}
      {admin ? <AdminOverview /> : null}
      {data ? (
        <>
          {channels.length === 0 && !admin ? <EmptyChannels /> : null}
          <StyledGrid>
            {admin ? null : <LicenceTile licence={data.user} plan={data.botLimits.plan} />}
            {channels.map((channel) => (
              <Fragment key={channel.id}>
                <ChannelTile channel={channel} />
                <ModerationCountsCard channelId={channel.id} channelName={channel.displayName} />
              </Fragment>
            ))}
            {channels.length > 0 ? <ActivityTile channels={channels} /> : null}
          </StyledGrid>
        </>
      ) : null}
    </div>
  )
}
