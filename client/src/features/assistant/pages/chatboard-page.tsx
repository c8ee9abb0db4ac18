import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StyledCard } from '../../../components/ui/card';
import { StyledPageHeading } from '../../../components/ui/page-heading';
import { useToast } from '../../../components/ui/toast-provider';
import { type AssistantChannelFragment, useAssistantModerateChatMutation } from '../../../gql/graphql';
import { ChannelPicker } from '../components/channel-picker';
import { ChatLog } from '../components/chatboard/chat-log';
import { type ModerationChoice, ModerationDialog, type ModerationRequest } from '../components/chatboard/moderation-dialog';
import { SendBox } from '../components/chatboard/send-box';
import { EmptyChannels } from '../components/empty-channels';
import { ErrorBlock, LoadingBlock, StyledPageIntro, useErrorText } from '../components/query-state';
import { StyledBadge } from '../components/status-badge';
import { useChannels } from '../hooks/use-channels';
import { type StreamState, useChatStream } from '../hooks/use-chat-stream';
import { useSelectedChannel } from '../hooks/use-selected-channel';
import { ASSISTANT_PATHS, withChannel } from '../lib/paths';

const StyledTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};

  h1 {
    margin: 0;
  }
`;

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
`;

const StyledAnswer = styled.p<{ $ok: boolean }>`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

function ConnectionBadge({ state, onRetry }: { state: StreamState; onRetry: () => void }) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  switch (state.kind) {
    case 'live':
      return (
        <StyledBadge $tone="success" data-testid="stream-state" data-state="live">
          {t('chatboard.stream.live')}
        </StyledBadge>
      );
    case 'connecting':
      return (
        <StyledBadge $tone="info" data-testid="stream-state" data-state="connecting">
          {t('chatboard.stream.connecting')}
        </StyledBadge>
      );
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
      );
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
      );
  }
}

type Answer = { ok: boolean; text: string } | null;

function Board({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('assistant');
  const toast = useToast();
  const errorText = useErrorText();
  const { messages, history, state, retryNow } = useChatStream(channel.id);
  const [request, setRequest] = useState<ModerationRequest | null>(null);
  const [answer, setAnswer] = useState<Answer>(null);
  const [moderate, { loading: moderating }] = useAssistantModerateChatMutation();
  const platform = t(`platforms.${channel.platform}`);
  const sender = channel.botAccount?.login ?? (channel.platform === 'kick' ? t('chatboard.kickAppBot') : (channel.account?.login ?? channel.login));
  const headingId = `chatboard-${channel.id}-title`;

  async function confirmModeration(choice: ModerationChoice) {
    if (!request) return;
    const { kind, message } = request;
    try {
      const { data } = await moderate({
        variables: {
          channelId: channel.id,
          input:
            kind === 'delete'
              ? { action: 'delete', messageId: message.platformMessageId }
              : { action: kind, userId: message.userId, durationSeconds: choice.durationSeconds ?? null, reason: choice.reason ?? null },
        },
      });
      const result = data?.moderateChat;
      if (result) {
        const text = result.ok
          ? t('chatboard.platformAnswered', { platform, status: result.status, answer: result.message })
          : t('chatboard.platformRefused', { platform, status: result.status, answer: result.message });
        setAnswer({ ok: result.ok, text });
        toast.show({ variant: result.ok ? 'success' : 'danger', title: t(`chatboard.moderation.${kind}Done`, { user: message.userName }), message: text });
      }
    } catch (error) {
      const text = errorText(error);
      setAnswer({ ok: false, text });
      toast.show({ variant: 'danger', title: t('chatboard.moderation.failed'), message: text });
    } finally {
      setRequest(null);
    }
  }

  return (
    <StyledCard aria-labelledby={headingId} data-testid="chatboard" data-channel-id={channel.id}>
      <StyledBoardHeader>
        <h2 id={headingId}>{t('chatboard.chatOf', { name: channel.displayName, platform })}</h2>
        <ConnectionBadge state={state} onRetry={retryNow} />
      </StyledBoardHeader>
      {!channel.panel.active ? (
        <Alert variant="info" testId="bot-off-note">
          {t('chatboard.botOff')}{' '}
          <Link to={withChannel(channel.platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channel.id)}>{t('chatboard.toPanel')}</Link>
        </Alert>
      ) : null}
      {history.error && !history.data ? <ErrorBlock error={history.error} onRetry={retryNow} /> : null}
      {history.loading && !history.data ? (
        <LoadingBlock />
      ) : (
        <ChatLog messages={messages} emptyText={t('chatboard.empty')} onModerate={(message, kind) => setRequest({ message, kind })} />
      )}
      {answer ? (
        <StyledAnswer $ok={answer.ok} role="status" data-testid="platform-answer">
          {answer.text}
        </StyledAnswer>
      ) : null}
      <SendBox channelId={channel.id} sender={sender} platform={platform} />
      <ModerationDialog request={request} platform={platform} busy={moderating} onConfirm={(choice) => void confirmModeration(choice)} onCancel={() => setRequest(null)} />
    </StyledCard>
  );
}

/** /pages/chatboard: the channel's live chat as the bot receives it, sending as the bot, moderator actions. */
export default function ChatboardPage({ title }: { title: string }) {
  const { t } = useTranslation('assistant');
  const { data, loading, error, refetch } = useChannels();
  const { selected, select } = useSelectedChannel(data?.channels);
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch]);
  const channels = data?.channels ?? [];
  return (
    <div data-testid="chatboard-page">
      <StyledTop>
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {channels.length > 1 && selected ? <ChannelPicker channels={channels} value={selected.id} onChange={select} /> : null}
      </StyledTop>
      <StyledPageIntro>{t('chatboard.intro')}</StyledPageIntro>
      {error && !data ? <ErrorBlock error={error} onRetry={reload} /> : null}
      {loading && !data ? <LoadingBlock /> : null}
      {data && channels.length === 0 ? <EmptyChannels /> : null}
      {selected ? <Board key={selected.id} channel={selected} /> : null}
    </div>
  );
}
