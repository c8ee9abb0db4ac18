import { useQuery } from '@apollo/client/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { ChannelName } from '../../../components/channel-page/channel-name'
import { StyledCard } from '../../../components/ui/card'
import { ModerationCountsDocument } from '../graphql/moderation.generated'

const StyledSmallCard = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
`

/** The moderation page's route (moderation/feature.ts). */
const MODERATION_PATH = '/pages/Moderation'

/**
 * A small dashboard card: what the auto-moderation did in a channel in the last 24 hours, per
 * filter, linking to the moderation page (its log and settings). Quiet while it loads; a failed
 * read says so in one line.
 */
export function ModerationCountsCard({ channelId, channelName }: { channelId: string; channelName: string }) {
  const { t } = useTranslation('moderation')
  const { data, error } = useQuery(ModerationCountsDocument, { variables: { channelId } })
  const counts = (data?.channel?.moderation.counts ?? []).filter((c) => c.lastDay > 0).sort((a, b) => b.lastDay - a.lastDay)
  const total = counts.reduce((n, c) => n + c.lastDay, 0)
  const titleId = `moderation-counts-${channelId}`
  return (
    <StyledSmallCard aria-labelledby={titleId} data-testid="moderation-counts-card" data-channel-id={channelId}>
      <ChannelName as="h2" id={titleId} text={t('dashboardCard.title', { channel: channelName })} />
      {error && !data ? (
        <p role="alert">{t('dashboardCard.error')}</p>
      ) : !data ? null : total === 0 ? (
        <p data-testid="moderation-counts-none">{t('dashboardCard.none')}</p>
      ) : (
        <>
          <p data-testid="moderation-counts-total">{t('dashboardCard.total', { count: total })}</p>
          <ul>
            {counts.map((c) => (
              <li key={c.filter} data-testid="moderation-count">
                {t(`filters.${c.filter as 'links'}`, { defaultValue: c.filter })}: {c.lastDay}
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={`${MODERATION_PATH}?channel=${encodeURIComponent(channelId)}`}>{t('dashboardCard.link')}</Link>
    </StyledSmallCard>
  )
}
