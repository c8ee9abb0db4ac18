import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Dialog, StyledDialogActions } from '../../../components/ui/dialog'
import { LoadingState } from '../../../components/ui/loading-state'
import { useToast } from '../../../components/ui/toast-provider'
import { AssistantCancelConnectionDocument, AssistantConfirmConnectionDocument, AssistantPendingConnectionDocument } from '../graphql/channels.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

/**
 * After the platform's consent the panel opens with ?confirm=<id>: nothing is linked yet.
 * This shows which platform account consented (display name and login) and links it only
 * when the user confirms; Cancel revokes it at the platform. An unknown or expired request
 * ends in an error toast.
 */
export function ConfirmConnectionDialog({ id, onDone, onConnected }: { id: string | null; onDone: () => void; onConnected: () => void }) {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const textId = useId()
  const { data, loading, error } = useQuery(AssistantPendingConnectionDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' })
  const [confirm, { loading: confirming }] = useMutation(AssistantConfirmConnectionDocument)
  const [cancel, { loading: cancelling }] = useMutation(AssistantCancelConnectionDocument)
  const reported = useRef<string | null>(null)
  const pending = id !== null ? data?.pendingChannelConnection : undefined
  const busy = confirming || cancelling

  useEffect(() => {
    if (!id || !error || reported.current === id) return
    reported.current = id
    toast.show({ variant: 'danger', title: t('connect.failedTitle'), message: errorText(error) })
    onDone()
  }, [id, error, toast, t, errorText, onDone])

  if (id === null || error) return null
  const platform = pending ? t(`platforms.${pending.platform}`) : ''
  const botAccount = Boolean(pending?.botForChannelId)

  async function handleConfirm() {
    if (!pending) return
    try {
      await confirm({ variables: { id: pending.id } })
      toast.show({
        variant: 'success',
        title: botAccount ? t('connect.botConnectedTitle', { platform }) : t('connect.connectedTitle', { platform }),
        message: botAccount ? t('connect.botConnectedMessage') : t('connect.connectedMessage'),
      })
      onConnected()
    } catch (caught) {
      toast.show({ variant: 'danger', title: t('connect.failedTitle'), message: errorText(caught) })
    }
    onDone()
  }

  async function handleCancel() {
    if (!pending) {
      onDone()
      return
    }
    try {
      await cancel({ variables: { id: pending.id } })
      toast.show({ variant: 'info', title: t('confirmConnection.cancelledTitle'), message: t('confirmConnection.cancelledMessage', { platform }) })
    } catch (caught) {
      toast.show({ variant: 'danger', title: t('confirmConnection.cancelFailed'), message: errorText(caught) })
    }
    onDone()
  }

  return (
    <Dialog
      open
      title={pending ? t('confirmConnection.title', { platform }) : t('confirmConnection.loadingTitle')}
      onClose={() => void handleCancel()}
      busy={busy}
      describedBy={textId}
      testId="confirm-connection-dialog"
    >
      {loading || !pending ? (
        <LoadingState />
      ) : (
        <>
          <p id={textId}>{botAccount ? t('confirmConnection.textBot', { platform }) : t('confirmConnection.text', { platform })}</p>
          <p>
            <strong data-testid="confirm-connection-name">{pending.displayName}</strong> <span data-testid="confirm-connection-login">({pending.login})</span>
          </p>
          <p>{t('confirmConnection.notYou', { platform })}</p>
          <StyledDialogActions>
            <Button variant="secondary" onClick={() => void handleCancel()} disabled={busy} data-autofocus data-testid="confirm-connection-cancel">
              {t('confirmConnection.cancel')}
            </Button>
            <Button onClick={() => void handleConfirm()} disabled={busy} aria-busy={confirming} data-testid="confirm-connection-accept">
              {t('confirmConnection.accept', { name: pending.displayName })}
            </Button>
          </StyledDialogActions>
        </>
      )}
    </Dialog>
  )
}
