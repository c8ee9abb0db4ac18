import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useMutation } from '@apollo/client/react'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast-provider'
import { useErrorText } from '../../../lib/use-error-text'
import { TeamLeaveDocument } from '../graphql/team.generated'

/** A member leaves the team of a channel they help with, after confirming; the channel list is read again. */
export function LeaveTeam({ channelId, channelName }: { channelId: string; channelName: string }) {
  const { t } = useTranslation('team')
  const toast = useToast()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [leave, { loading }] = useMutation(TeamLeaveDocument, { refetchQueries: ['AssistantChannels'], awaitRefetchQueries: true })

  async function onConfirm() {
    try {
      await leave({ variables: { channelId } })
      setConfirming(false)
      toast.show({ variant: 'success', title: t('leave.done', { channel: channelName }) })
      void navigate('/apps/team', { replace: true })
    } catch (e) {
      setConfirming(false)
      toast.show({ variant: 'danger', title: t('failed'), message: errorText(e) })
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)} data-testid="team-leave">
        {t('leave.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('leave.title', { channel: channelName })}
        message={t('leave.message', { channel: channelName })}
        confirmLabel={t('leave.button')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        busy={loading}
        testId="team-leave-dialog"
        confirmTestId="team-leave-confirm"
      />
    </>
  )
}
