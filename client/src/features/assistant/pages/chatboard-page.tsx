import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { ChannelName } from '../../../components/channel-page/channel-name'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { useToast } from '../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { AssistantModerateChatDocument } from '../graphql/chatboard.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { useCanManage } from '../../../components/channel-page/channel-access'
import { ChatLog } from '../components/chatboard/chat-log'
import { type ModerationChoice, ModerationDialog, type ModerationRequest } from '../components/chatboard/moderation-dialog'
import { SendBox } from '../components/chatboard/send-box'
import { StyledBadge } from '../components/status-badge'
import { type StreamState, useChatStream } from '../hooks/use-chat-stream'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { platformKey } from '../../../components/channel-page/platform-label'
import { TestConsole } from '../../sandbox/public/test-console'

const StyledBoardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};

  h2 {
    margin: 0 auto 0 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledAnswer = styled.p<{ $ok: boolean }>`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`

function ConnectionBadge({ state, onRetry }: { state: StreamState; onRetry: () => void }) {
  const { t } = useTranslation('assistant')
  const errorText = useErrorText()
  switch (state.kind) {
    case 'live':
      return (
        <StyledBadge $tone="success" data-testid="stream-state" data-state="live">
          {t('chatboard.stream.live')}
        </StyledBadge>
      )
    case 'connecting':
      return (
        <StyledBadge $tone="info" data-testid="stream-state" data-state="connecting">
          {t('chatboard.stream.connecting')}
        </StyledBadge>
      )
    case 'retrying':
      return (
        <>
          <StyledBadge $tone="warning" data-testid="stream-state" data-state="retrying">
            {t('chatboard.stream.retrying', { seconds: state.inSeconds })}
          </StyledBadge>
          <Button variant="ghost" onClick={onRetry}>
            {t('chatboard.stream.retryNow')}
          </Button>
        </>
      )
    case 'failed':
      return (
        <>
          <StyledBadge $tone="danger" data-testid="stream-state" data-state="failed">
            {t('chatboard.stream.failed', { reason: errorText(state.error) })}
          </StyledBadge>
          <Button variant="ghost" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </>
      )
  }
}

type Answer = { ok: boolean; text: string } | null

function Board({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const { messages, history, state, retryNow } = useChatStream(channel.id)
  const [request, setRequest] = useState<ModerationRequest | null>(null)
  const [answer, setAnswer] = useState<Answer>(null)
  const [moderate, { loading: moderating }] = useMutation(AssistantModerateChatDocument)
  const platform = t(platformKey(channel))
  const sender = channel.botAccount?.login ?? (channel.platform === 'kick' ? t('chatboard.kickAppBot') : (channel.account?.login ?? channel.login))
  const headingId = `chatboard-${channel.id}-title`
  // Sending as the bot and the moderator actions ask for manage on moderation; the sandbox's console is the owner's.
  const canManage = useCanManage('moderation')

  async function confirmModeration(choice: ModerationChoice) {
    if (!request) return
    const { kind, message } = request
    try {
      const { data } = await moderate({
        variables: {
          channelId: channel.id,
          input:
            kind === 'delete'
              ? { action: 'delete', messageId: message.platformMessageId }
              : { action: kind, userId: message.userId, durationSeconds: choice.durationSeconds ?? null, reason: choice.reason ?? null },
        },
      })
      const result = data?.moderateChat
      if (result) {
        const text = result.ok ? t('chatboard.platformAnswered', { platform }) : t('chatboard.platformRefused', { platform, answer: result.message })
        setAnswer({ ok: result.ok, text })
        toast.show({ variant: result.ok ? 'success' : 'danger', title: t(`chatboard.moderation.${kind}Done`, { user: message.userName }), message: text })
      }
    } catch (error) {
      const text = errorText(error)
      setAnswer({ ok: false, text })
      toast.show({ variant: 'danger', title: t('chatboard.moderation.failed'), message: text })
    } finally {
      setRequest(null)
    }
  }

  return (
    <StyledCard aria-labelledby={headingId} data-testid="chatboard" data-channel-id={channel.id}>
      <StyledBoardHeader>
        <ChannelName as="h2" id={headingId} text={t('chatboard.chatOf', { name: channel.displayName, platform })} />
        <ConnectionBadge state={state} onRetry={retryNow} />
      </StyledBoardHeader>
      {!channel.panel.active ? (
        <Alert variant="info" testId="bot-off-note">
          {t('chatboard.botOff')}{' '}
          <Link to={withChannel(channel.platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channel.id)}>{t('chatboard.toPanel')}</Link>
        </Alert>
      ) : null}
      {history.error && !history.data ? <ErrorState error={history.error} onRetry={retryNow} testId="assistant-error" /> : null}
      {history.loading && !history.data ? (
        <LoadingState testId="assistant-loading" />
      ) : (
        <ChatLog messages={messages} emptyText={t('chatboard.empty')} onModerate={canManage ? (message, kind) => setRequest({ message, kind }) : undefined} />
      )}
      {answer ? (
        <StyledAnswer $ok={answer.ok} role="status" data-testid="platform-answer">
          {answer.text}
        </StyledAnswer>
      ) : null}
      {canManage ? <SendBox channelId={channel.id} sender={sender} platform={platform} /> : null}
      {channel.sandbox && channel.myAccess.owner ? <TestConsole channelId={channel.id} /> : null}
      <ModerationDialog
        request={request}
        platform={platform}
        busy={moderating}
        onConfirm={(choice) => void confirmModeration(choice)}
        onCancel={() => setRequest(null)}
      />
    </StyledCard>
  )
}

/** /pages/chatboard: the channel's live chat as the bot receives it, sending as the bot, moderator actions. */
export default function ChatboardPage({ title }: { title: string }) {
  const { t } = useTranslation('assistant')
  return (
    <ChannelPage title={title} intro={() => t('chatboard.intro')} testId="chatboard-page" need="moderation">
      {(channel) => <Board key={channel.id} channel={channel} />}
    </ChannelPage>
  )
}
