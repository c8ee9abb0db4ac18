import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { keyframes, useTheme } from 'styled-components'
import { Icon } from './icon'

export type ToastVariant = 'success' | 'info' | 'warning' | 'danger'

export interface ToastInput {
  title: string
  message?: string
  variant?: ToastVariant
}

interface ToastItem extends Required<Omit<ToastInput, 'message'>> {
  id: number
  message?: string
}

interface ToastContextValue {
  show(toast: ToastInput): void
}

const ToastContext = createContext<ToastContextValue | null>(null)

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext)
  if (!value) throw new Error('useToast must be used inside <ToastProvider>')
  return value
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateX(1rem); }
  to { opacity: 1; transform: none; }
`

const StyledViewport = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.space.lg};
  right: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(${({ theme }) => theme.sizes.toastWidth}, calc(100vw - 2rem));
  pointer-events: none;
`

const StyledToast = styled.div<{ $variant: ToastVariant }>`
  pointer-events: auto;
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};
  border-left: 4px solid ${({ theme, $variant }) => theme.colors[$variant]};
  animation: ${slideIn} ${({ theme }) => theme.durations.fast} ease-out;
`

const StyledToastBody = styled.div`
  flex: 1;
  min-width: 0;
`

const StyledToastTitle = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.heading};
`

const StyledToastMessage = styled.p`
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledClose = styled.button`
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.sm};
  display: inline-flex;
`

function Toast({ toast, onDismiss, durationMs }: { toast: ToastItem; onDismiss: (id: number) => void; durationMs: number }) {
  const { t } = useTranslation()
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), durationMs)
    return () => clearTimeout(timer)
  }, [toast.id, onDismiss, durationMs])
  return (
    <StyledToast $variant={toast.variant} data-testid="toast">
      <StyledToastBody>
        <StyledToastTitle>{toast.title}</StyledToastTitle>
        {toast.message ? <StyledToastMessage>{toast.message}</StyledToastMessage> : null}
      </StyledToastBody>
      <StyledClose type="button" aria-label={t('toast.close')} onClick={() => onDismiss(toast.id)}>
        <Icon name="close" small />
      </StyledClose>
    </StyledToast>
  )
}

/** Toasts: top right, 3000 ms, no progress bar, announced politely, closable by keyboard. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const theme = useTheme()
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const value = useMemo<ToastContextValue>(
    () => ({
      show({ title, message, variant = 'info' }) {
        const id = nextId.current++
        setToasts((current) => [...current.slice(-4), { id, title, message, variant }])
      },
    }),
    [],
  )

  return (
    <ToastContext.Provider value={value}>
      {children}
      <StyledViewport role="status" aria-live="polite" aria-atomic="false">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} durationMs={theme.durations.toastMs} />
        ))}
      </StyledViewport>
    </ToastContext.Provider>
  )
}
