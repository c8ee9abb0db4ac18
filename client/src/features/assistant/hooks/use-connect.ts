import { createElement, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-provider'
import type { Platform } from '../../../gql/types'
import { AssistantStartChannelConnectionDocument } from '../graphql/channels.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { type Grant, GrantDialog } from '../components/grant-dialog'

/**
 * Starts the platform's OAuth flow: the server answers the consent page's address and the
 * scopes it asks for (and sets the HttpOnly cookie that binds the round trip to this
 * browser); the user first sees what they are about to allow (`grantDialog`), then the
 * browser goes to the platform, which sends it back through /apps/oauth/<platform>/callback
 * to the panel with ?confirm=<id> or ?error=.
 */
export function useConnect() {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const [start] = useMutation(AssistantStartChannelConnectionDocument)
  const [pending, setPending] = useState<string | null>(null)
  const [grant, setGrant] = useState<Grant | null>(null)

  async function connect(platform: Platform, botForChannelId?: string) {
    const key = `${platform}:${botForChannelId ?? ''}`
    setPending(key)
    try {
      const { data } = await start({ variables: { platform, botForChannelId: botForChannelId ?? null } })
      const url = data?.startChannelConnection.authorizeUrl
      // Only ever leave for an http(s) consent page.
      if (!url || !/^https?:$/.test(new URL(url, window.location.href).protocol)) throw new Error('No usable authorize URL')
      setGrant({ platform, url, scopes: data.startChannelConnection.scopes, botAccount: Boolean(botForChannelId) })
    } catch (error) {
      setPending(null)
      toast.show({ variant: 'danger', title: t('connect.startFailed', { platform: t(`platforms.${platform}`) }), message: errorText(error) })
    }
  }

  const grantDialog = createElement(GrantDialog, {
    grant,
    onContinue: () => {
      if (grant) window.location.assign(grant.url)
    },
    onCancel: () => {
      setGrant(null)
      setPending(null)
    },
  })

  return {
    connect,
    pending,
    isPending: (platform: Platform, botForChannelId?: string) => pending === `${platform}:${botForChannelId ?? ''}`,
    grantDialog,
  }
}
