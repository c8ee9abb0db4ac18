import { type ReactNode, useCallback, useMemo } from 'react'
import { ChannelAbilityContext, channelAbilityOf } from '../../lib/channel-ability'
import { ErrorState } from '../ui/error-state'
import { LoadingState } from '../ui/loading-state'
import { PageHeader } from '../ui/page-header'
import type { AssistantChannelFragment, AssistantChannelsQuery } from './channels.generated'
import { useChannels } from './use-channels'
import { useSelectedChannel } from './use-selected-channel'
import { ChannelPicker } from './channel-picker'
import { EmptyChannels } from './empty-channels'
import { ChannelAccessGate, type ChannelNeed } from './channel-access'

export interface ChannelPageProps {
  title: string
  /** The line under the heading (the channels are there once loaded). */
  intro: (data: AssistantChannelsQuery | undefined) => string
  testId: string
  /** The page's content for the chosen channel. */
  children: (channel: AssistantChannelFragment) => ReactNode
  /**
   * What the page needs of the chosen channel (a team member's module, or `owner`): without it
   * the page says so instead of its content; with view only, a notice says why nothing is offered to change.
   */
  need?: ChannelNeed
}

/**
 * A page that works on one channel at a time: the heading with a channel picker when
 * there are several (the choice is kept in ?channel=), the load states, and the empty
 * state when no channel is connected. The picker also lists the channels the user helps with
 * on a team (the channel switcher); their rights there are provided as the channel ability.
 */
export function ChannelPage({ title, intro, testId, children, need }: ChannelPageProps) {
  const { data, loading, error, refetch } = useChannels()
  const { selected, select } = useSelectedChannel(data?.channels)
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const channels = data?.channels ?? []
  // A team member's rights on the chosen channel: the page's controls show only what they may do.
  const ability = useMemo(() => channelAbilityOf(selected?.myAccess), [selected?.myAccess])
  return (
    <div data-testid={testId}>
      <PageHeader
        title={title}
        subtitle={intro(data)}
        actions={channels.length > 1 && selected ? <ChannelPicker channels={channels} value={selected.id} onChange={select} /> : null}
      />
      {error && !data ? <ErrorState error={error} onRetry={reload} testId="assistant-error" /> : null}
      {loading && !data ? <LoadingState testId="assistant-loading" /> : null}
      {data && channels.length === 0 ? <EmptyChannels /> : null}
      {selected ? (
        <ChannelAbilityContext.Provider value={ability}>
          {need ? <ChannelAccessGate need={need}>{children(selected)}</ChannelAccessGate> : children(selected)}
        </ChannelAbilityContext.Provider>
      ) : null}
    </div>
  )
}
