import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'

/** The channel a page works on, kept in ?channel= (shareable, survives a reload); first one by default. */
export function useSelectedChannel<T extends { id: string }>(channels: readonly T[] | undefined) {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('channel')
  const selected = channels?.find((channel) => channel.id === wanted) ?? channels?.[0] ?? null
  const select = useCallback(
    (id: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('channel', id)
          return next
        },
        { replace: true },
      )
    },
    [setParams],
  )
  return { selected, select }
}
