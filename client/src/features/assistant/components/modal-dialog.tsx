import { type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

const StyledDialog = styled.dialog`
  width: min(calc(${({ theme }) => theme.sizes.authCardWidth} * 1.4), calc(100vw - ${({ theme }) => theme.space.xxl}));
  max-height: calc(100vh - ${({ theme }) => theme.space.xxxl});
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 8px 32px ${({ theme }) => theme.colors.shadow};

  &::backdrop {
    background: ${({ theme }) => theme.colors.backdrop};
  }
`;

const StyledDialogBody = styled.div`
  padding: ${({ theme }) => theme.space.xl};
`;

const StyledDialogTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const StyledDialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
`;

export interface ModalDialogProps {
  open: boolean;
  title: string;
  /** Escape and the close request; ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal dialog on the native <dialog> element (focus stays inside, Escape closes, the
 * page behind is inert; focus returns to the opener). The element marked
 * data-autofocus gets the focus when it opens. Children mount only while open.
 */
export function ModalDialog({ open, title, onClose, busy = false, children, testId }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <StyledDialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <StyledDialogBody>
          <StyledDialogTitle id={titleId}>{title}</StyledDialogTitle>
          {children}
        </StyledDialogBody>
      ) : null}
    </StyledDialog>
  );
}
