import { useCallback, useLayoutEffect, useRef } from 'react'
import { type NavigateOptions, useSearchParams } from 'react-router-dom'

/**
 * `useSearchParams` whose change function builds on the latest address asked for, not on the
 * one its render saw. React Router hands a functional update the parameters of the render that
 * made the setter, so two changes before the next render commits (a filter picked, then a
 * search typed while the first navigation is still rendering on a busy machine) would lose the
 * first. The function returned is stable across renders.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams()
  const latest = useRef(params)
  const setRef = useRef(setParams)
  useLayoutEffect(() => {
    latest.current = params
    setRef.current = setParams
  }, [params, setParams])
  const change = useCallback((apply: (next: URLSearchParams) => void, options?: NavigateOptions) => {
    const next = new URLSearchParams(latest.current)
    apply(next)
    latest.current = next
    setRef.current(next, options)
  }, [])
  return [params, change] as const
}
