import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { css } from 'styled-components'
import { StyledIconButton } from './button'
import { Icon } from './icon'

type Placement = 'center' | 'side'

const StyledDialog = styled.dialog<{ $placement: Placement }>`
  padding: 0;
  border: 0;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};

  &::backdrop {
    background: ${({ theme }) => theme.colors.backdrop};
  }

  ${({ $placement, theme }) =>
    $placement === 'side'
      ? css`
          margin: 0 0 0 auto;
          height: 100%;
          max-height: 100%;
          width: min(${theme.sizes.sidePanelWidth}, 100vw);
          max-width: 100vw;
          border-radius: 0;
        `
      : css`
          width: min(${theme.sizes.dialogWidth}, calc(100vw - ${theme.space.xxl}));
          max-height: calc(100vh - ${theme.space.xxxl});
          border-radius: ${theme.radii.lg};
        `}
`

const StyledInner = styled.div`
  display: flex;
  flex-direction: column;
  max-height: 100%;
  height: 100%;
`

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xl}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledBody = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  overflow-y: auto;
  flex: 1;
`

/** The buttons at the foot of a dialog, right-aligned. */
export const StyledDialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};

  /* A button too wide for the row goes to the next one whole: its label never breaks in two. */
  & > * {
    flex: 0 0 auto;
    white-space: nowrap;
  }
`

/** Gives the focus back to the control that opened the dialog, if it is still on the page. */
function restoreFocus(returnFocus: { current: HTMLElement | null }): void {
  const opener = returnFocus.current
  returnFocus.current = null
  if (opener?.isConnected) opener.focus()
}

export interface DialogProps {
  open: boolean
  title: string
  /** Escape, the close button and a click on the backdrop; ignored while `busy`. */
  onClose: () => void
  children: ReactNode
  busy?: boolean
  placement?: Placement
  testId?: string
  /** The dialog's role: alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog'
  describedBy?: string
}

/**
 * A modal on the native <dialog> (focus stays inside, Escape closes, the page behind is
 * inert). Content mounts only while open, so forms start fresh each time. The element
 * marked data-autofocus gets the focus when it opens; focus returns to what had it before.
 */
export function Dialog({ open, title, onClose, children, busy = false, placement = 'center', testId, role, describedBy }: DialogProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const pressedOnBackdrop = useRef(false)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      restoreFocus(returnFocus)
    }
  }, [open])

  // A dialog often closes by being unmounted (`{editing ? <Dialog open …/> : null}`): a layout
  // cleanup still has the element in the page, so it closes it and gives the focus back to the
  // control that opened it (a passive cleanup runs after the element has gone, the focus with it
  // to <body>, and the next Tab went to "Skip to main content").
  useLayoutEffect(() => {
    const dialog = ref.current
    return () => {
      if (!dialog?.open) return
      dialog.close()
      restoreFocus(returnFocus)
    }
  }, [])

  const requestClose = () => {
    if (!busy) onClose()
  }

  return (
    <StyledDialog
      ref={ref}
      $placement={placement}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      role={role}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        requestClose()
      }}
      // A press on the backdrop lands on the <dialog> itself; a drag that only ends there (e.g. selecting text) does not close.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedOnBackdrop.current) requestClose()
      }}
    >
      {open ? (
        <StyledInner>
          <StyledHeader>
            <h2 id={titleId}>{title}</h2>
            <StyledIconButton type="button" aria-label={t('common.close')} onClick={requestClose} disabled={busy}>
              <Icon name="close" small />
            </StyledIconButton>
          </StyledHeader>
          <StyledBody>{children}</StyledBody>
        </StyledInner>
      ) : null}
    </StyledDialog>
  )
}
