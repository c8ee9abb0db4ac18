import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { ChannelName } from '../../../components/channel-page/channel-name'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Switch } from '../../../components/ui/switch'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import type { BotModule } from '../../../gql/types'
import { EmptyChannels } from '../../../components/channel-page/empty-channels'
import { StyledMuted } from '../../../components/channel-page/muted-text'
import { PlatformBadge, StatusBadge } from '../components/status-badge'
import { useChannelSwitches } from '../hooks/use-channel-switches'
import { useChannels } from '../../../components/channel-page/use-channels'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { ChannelAccessGate, useCanManage } from '../../../components/channel-page/channel-access'
import { ChannelAbilityContext, channelAbilityOf } from '../../../lib/channel-ability'

/** The switches of /pages/enable, in the order the page shows them. */
const MODULES: readonly BotModule[] = ['chatBot', 'categoryChatBot', 'conversationBot', 'timers', 'raidAnnouncements']

/** Modules the server saves but the bot does not act on yet (said honestly on the page). */
const StyledGrid = styled.div`
  display: grid;
  /* One column on a phone, never wider than the screen: a channel's name is cut (ChannelName), not the page widened. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: repeat(auto-fill, minmax(calc(${({ theme }) => theme.sizes.authCardWidth} * 1.3), 1fr));
  }
`

const StyledChannelHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};

  h2 {
    margin: 0;
    margin-right: auto;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledNote = styled(StyledMuted)`
  margin: 0 0 ${({ theme }) => theme.space.sm};
`

function ChannelModules({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('assistant')
  const { setBotModule } = useChannelSwitches()
  // The bot switches of a channel the user helps with follow their group (switches: view or manage).
  const canManage = useCanManage('switches')
  const headingId = `modules-${channel.id}-title`
  return (
    <StyledCard aria-labelledby={headingId} data-testid="modules-card" data-channel-id={channel.id}>
      <StyledChannelHeader>
        <ChannelName as="h2" id={headingId} text={channel.displayName} />
        <PlatformBadge platform={channel.platform} sandbox={channel.sandbox} />
        <StatusBadge state={channel.status.state} />
      </StyledChannelHeader>
      <ChannelAccessGate need="switches">
        {!channel.panel.active ? (
          <StyledNote data-testid="bot-off-note">
            {t('modules.botOff')}{' '}
            <Link to={withChannel(channel.platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channel.id)}>{t('modules.toPanel')}</Link>
          </StyledNote>
        ) : null}
        {MODULES.map((module) => (
          <Switch
            key={module}
            label={t(`modules.items.${module}.label`)}
            description={t(`modules.items.${module}.description`)}
            checked={channel.modules[module]}
            onChange={(value) => void setBotModule(channel, module, value)}
            testId={`module-switch-${module}`}
            disabled={!canManage}
          />
        ))}
      </ChannelAccessGate>
    </StyledCard>
  )
}

/** One channel's card, with the caller's ability there (a team member's group, or the owner's). */
function ChannelSwitches({ channel }: { channel: AssistantChannelFragment }) {
  const ability = useMemo(() => channelAbilityOf(channel.myAccess), [channel.myAccess])
  return (
    <ChannelAbilityContext.Provider value={ability}>
      <ChannelModules channel={channel} />
    </ChannelAbilityContext.Provider>
  )
}

/** /pages/enable: one switch per module and channel, saved at once. */
export default function EnablePage({ title }: { title: string }) {
  const { t } = useTranslation('assistant')
  const { data, loading, error, refetch } = useChannels()
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const channels = data?.channels ?? []
  return (
    <div data-testid="enable-page">
      <PageHeader title={title} subtitle={t('modules.intro')} />
      {error && !data ? <ErrorState error={error} onRetry={reload} testId="assistant-error" /> : null}
      {loading && !data ? <LoadingState testId="assistant-loading" /> : null}
      {data && channels.length === 0 ? <EmptyChannels /> : null}
      <StyledGrid>
        {channels.map((channel) => (
          <ChannelSwitches key={channel.id} channel={channel} />
        ))}
      </StyledGrid>
    </div>
  )
}
