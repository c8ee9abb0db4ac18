import { type RefObject, useEffect } from 'react'

/**
 * Closes a popup (menu, dropdown, drawer) on Escape, on a pointer press outside
 * `container`, and when keyboard focus leaves it. Escape returns focus to `trigger`.
 */
export function useDismiss(open: boolean, onClose: () => void, container: RefObject<HTMLElement | null>, trigger?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return
    const root = container.current
    function onPointerDown(event: PointerEvent) {
      if (root && event.target instanceof Node && !root.contains(event.target)) onClose()
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      onClose()
      trigger?.current?.focus()
    }
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget
      if (root && next instanceof Node && !root.contains(next)) onClose()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    root?.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
      root?.removeEventListener('focusout', onFocusOut)
    }
  }, [open, onClose, container, trigger])
}
