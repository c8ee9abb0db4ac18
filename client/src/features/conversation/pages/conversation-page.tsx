import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { StyledHeaderRow } from '../../../components/ui/header-row'
import { LoadingState } from '../../../components/ui/loading-state'
import { SwitchButton } from '../../../components/ui/switch-button'
import { ConversationBotDocument, SetConversationModuleDocument } from '../graphql/conversation.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { useCanManage } from '../../../components/channel-page/channel-access'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { LogSection } from '../components/log-section'
import { ModelSection } from '../components/model-section'
import { RulesSection } from '../components/rules-section'

/** One column as wide as the page: a wide table (the rules) scrolls inside its card, never the page. */
const StyledStack = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
`

function ChannelConversation({ channelId, botActive }: { channelId: string; botActive: boolean }) {
  const { t } = useTranslation('conversation')
  const errorText = useErrorText()
  const [switchError, setSwitchError] = useState<unknown>(null)
  const canManage = useCanManage('conversation')
  const { data, loading, error, refetch } = useQuery(ConversationBotDocument, { variables: { channelId } })
  const [setModule, { loading: switching }] = useMutation(SetConversationModuleDocument)
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="conversation-error" />
  if (loading && !data) return <LoadingState testId="conversation-loading" />
  const c = data?.channel?.conversation
  if (!c) return null

  async function toggle(enabled: boolean) {
    setSwitchError(null)
    try {
      await setModule({ variables: { channelId, enabled } })
    } catch (e) {
      setSwitchError(e)
    }
    reload()
  }

  return (
    <StyledStack>
      <StyledCard data-testid="conversation-status">
        <StyledHeaderRow>
          <h2 id="conversation-switch-label">{t('status.title')}</h2>
          <SwitchButton
            checked={c.enabled}
            busy={switching}
            disabled={!canManage}
            aria-labelledby="conversation-switch-label"
            onChange={(on) => void toggle(on)}
            testId="conversation-switch"
          />
        </StyledHeaderRow>
        <p>{c.enabled ? t('status.on') : t('status.off')}</p>
        {!botActive ? <Alert variant="info">{t('status.botOff')}</Alert> : null}
        {switchError ? <Alert>{errorText(switchError)}</Alert> : null}
        <p data-testid="conversation-usage">
          {c.answersPerMonth === null
            ? t('usage.unlimited', { used: c.answersThisMonth })
            : t('usage.limited', { used: c.answersThisMonth, limit: c.answersPerMonth })}
        </p>
        {c.answersPerMonth !== null && c.answersThisMonth >= c.answersPerMonth ? (
          <Alert variant="warning" testId="conversation-limit-reached">
            {t('usage.reached')}
          </Alert>
        ) : null}
        <p>{t('status.precedence')}</p>
      </StyledCard>
      <RulesSection channelId={channelId} rules={c.rules} onChanged={reload} />
      <ModelSection
        channelId={channelId}
        modelConfigured={c.modelConfigured}
        modelName={c.modelName ?? null}
        botName={c.botName ?? null}
        modelEnabled={c.modelEnabled}
        systemPrompt={c.systemPrompt}
        fallbackAnswer={c.fallbackAnswer}
        onChanged={reload}
      />
      <LogSection channelId={channelId} />
    </StyledStack>
  )
}

/** /pages/Conversation: rules, optional model answers, the log and the monthly usage of a channel's conversation bot. */
export default function ConversationPage({ title }: { title: string }) {
  const { t } = useTranslation('conversation')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="conversation-page" need="conversation">
      {(channel) => <ChannelConversation key={channel.id} channelId={channel.id} botActive={channel.panel.active} />}
    </ChannelPage>
  )
}
