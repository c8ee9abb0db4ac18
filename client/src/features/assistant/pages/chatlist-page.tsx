import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { AssistantAutomationDocument } from '../graphql/automation.generated'
import { useQuery } from '@apollo/client/react'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { CommandsSection } from '../components/chatlist/commands-section'
import { TimersSection } from '../components/chatlist/timers-section'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'

const StyledNotes = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`

function ChannelAutomation({ channelId, platform }: { channelId: string; platform: 'twitch' | 'kick' }) {
  const { t } = useTranslation('assistant')
  const { data, loading, error, refetch } = useQuery(AssistantAutomationDocument, { variables: { channelId } })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="assistant-error" />
  if (loading && !data) return <LoadingState testId="assistant-loading" />
  if (!data) return null
  const { channel, botLimits } = data
  const panelPath = withChannel(platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channelId)
  const enablePath = withChannel(ASSISTANT_PATHS.enable, channelId)
  return (
    <>
      <StyledNotes>
        {!channel.panel.active ? (
          <Alert variant="info" testId="bot-off-note">
            {t('chatlist.botOff')} <Link to={panelPath}>{t('chatlist.toPanel')}</Link>
          </Alert>
        ) : null}
        {!channel.modules.chatBot ? (
          <Alert variant="warning">
            {t('chatlist.commandsOff')} <Link to={enablePath}>{t('chatlist.toEnable')}</Link>
          </Alert>
        ) : null}
        {!channel.modules.timers ? (
          <Alert variant="warning">
            {t('chatlist.timersOff')} <Link to={enablePath}>{t('chatlist.toEnable')}</Link>
          </Alert>
        ) : null}
      </StyledNotes>
      <CommandsSection
        channelId={channel.id}
        commands={channel.commands}
        limit={botLimits.commands}
        categoryChatBot={channel.modules.categoryChatBot}
        onChanged={reload}
      />
      <TimersSection channelId={channel.id} timers={channel.timers} limit={botLimits.timers} onChanged={reload} />
    </>
  )
}

/** /pages/chatlist: custom commands and timers of a channel, within the plan's limits. */
export default function ChatlistPage({ title }: { title: string }) {
  const { t } = useTranslation('assistant')
  return (
    <ChannelPage
      title={title}
      intro={(data) => t('chatlist.intro', { plan: data?.botLimits.plan ?? t('common.noPlan') })}
      testId="chatlist-page"
      need="commands"
    >
      {(channel) => <ChannelAutomation key={channel.id} channelId={channel.id} platform={channel.platform} />}
    </ChannelPage>
  )
}
