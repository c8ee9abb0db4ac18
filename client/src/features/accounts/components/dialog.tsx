import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { StyledIconButton } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

type Placement = 'center' | 'side';

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
          width: min(30rem, 100vw);
          max-width: 100vw;
          border-radius: 0;
        `
      : css`
          width: min(32rem, calc(100vw - ${theme.space.xxl}));
          border-radius: ${theme.radii.lg};
        `}
`;

const StyledInner = styled.div`
  display: flex;
  flex-direction: column;
  max-height: 100%;
  height: 100%;
`;

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
`;

const StyledBody = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  overflow-y: auto;
  flex: 1;
`;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  placement?: Placement;
  testId?: string;
  /** The dialog's role: alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/**
 * A modal on the native <dialog> (focus stays inside, Escape closes, the page behind is
 * inert). Content mounts only while open, so forms start fresh each time; focus returns
 * to what had it before.
 */
export function Dialog({ open, onClose, title, children, placement = 'center', testId, role, describedBy }: DialogProps) {
  const { t } = useTranslation('accounts');
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
    }
  }, [open]);

  useEffect(
    () => () => {
      if (ref.current?.open) ref.current.close();
    },
    [],
  );

  return (
    <StyledDialog
      ref={ref}
      $placement={placement}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={role}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <StyledInner>
          <StyledHeader>
            <h2 id={titleId}>{title}</h2>
            <StyledIconButton type="button" aria-label={t('common.close')} onClick={onClose}>
              <Icon name="close" small />
            </StyledIconButton>
          </StyledHeader>
          <StyledBody>{children}</StyledBody>
        </StyledInner>
      ) : null}
    </StyledDialog>
  );
}

export const StyledDialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
