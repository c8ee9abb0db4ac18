import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { LeaveTeam } from '../components/leave-team'
import { TeamPanel } from '../components/team-panel'

/** /apps/team: the owner brings in moderators and editors; on a channel they help with, a member is told it is the owner's and may leave it. */
export default function TeamPage({ title }: { title: string }) {
  const { t } = useTranslation('team')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="team-page">
      {(channel) =>
        channel.myAccess.owner ? (
          <TeamPanel key={channel.id} channelId={channel.id} />
        ) : (
          <>
            <Alert variant="info" testId="team-not-owner">
              {t('notOwner', { group: t(`groups.${channel.myAccess.group ?? 'viewer'}`) })}
            </Alert>
            <LeaveTeam key={channel.id} channelId={channel.id} channelName={channel.displayName} />
          </>
        )
      }
    </ChannelPage>
  )
}
