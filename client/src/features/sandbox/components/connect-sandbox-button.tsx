import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast-provider'
import { SandboxConnectChannelDocument } from '../graphql/connect.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

/** "Connect a sandbox channel": the server connects a simulated channel at once (no redirect). */
export function ConnectSandboxButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('sandbox')
  const toast = useToast()
  const errorText = useErrorText()
  const [connect, { loading }] = useMutation(SandboxConnectChannelDocument, { refetchQueries: ['AssistantChannels'], awaitRefetchQueries: true })

  async function handleClick() {
    try {
      const { data } = await connect()
      if (data) toast.show({ variant: 'success', title: t('connected', { name: data.connectSandboxChannel.displayName }), message: t('connectedHint') })
    } catch (error) {
      toast.show({ variant: 'danger', title: t('connectFailed'), message: errorText(error) })
    }
  }

  return (
    <Button variant={primary ? 'primary' : 'secondary'} onClick={() => void handleClick()} disabled={loading} aria-busy={loading} data-testid="connect-sandbox">
      {loading ? t('connecting') : t('connect')}
    </Button>
  )
}
