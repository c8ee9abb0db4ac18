import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { GiveawaysSection } from '../components/giveaways-section'

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

/** /pages/giveaways: open a giveaway, watch the entrants, draw and reroll, and the history of winners. */
export default function GiveawaysPage({ title }: { title: string }) {
  const { t } = useTranslation('giveaways')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="giveaways-page" need="owner">
      {(channel) => (
        <StyledStack>
          <GiveawaysSection key={channel.id} channelId={channel.id} />
        </StyledStack>
      )}
    </ChannelPage>
  )
}
