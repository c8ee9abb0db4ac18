import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { FollowDashboardDocument } from '../../analytics/graphql/analytics.generated'
import { useQuery } from '@apollo/client/react'
import { GrowthChart } from '../../../components/charts/growth-chart'
import { useDateRange } from '../../../components/charts/range'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { FollowerList } from '../components/follower-list'
import { ThankYouForm } from '../components/thank-you-form'

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 3fr 2fr;
  }

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledColumn = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`

function Growth({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('followers')
  const { from, to } = useDateRange(90)
  const { data } = useQuery(FollowDashboardDocument, { variables: { platform: channel.platform, from, to, interval: 'week' } })
  const points = useMemo(() => data?.followDashboard.growth ?? [], [data])
  if (!data) return null
  return points.length ? <GrowthChart points={points} /> : <EmptyState testId="growth-empty">{t('growth.empty')}</EmptyState>
}

function Panel({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('followers')
  return (
    <StyledGrid>
      <StyledCard aria-labelledby="followers-title">
        <h2 id="followers-title">{t('list.title')}</h2>
        <FollowerList channel={channel} />
      </StyledCard>
      <StyledColumn>
        <StyledCard aria-labelledby="thanks-title">
          <h2 id="thanks-title">{t('thanks.title')}</h2>
          <ThankYouForm channel={channel} />
        </StyledCard>
        <StyledCard aria-labelledby="growth-title">
          <h2 id="growth-title">{t('growth.title')}</h2>
          <Growth channel={channel} />
        </StyledCard>
      </StyledColumn>
    </StyledGrid>
  )
}

/** /pages/follower: the channel's followers as the platform lists them, the optional thank-you, weekly growth. */
export default function FollowerPanelPage({ title }: { title: string }) {
  const { t } = useTranslation('followers')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="follower-panel" need="followers">
      {(channel) => <Panel key={channel.id} channel={channel} />}
    </ChannelPage>
  )
}
