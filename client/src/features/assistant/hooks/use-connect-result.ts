import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useToast } from '../../../components/ui/toast-provider'
import { parseConnectResult, withoutConnectParams } from '../lib/connect-result'

/**
 * After the OAuth round trip the panel opens with ?confirm=<id> or ?error=<code>: an error
 * is shown once as a toast and the parameters removed (a reload does not repeat it); a
 * `confirm` is answered with the id the panel asks the user to confirm, and `done` removes
 * it once answered. `onConnected` runs after a successful connection (the caller refetches).
 */
export function useConnectResult(onConnected?: () => void): { confirmId: string | null; done: () => void } {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const handled = useRef<string | null>(null)
  const result = parseConnectResult(params)
  const signature = result ? params.toString() : null

  useEffect(() => {
    if (!result || result.kind === 'confirm' || handled.current === signature) return
    handled.current = signature
    if (result.kind === 'connected') {
      const platform = t(`platforms.${result.platform}`)
      toast.show({
        variant: 'success',
        title: result.botAccount ? t('connect.botConnectedTitle', { platform }) : t('connect.connectedTitle', { platform }),
        message: result.botAccount ? t('connect.botConnectedMessage') : t('connect.connectedMessage'),
      })
      onConnected?.()
    } else {
      toast.show({ variant: 'danger', title: t('connect.failedTitle'), message: t(`connect.errors.${result.code}`) })
    }
    setParams(withoutConnectParams(params), { replace: true })
  }, [result, signature, params, setParams, t, toast, onConnected])

  const done = useCallback(() => setParams((current) => withoutConnectParams(current), { replace: true }), [setParams])
  return { confirmId: result?.kind === 'confirm' ? result.id : null, done }
}
