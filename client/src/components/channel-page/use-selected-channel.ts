import { useCallback } from 'react'
import { useAddressParams } from '../../lib/use-address-params'

/** The channel a page works on, kept in ?channel= (shareable, survives a reload); first one by default. */
export function useSelectedChannel<T extends { id: string }>(channels: readonly T[] | undefined) {
  const [params, change] = useAddressParams()
  const wanted = params.get('channel')
  const selected = channels?.find((channel) => channel.id === wanted) ?? channels?.[0] ?? null
  const select = useCallback(
    (id: string) => {
      change((next) => next.set('channel', id), { replace: true })
    },
    [change],
  )
  return { selected, select }
}
