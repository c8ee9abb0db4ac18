import { useCallback, useEffect, useRef } from 'react'
import { ownedChannels } from '../../../../lib/channel-ability'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../../components/ui/alert'
import { ErrorState } from '../../../../components/ui/error-state'
import { LoadingState } from '../../../../components/ui/loading-state'
import { PageHeader } from '../../../../components/ui/page-header'
import type { Platform } from '../../../../gql/types'
import { SandboxConnectOptionsDocument } from '../../../sandbox/graphql/connect.generated'
import { useQuery } from '@apollo/client/react'
import { useChannels } from '../../../../components/channel-page/use-channels'
import { useConnectResult } from '../../hooks/use-connect-result'
import { ConfirmConnectionDialog } from '../confirm-connection-dialog'
import { ConnectButtons } from './connect-buttons'
import { EmptyChannels } from '../../../../components/channel-page/empty-channels'
import { ChannelPanelCard } from './channel-panel-card'
import { emptyPanelKey } from './empty-panel-text'

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
`

const StyledLimit = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** Status refresh while the panel is open. */
const POLL_MS = 5000
/** After Active or Autostart changed, look again soon: the bot reports its new state within a second or two. */
const FOLLOW_UP_MS = 1500

/**
 * The Bot-Panel: every connected channel (or only Kick channels on /kick/panel) with its
 * switches, accounts and status, and the buttons that connect a channel.
 */
export function BotPanelView({ title, only }: { title: string; only?: Platform }) {
  const { t } = useTranslation('assistant')
  const { data, loading, error, refetch } = useChannels(POLL_MS)
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const { confirmId, done } = useConnectResult(reload)
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null)
  const reloadSoon = useCallback(() => {
    if (followUp.current) clearTimeout(followUp.current)
    followUp.current = setTimeout(reload, FOLLOW_UP_MS)
  }, [reload])
  useEffect(
    () => () => {
      if (followUp.current) clearTimeout(followUp.current)
    },
    [],
  )

  // The same query as the connect buttons (one request): the empty text names only buttons that are shown.
  const { data: connectOptions } = useQuery(SandboxConnectOptionsDocument)
  const platforms: readonly Platform[] = only ? [only] : ['twitch', 'kick']
  const all = data?.channels ?? []
  const channels = only ? all.filter((channel) => channel.platform === only) : all
  const limit = data?.botLimits.channels ?? null
  // Only owned channels count (not those helped with on a team); sandbox channels towards no limit.
  const counted = ownedChannels(all).filter((channel) => !channel.sandbox).length
  const atLimit = limit !== null && counted >= limit

  return (
    <div data-testid="bot-panel">
      <PageHeader title={title} subtitle={only === 'kick' ? t('panel.introKick') : t('panel.intro')} />
      <ConfirmConnectionDialog id={confirmId} onDone={done} onConnected={reload} />

      {data ? (
        <StyledToolbar>
          <ConnectButtons platforms={platforms} disabled={atLimit} />
          <StyledLimit data-testid="channel-limit">
            {limit === null
              ? t('panel.limitUnlimited', { count: counted })
              : t('panel.limit', { count: counted, limit, plan: data.botLimits.plan ?? t('common.noPlan') })}
          </StyledLimit>
        </StyledToolbar>
      ) : null}
      {atLimit ? <Alert variant="info">{t('panel.limitReached')}</Alert> : null}

      {error && !data ? <ErrorState error={error} onRetry={reload} testId="assistant-error" /> : null}
      {loading && !data ? <LoadingState testId="assistant-loading" /> : null}
      {data && channels.length === 0 ? <EmptyChannels text={t(emptyPanelKey(connectOptions?.connectOptions, only))} cta="none" /> : null}
      {channels.map((channel) => (
        <ChannelPanelCard key={channel.id} channel={channel} onDisconnected={reload} onSwitched={reloadSoon} />
      ))}
    </div>
  )
}
