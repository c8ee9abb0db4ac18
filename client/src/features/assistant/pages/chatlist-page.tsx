import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { StyledPageHeading } from '../../../components/ui/page-heading';
import { useAssistantAutomationQuery } from '../../../gql/graphql';
import { ChannelPicker } from '../components/channel-picker';
import { CommandsSection } from '../components/chatlist/commands-section';
import { TimersSection } from '../components/chatlist/timers-section';
import { EmptyChannels } from '../components/empty-channels';
import { ErrorBlock, LoadingBlock, StyledPageIntro } from '../components/query-state';
import { useChannels } from '../hooks/use-channels';
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

const StyledNotes = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

function ChannelAutomation({ channelId, platform }: { channelId: string; platform: 'twitch' | 'kick' }) {
  const { t } = useTranslation('assistant');
  const { data, loading, error, refetch } = useAssistantAutomationQuery({ variables: { channelId } });
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch]);
  if (error && !data) return <ErrorBlock error={error} onRetry={reload} />;
  if (loading && !data) return <LoadingBlock />;
  if (!data) return null;
  const { channel, botLimits } = data;
  const panelPath = withChannel(platform === 'kick' ? ASSISTANT_PATHS.kickPanel : ASSISTANT_PATHS.panel, channelId);
  const enablePath = withChannel(ASSISTANT_PATHS.enable, channelId);
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
  );
}

/** /pages/chatlist: custom commands and timers of a channel, within the plan's limits. */
export default function ChatlistPage({ title }: { title: string }) {
  const { t } = useTranslation('assistant');
  const { data, loading, error, refetch } = useChannels();
  const { selected, select } = useSelectedChannel(data?.channels);
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch]);
  const channels = data?.channels ?? [];
  return (
    <div data-testid="chatlist-page">
      <StyledTop>
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {channels.length > 1 && selected ? <ChannelPicker channels={channels} value={selected.id} onChange={select} /> : null}
      </StyledTop>
      <StyledPageIntro>
        {t('chatlist.intro', { plan: data?.botLimits.plan ?? t('common.noPlan') })}
      </StyledPageIntro>
      {error && !data ? <ErrorBlock error={error} onRetry={reload} /> : null}
      {loading && !data ? <LoadingBlock /> : null}
      {data && channels.length === 0 ? <EmptyChannels /> : null}
      {selected ? <ChannelAutomation key={selected.id} channelId={selected.id} platform={selected.platform} /> : null}
    </div>
  );
}
