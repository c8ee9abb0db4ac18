import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { CancelRaidDocument, RaidPanelDocument, StartRaidDocument } from '../graphql/raids.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { StyledMuted } from '../../../components/channel-page/muted-text'
import { formatDateTime } from '../../../components/channel-page/format'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { RaidHistory } from '../components/raid-history'
import { RaidSearch } from '../components/raid-search'
import { RaidStatus } from '../components/raid-status'
import { POLL_IDLE_MS, POLL_PENDING_MS, RAID_SCOPE } from '../lib'
import { useCanManage } from '../../../components/channel-page/channel-access'

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

/** Kick's public API documents no raid or host endpoint: said plainly, with no button that cannot work. */
function KickRaids() {
  const { t } = useTranslation('raids')
  return (
    <StyledCard data-testid="raid-kick">
      <h2>{t('kick.title')}</h2>
      <StyledMuted>{t('kick.text')}</StyledMuted>
    </StyledCard>
  )
}

function TwitchRaids({ channel }: { channel: AssistantChannelFragment }) {
  const { t, i18n } = useTranslation('raids')
  const errorText = useErrorText()
  const [actionError, setActionError] = useState<unknown>(null)
  // Searching and starting ask for manage on raids: a member who only views them gets the state and the history.
  const canManage = useCanManage('raids')
  const [notice, setNotice] = useState<string | null>(null)
  const { data, loading, error, refetch, startPolling } = useQuery(RaidPanelDocument, {
    variables: { channelId: channel.id },
    skipPollAttempt: () => document.visibilityState === 'hidden',
  })
  const state = data?.channel?.raid
  // A pending raid is confirmed by Twitch's event within about 90 s: look often until then.
  const active = state?.raidActive ?? false
  useEffect(() => startPolling(active ? POLL_PENDING_MS : POLL_IDLE_MS), [active, startPolling])
  const [startRaid, { loading: starting }] = useMutation(StartRaidDocument)
  const [cancelRaid, { loading: cancelling }] = useMutation(CancelRaidDocument)
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])

  async function run(action: () => Promise<unknown>, done: string) {
    setActionError(null)
    setNotice(null)
    try {
      await action()
      setNotice(done)
    } catch (e) {
      setActionError(e)
    }
    await refetch().catch(() => {})
  }

  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="raid-error" />
  if (loading && !data) return <LoadingState testId="raid-loading" />
  if (!state || !data?.channel) return null

  // Channels connected before raids existed lack the scope: say so rather than fail at Twitch.
  // A team member is not sent the owner's account (nor its scopes): the server says so if one lacks.
  const missingScope = channel.account ? !channel.account.scopes.includes(RAID_SCOPE) : false
  const blocked = missingScope
    ? t('search.blockedScope')
    : state.raidActive
      ? t('search.blockedPending')
      : state.nextRaidAt
        ? t('search.blockedCooldown', { time: formatDateTime(state.nextRaidAt, i18n.language) })
        : null

  return (
    <StyledStack>
      {actionError ? <Alert testId="raid-action-error">{errorText(actionError)}</Alert> : null}
      {missingScope && canManage ? (
        <Alert variant="warning" testId="raid-scope">
          {t('search.blockedScope')} <Link to={withChannel(ASSISTANT_PATHS.panel, channel.id)}>{t('search.toPanel')}</Link>
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="success" testId="raid-notice">
          {notice}
        </Alert>
      ) : null}
      <RaidStatus
        channelId={channel.id}
        state={state}
        announcements={channel.modules.raidAnnouncements}
        cancelling={cancelling}
        onCancel={() => run(() => cancelRaid({ variables: { channelId: channel.id } }), t('status.cancelled'))}
      />
      {canManage ? (
        <RaidSearch
          channelId={channel.id}
          blocked={blocked}
          starting={starting}
          onRaid={(target) =>
            run(() => startRaid({ variables: { channelId: channel.id, targetId: target.id } }), t('search.started', { channel: target.displayName }))
          }
        />
      ) : null}
      <RaidHistory raids={data.channel.raids} />
    </StyledStack>
  )
}

/** /pages/raid: choose a live channel, start or cancel a raid through Twitch; the 24 h rule; raid history. */
export default function RaidPage({ title }: { title: string }) {
  const { t } = useTranslation('raids')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="raid-page" need="raids">
      {(channel) => (channel.platform === 'kick' ? <KickRaids key={channel.id} /> : <TwitchRaids key={channel.id} channel={channel} />)}
    </ChannelPage>
  )
}
