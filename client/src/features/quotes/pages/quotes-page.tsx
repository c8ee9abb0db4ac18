import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { QuotesSection } from '../components/quotes-section'

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

/** /pages/quotes: the channel's quotes (!quote, !addquote in chat), browsed, edited and deleted. */
export default function QuotesPage({ title }: { title: string }) {
  const { t } = useTranslation('quotes')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="quotes-page" need="owner">
      {(channel) => (
        <StyledStack>
          <QuotesSection key={channel.id} channelId={channel.id} />
        </StyledStack>
      )}
    </ChannelPage>
  )
}
