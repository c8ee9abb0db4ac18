import { useTranslation } from 'react-i18next'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { CountersSection } from '../components/counters-section'

/** /pages/counters: the channel's named counters (${counter name} in replies, !name +1 by moderators). */
export default function CountersPage({ title }: { title: string }) {
  const { t } = useTranslation('quotes')
  return (
    <ChannelPage title={title} intro={() => t('counters.pageIntro')} testId="counters-page" need="commands">
      {(channel) => <CountersSection key={channel.id} channelId={channel.id} />}
    </ChannelPage>
  )
}
