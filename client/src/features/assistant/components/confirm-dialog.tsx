import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ModalDialog, StyledDialogActions } from './modal-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
}

/** Asks before a destructive action; Cancel has the focus, so Enter never destroys by accident. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy = false, testId = 'confirm-dialog' }: ConfirmDialogProps) {
  const { t } = useTranslation('assistant');
  return (
    <ModalDialog open={open} title={title} onClose={onCancel} busy={busy} testId={testId}>
      {children}
      <StyledDialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus data-testid="confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy} data-testid="confirm-accept">
          {confirmLabel}
        </Button>
      </StyledDialogActions>
    </ModalDialog>
  );
}
